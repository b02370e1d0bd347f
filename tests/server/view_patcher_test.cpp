// The server's per-viewer patches (server/src/view_patcher.hpp): in thousands of random game
// steps, every seat's and the spectators' patches turn the view they hold into exactly the
// engine's fresh view of the new state, and no patch carries another seat's chosen card.
#include <algorithm>
#include <catch2/catch.hpp>

#include "niagara/json.hpp"
#include "niagara/random_bot.hpp"
#include "option_variants.hpp"
#include "property_scale.hpp"
#include "view_patcher.hpp"

using namespace niagara;
using niagara::server::ViewPatcher;

namespace {

Json table_part(int names_changed) {
    return Json{{"id", 1}, {"names", names_changed}};
}

Json fresh_view(const Json& table, const State& s, int seat) {
    return Json{{"table", table},
                {"game", seat >= 0 ? seat_view(s, seat) : spectator_view(s)},
                {"seat", seat >= 0 ? Json(seat) : Json(nullptr)}};
}

std::vector<std::string> sorted(const Json& ops) {
    std::vector<std::string> out;
    for (const Json& op : ops)
        out.push_back(op.dump());
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

TEST_CASE("views: patches from version to version equal the engine's fresh views (R3.6)",
          "[views][property]") {
    // 600 actions of each variant's game, 200 in the sanitizer run (NIAGARA_PROPERTY_GAMES=400:
    // there every view is built and compared at a tenth of the speed).
    const long steps = std::min(600L, test::property_scale(3000, 200));
    long checked = 0;
    for (int variant = 0; variant < test::kOptionVariants; ++variant) {
        const Options o = test::option_variant(variant, std::uint64_t(variant + 101));
        State s = new_game(o);
        RandomBot bot(o.seed);

        ViewPatcher views;
        views.update(table_part(0), nullptr);  // the table before its game starts
        std::vector<Json> held(std::size_t(o.players) + 1);
        for (int seat = 0; seat < o.players; ++seat)
            held[std::size_t(seat)] = views.seat_view(seat);
        held.back() = views.spectator_view();

        // The start replaces the whole game: every viewer needs a snapshot.
        views.update(table_part(0), &s);
        for (int seat = 0; seat < o.players; ++seat) {
            CHECK_FALSE(views.seat_patch(seat).has_value());
            held[std::size_t(seat)] = views.seat_view(seat);
        }
        held.back() = views.spectator_view();

        for (int step = 0; step < steps && !is_over(s); ++step) {
            std::vector<Json> before;  // every viewer's fresh view, spectator first
            for (int seat = -1; seat < o.players; ++seat)
                before.push_back(fresh_view(table_part(step / 50), s, seat));
            REQUIRE(apply(s, bot.pick_action(s, bot.pick_seat(s))).ok);
            const int names = (step + 1) / 50;  // now and then the table part changes too
            // The table says what it says only when it changed; now and then it repeats it.
            std::optional<Json> table;
            if (names != step / 50 || step % 7 == 0) table = table_part(names);
            views.update(table, &s);
            for (int seat = -1; seat < o.players; ++seat) {
                Json& mine = seat >= 0 ? held[std::size_t(seat)] : held.back();
                const auto text = seat >= 0 ? views.seat_patch(seat) : views.spectator_patch();
                REQUIRE(text.has_value());
                const Json ops = Json::parse(*text);
                mine.patch_inplace(ops);
                const Json expected = fresh_view(table_part(names), s, seat);
                REQUIRE(mine == expected);
                REQUIRE((seat >= 0 ? views.seat_view(seat) : views.spectator_view()) == expected);
                // The same operations as diffing the whole views (so nothing more is said,
                // in particular no hidden card), only in another order.
                REQUIRE(sorted(ops) == sorted(Json::diff(before[std::size_t(seat + 1)], expected)));
                ++checked;
            }
        }
    }
    CHECK(checked > steps * 15);  // every viewer of every variant, most games still running
}
