// The views' diffs written as text (engine/src/patch_text.hpp): exactly nlohmann::json::diff's
// operations, on any JSON, not only on the shapes a view has.
#include <catch2/catch.hpp>

#include <random>

#include "../../engine/src/patch_text.hpp"
#include "engine/sorted_ops.hpp"

using niagara::Json;

namespace {

// A small random JSON value: nested arrays and objects whose keys need RFC 6901 escapes, and
// numbers that are equal across signed and unsigned.
Json random_json(std::mt19937& rng, int depth) {
    const int kind = int(rng() % (depth > 2 ? 5 : 7));
    switch (kind) {
        case 0:
            return nullptr;
        case 1:
            return rng() % 2 == 0;
        case 2:
            return rng() % 2 ? Json(int(rng() % 3)) : Json(unsigned(rng() % 3));
        case 3:
            return std::string(1, char('a' + rng() % 3));
        case 4:
            return 0.5 * double(rng() % 3);
        case 5: {
            Json a = Json::array();
            for (unsigned i = rng() % 4; i > 0; --i)
                a.push_back(random_json(rng, depth + 1));
            return a;
        }
        default: {
            static const char* const kKeys[] = {"a", "b", "c/d", "e~f", "~/", ""};
            Json o = Json::object();
            for (unsigned i = rng() % 4; i > 0; --i)
                o[kKeys[rng() % 6]] = random_json(rng, depth + 1);
            return o;
        }
    }
}

// Changes a few places of `value` at random, so that the diffs are mostly small.
Json mutated(std::mt19937& rng, Json value) {
    if (rng() % 4 == 0) return random_json(rng, 1);
    if (value.is_array() && !value.empty()) {
        const std::size_t i = rng() % value.size();
        value[i] = mutated(rng, value[i]);
        if (rng() % 3 == 0) value.push_back(random_json(rng, 2));
        if (rng() % 3 == 0) value.erase(value.size() - 1);
    } else if (value.is_object() && !value.empty()) {
        auto it = value.begin();
        std::advance(it, long(rng() % value.size()));
        *it = mutated(rng, *it);
        if (rng() % 3 == 0) value.erase(it);
        if (rng() % 3 == 0) value["e~f"] = random_json(rng, 2);
    }
    return value;
}

}  // namespace

TEST_CASE("patch text: any two values give json::diff's operations, and they apply", "[json][property]") {
    std::mt19937 rng(7);
    long changed = 0;
    for (int i = 0; i < 20000; ++i) {
        const Json before = random_json(rng, 0);
        const Json after = mutated(rng, before);
        std::string text;
        niagara::detail::append_diff_text(text, before, after, "/p~1");
        const Json ops = Json::parse("[" + text + "]");
        Json expected = Json::diff(before, after);
        for (Json& op : expected)
            op["path"] = "/p~1" + op["path"].get<std::string>();
        INFO(before.dump() << " -> " << after.dump());
        REQUIRE(test::sorted_ops(ops) == test::sorted_ops(expected));
        Json patched = Json{{"p/", before}};
        patched.patch_inplace(ops);
        REQUIRE(patched == Json{{"p/", after}});
        changed += !ops.empty();
    }
    CHECK(changed > 5000);
}
