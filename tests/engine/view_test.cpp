// R3.6: what each seat and the spectators may see. A chosen card stays secret from everyone but
// its owner until it is revealed in phase II.
#include <algorithm>

#include "engine/scenario.hpp"
#include "engine/sorted_ops.hpp"
#include "niagara/random_bot.hpp"
#include "option_variants.hpp"
#include "property_scale.hpp"

using namespace niagara;

namespace {

State started(bool memory) {
    Options o;
    o.players = 4;
    o.seed = 7;
    o.starting_seat = 0;
    o.memory = memory;
    return new_game(o);
}

}  // namespace

TEST_CASE("R3.6: other seats and spectators see the same thing whichever card a seat chose",
          "[view][R3.6]") {
    for (bool memory : {false, true}) {
        const State start = started(memory);
        std::vector<Json> views_of_others;
        std::vector<Log> logs;
        for (int card = 0; card < kCardKinds; ++card) {
            if (!(start.rules.deck & card_bit(Card(card)))) continue;
            State s = start;
            Log log;
            REQUIRE(apply(s, Action::play(2, Card(card)), &log).ok);
            logs.push_back(log);
            CHECK(logs.back() == logs.front());  // the log says only that a card was chosen
            Json views =
                Json::array({seat_view(s, 0), seat_view(s, 1), seat_view(s, 3), spectator_view(s)});
            if (!views_of_others.empty()) CHECK(views == views_of_others.front());
            views_of_others.push_back(views);
            // The owner sees his choice.
            CHECK(seat_view(s, 2)["seats"][2]["chosen"] == card_name(Card(card)));
            CHECK(seat_view(s, 1)["seats"][2]["has_chosen"] == true);
            CHECK_FALSE(seat_view(s, 1)["seats"][2].contains("chosen"));
        }
    }
}

TEST_CASE("R3.2/R3.6: a card becomes public when its owner's turn reveals it", "[view][R3.6]") {
    State s = started(false);
    test::act(s, 0, "play 4");
    test::act(s, 1, "play 2");
    test::act(s, 2, "play 6");
    CHECK(spectator_view(s)["seats"][0]["revealed"] == nullptr);
    test::act(s, 3, "play 5");  // phase II starts with seat 0, whose 4 is revealed
    const Json v = spectator_view(s);
    CHECK(v["seats"][0]["revealed"] == "4");
    CHECK(v["seats"][0]["discard"] == Json::array({"4"}));
    CHECK(v["seats"][1]["revealed"] == nullptr);  // seat 1's turn has not come yet
    CHECK(v["seats"][1]["hand"].size() == 7);     // its 2 is still among its unrevealed cards
    CHECK(v["turn"]["seat"] == 0);
}

TEST_CASE("R3.6: memory mode shows only the top card of other discard stacks", "[view][R3.6]") {
    auto s = test::state(R"({"options": {"players": 3, "memory": true, "starting_seat": 0},
        "seats": [{"discard": ["1", "5"]}, {"discard": ["2", "3"]}, {"discard": ["6", "4"]}]})");
    const Json v = seat_view(s, 0);
    CHECK(v["seats"][0]["discard"] == Json::array({"1", "5"}));  // his own stack
    CHECK(v["seats"][0]["hand"] == Json::array({"2", "3", "4", "6", "cloud"}));
    CHECK(v["seats"][1]["discard_top"] == "3");
    CHECK_FALSE(v["seats"][1].contains("discard"));
    CHECK_FALSE(v["seats"][1].contains("hand"));
    CHECK(v["seats"][1]["hand_size"] == 5);
    const Json open = seat_view(test::state(R"({"options": {"players": 3},
        "seats": [{}, {"discard": ["2", "3"]}, {}]})"),
                                0);
    CHECK(open["seats"][1]["discard"] == Json::array({"2", "3"}));  // default: all public
    CHECK(open["seats"][1]["hand"].size() == 5);
}

TEST_CASE("R10/R11: views show the whirlpool, beaver, elk, Joe and lassoed canoes",
          "[view][spirits][joe]") {
    auto s = test::state(
        R"({"options": {"players": 3, "spirits": true, "diamond_joe": true, "starting_seat": 0},
        "whirlpool": "L6", "beaver": "T2", "elk": {"at": "canoe", "seat": 1, "canoe": 0},
        "joe": {"pos": "T4", "cargo": ["clear"]},
        "seats": [{"canoes": [{"where": "bank", "pos": "T3", "cargo": ["violet"]}, {"where": "land"}]},
                  {"canoes": [{"where": "river", "pos": "L7", "cargo": ["red", "red"]}, {"where": "land"}]}, {}]})");
    for (const Json& v : {spectator_view(s), seat_view(s, 2)}) {
        CHECK(v["whirlpool"] == "L6");
        CHECK(v["beaver"] == "T2");
        CHECK(v["elk"] == Json::parse(R"({"at": "canoe", "seat": 1, "canoe": 0})"));
        CHECK(v["joe"] == Json::parse(R"({"pos": "T4", "cargo": ["clear"]})"));
        CHECK(v["seats"][0]["canoes"][0] ==
              Json::parse(R"({"where": "bank", "pos": "T3", "cargo": ["violet"]})"));
        CHECK(v["seats"][1]["canoes"][0]["cargo"] ==
              Json::array({"red", "red"}));  // the double canoe
    }
    CHECK(spectator_view(new_game(Options{})).at("whirlpool") == nullptr);  // base game: none
}

TEST_CASE("state_from_view: a seat's view yields exactly its legal actions (R3.6, R12.2)",
          "[view][property]") {
    int checked = 0;
    for (int variant = 0; variant < test::kOptionVariants; ++variant) {
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            State s = new_game(test::option_variant(variant, seed));
            RandomBot bot(seed);
            for (int step = 0; step < 400 && !is_over(s); ++step) {
                const int seat = bot.pick_seat(s);
                const State seen = state_from_view(seat_view(s, seat));
                if (legal_actions(seen, seat) != legal_actions(s, seat))
                    FAIL("view of seat " << seat << " gives other legal actions\nview: "
                                         << seat_view(s, seat).dump());
                ++checked;
                REQUIRE(apply(s, bot.pick_action(s, seat)).ok);
            }
        }
    }
    CHECK(checked > 1000);
}

TEST_CASE("seat_entry_view: a seat's view is the spectator's with its own entry (R3.6)",
          "[view][property]") {
    int checked = 0;
    for (int variant = 0; variant < test::kOptionVariants; ++variant) {
        const Options o = test::option_variant(variant, std::uint64_t(variant + 11));
        State s = new_game(o);
        RandomBot bot(o.seed);
        for (int step = 0; step < 300 && !is_over(s); ++step) {
            const Json spectator = spectator_view(s);
            for (int viewer = 0; viewer < s.players(); ++viewer) {
                Json expected = spectator;
                expected["you"] = viewer;
                expected["seats"][std::size_t(viewer)] = seat_entry_view(s, viewer, viewer);
                REQUIRE(expected == seat_view(s, viewer));
                for (int seat = 0; seat < s.players(); ++seat)
                    REQUIRE(seat_entry_view(s, seat, viewer) ==
                            seat_view(s, viewer)["seats"][std::size_t(seat)]);
                ++checked;
            }
            REQUIRE(apply(s, bot.pick_action(s, bot.pick_seat(s))).ok);
        }
    }
    CHECK(checked > 3000);
}

using test::sorted_ops;

// The part-by-part diffs build only what changed, and give exactly json::diff's operations.
TEST_CASE("view diffs: part by part, exactly json::diff of the parts (R3.6)", "[view][property]") {
    long steps = 0, entries = 0;
    // Seeds per variant: 7 at the default scale, 2 in the release run, 1 under the sanitizers.
    const long seeds = test::property_scale(7, 1);
    for (int variant = 0; variant < test::kOptionVariants; ++variant) {
        for (std::uint64_t seed = 21; seed < 21 + std::uint64_t(seeds); ++seed) {
            const Options o = test::option_variant(variant, seed + std::uint64_t(variant));
            State s = new_game(o);
            RandomBot bot(o.seed);
            for (int step = 0; step < 400 && !is_over(s); ++step) {
                const State before = s;
                REQUIRE(apply(s, bot.pick_action(s, bot.pick_seat(s))).ok);
                Json ops = Json::array();
                append_view_fields_diff(before, s, "/game", ops);
                Json expected = Json::diff(view_fields(before), view_fields(s));
                for (Json& op : expected)
                    op["path"] = "/game" + op["path"].get<std::string>();
                REQUIRE(sorted_ops(ops) == sorted_ops(expected));
                // As text: the same operations, and in an order that applies.
                std::string text;
                append_view_fields_diff(before, s, "", text);
                Json fields = view_fields(before);
                fields.patch_inplace(Json::parse("[" + text + "]"));
                REQUIRE(fields == view_fields(s));
                text.clear();
                append_view_fields_diff(before, s, "/game", text);
                REQUIRE(sorted_ops(Json::parse("[" + text + "]")) == sorted_ops(expected));
                for (int seat = 0; seat < s.players(); ++seat)
                    for (int viewer = -1; viewer < s.players(); ++viewer) {
                        Json entry_ops = Json::array();
                        append_seat_entry_diff(before, s, seat, viewer, "", entry_ops);
                        REQUIRE(sorted_ops(entry_ops) ==
                                sorted_ops(Json::diff(seat_entry_view(before, seat, viewer),
                                                      seat_entry_view(s, seat, viewer))));
                        entries += !entry_ops.empty();
                        std::string entry_text;
                        append_seat_entry_diff(before, s, seat, viewer, "", entry_text);
                        Json entry = seat_entry_view(before, seat, viewer);
                        entry.patch_inplace(Json::parse("[" + entry_text + "]"));
                        REQUIRE(entry == seat_entry_view(s, seat, viewer));
                        REQUIRE(sorted_ops(Json::parse("[" + entry_text + "]")) ==
                                sorted_ops(entry_ops));
                    }
                // Both of a seat's texts at once (a server's): each is the one-viewer text to
                // the byte, so the fields it writes once for both are the same for every viewer.
                for (int seat = 0; seat < s.players(); ++seat) {
                    std::string others, own, others_alone, own_alone;
                    append_seat_entry_diffs(before, s, seat, "/e", others, own);
                    append_seat_entry_diff(before, s, seat, -1, "/e", others_alone);
                    append_seat_entry_diff(before, s, seat, seat, "/e", own_alone);
                    REQUIRE(others == others_alone);
                    REQUIRE(own == own_alone);
                    for (int viewer = 0; viewer < s.players(); ++viewer) {
                        if (viewer == seat) continue;
                        std::string seen;
                        append_seat_entry_diff(before, s, seat, viewer, "/e", seen);
                        REQUIRE(seen == others);  // another seat sees what spectators see
                    }
                }
                ++steps;
            }
        }
    }
    // About 3,200 steps per seed (every variant, 400 steps or to the end).
    CHECK(steps > 2500 * seeds);
    CHECK(entries > 5000 * seeds);
}
