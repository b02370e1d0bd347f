// render() writes patterns of plain text and {name} arguments itself and gives the rest to ICU's
// MessageFormat: for every key of every language, with arguments of every kind (text in and
// beyond ASCII, numbers, nested texts, seats, lists, missing ones, hostile nesting), it gives
// exactly what ICU alone gives.
#include <catch2/catch.hpp>

#include <regex>
#include <string>
#include <vector>

#include "niagara/i18n/i18n.hpp"

namespace {

using niagara::i18n::Json;
namespace i18n = niagara::i18n;

// The argument names a pattern mentions ("{name}", "{n, plural, ...}"), in order.
std::vector<std::string> argument_names(const std::string& pattern) {
    static const std::regex name(R"(\{\s*([A-Za-z_][A-Za-z0-9_]*))");
    std::vector<std::string> names;
    for (auto it = std::sregex_iterator(pattern.begin(), pattern.end(), name);
         it != std::sregex_iterator(); ++it)
        names.push_back((*it)[1]);
    return names;
}

// The kinds of value an argument can take, the `variant`-th for argument number `i`.
Json value(int variant, std::size_t i) {
    const Json nested_text{{"key", "common.seat"}, {"args", {{"n", 3}}}};
    switch ((variant + int(i)) % 11) {
        case 9: return 7;  // written without ICU
        case 10: return 999;
        case 0: return "canoe 1 up 2";
        case 1: return "Zo\xc3\xab \xe2\x80\x94 \xc4\x8d";  // beyond ASCII
        case 2: return 1234;
        case 3: return 2.5;
        case 4: return nested_text;
        case 5: return Json{{"seat", 1}};
        case 6: return Json::array({"a", 2, nested_text});
        case 7: return nullptr;  // a bad argument: "?"
        default: return Json{{"key", "protocol.news.e"}, {"args", {{"event", nested_text}}}};
    }
}

}  // namespace

TEST_CASE("render: every pattern gives what ICU's MessageFormat gives", "[i18n][render]") {
    const std::vector<std::string> seat_names = {"alice", "b\xc3\xb6" "b"};
    long compared = 0;
    for (const std::string_view lang : i18n::kLanguages) {
        for (const auto& [key, pattern] : i18n::catalog(lang).items()) {
            if (!pattern.is_string()) continue;
            const auto names = argument_names(pattern.get<std::string>());
            for (int variant = 0; variant < 11; ++variant) {
                Json args = Json::object();
                for (std::size_t i = 0; i < names.size(); ++i)
                    if (variant != 8 || i % 2 == 0) args[names[i]] = value(variant, i);  // some missing
                for (const auto* names_given : {static_cast<const std::vector<std::string>*>(nullptr),
                                                &seat_names}) {
                    INFO(lang << " " << key << " " << args.dump());
                    CHECK(i18n::render(lang, key, args, names_given) ==
                          i18n::render_through_icu(lang, key, args, names_given));
                    ++compared;
                }
            }
        }
    }
    // Hostile nesting: a text inside itself beyond the depth limit, and arguments not an object.
    Json deep = {{"key", "protocol.news.e"}, {"args", {{"event", "x"}}}};
    for (int i = 0; i < 20; ++i)
        deep = {{"key", "protocol.news.e"}, {"args", {{"event", deep}}}};
    for (const Json& args : {deep["args"], Json("not an object"), Json::array({1, 2})}) {
        CHECK(i18n::render("en", "protocol.news.e", args) ==
              i18n::render_through_icu("en", "protocol.news.e", args));
        ++compared;
    }
    INFO(compared << " renders compared");
    CHECK(compared > 10000);
}
