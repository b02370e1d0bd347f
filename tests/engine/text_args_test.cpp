// TextArgs holds a text's arguments as the JSON text nlohmann::json's dump() writes for the same
// object: every way of building one (the list constructor, set(), append()) must give exactly
// that text, whatever the order the members come in, since the servers send it as it is.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "niagara/text.hpp"

using niagara::Json;
using niagara::TextArgs;
using niagara::TextValue;

namespace {

const std::vector<std::string> kNames = {"a", "b", "canoe", "end", "first", "pos", "second",
                                         "seat", "steps", "unloaded", "loaded", "z"};

struct Member {
    std::string name;
    Json value;
};

Json random_value(std::mt19937& rng) {
    switch (rng() % 4) {
        case 0: return int(rng() % 2000) - 1000;
        case 1: return std::string("T") + std::to_string(rng() % 10);
        case 2: return "quote \" backslash \\ é \x01";
        default: return Json{{"key", "common.gem.red"}, {"n", int(rng() % 5)}};
    }
}

TextValue as_value(const Json& v) {
    if (v.is_number_integer()) return TextValue(v.get<int>());
    if (v.is_string()) return TextValue(v.get<std::string>());
    return TextValue::raw(v.dump());
}

}  // namespace

TEST_CASE("TextArgs: set() and append() write what dump() writes, in any order", "[text]") {
    std::mt19937 rng(20261201);
    for (int round = 0; round < 2000; ++round) {
        // Up to 12 members, a name sometimes given twice (the later value wins).
        std::vector<Member> members;
        const int count = int(rng() % (TextArgs::kMostMembers + 1));
        for (int i = 0; i < count; ++i)
            members.push_back({kNames[rng() % kNames.size()], random_value(rng)});
        Json expected = Json::object();
        for (const Member& m : members)
            expected[m.name] = m.value;
        INFO("round " << round << ": " << expected.dump());

        TextArgs by_set;
        for (const Member& m : members)
            by_set.set(m.name, as_value(m.value));
        CHECK(by_set.dump() == expected.dump());

        // append() in the given order: in place while the names ascend, as set() when not.
        TextArgs by_append;
        for (const Member& m : members)
            by_append.append(m.name, as_value(m.value).json());
        CHECK(by_append.dump() == expected.dump());

        // The way a hot caller uses it: each name once, in name order.
        std::vector<Member> sorted;
        for (const auto& [name, value] : expected.items())
            sorted.push_back({name, value});
        TextArgs in_order;
        for (const Member& m : sorted)
            in_order.append(m.name, as_value(m.value).json());
        CHECK(in_order.dump() == expected.dump());
        CHECK(in_order == by_set);
        CHECK(in_order.json() == expected);

        // And a member set afterwards lands in its place among the appended ones.
        in_order.set("m", TextValue(7));
        expected["m"] = 7;
        CHECK(in_order.dump() == expected.dump());
    }
}

TEST_CASE("TextArgs: a thirteenth member is refused, however it is added", "[text]") {
    TextArgs args;
    for (std::size_t i = 0; i < TextArgs::kMostMembers; ++i)
        args.append(std::string(1, char('a' + i)), "1");
    const std::string before = args.dump();
    CHECK_THROWS_AS(args.append("z", "1"), std::length_error);
    CHECK_THROWS_AS(args.set("y", TextValue(1)), std::length_error);
    CHECK(args.dump() == before);
    args.append("a", "2");  // replacing a member is not adding one
    CHECK(args.json()["a"] == 2);
}
