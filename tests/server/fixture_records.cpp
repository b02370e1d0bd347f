// Following a connection's views from its frames, and checking a finished game's record.
#include "server_fixture.hpp"

#include <catch2/catch.hpp>

#include "niagara/json.hpp"
#include "niagara/notation.hpp"

namespace server_test {

// ---- following views ---------------------------------------------------------------------

Followed follow(const std::vector<Received>& frames, const FollowHook& each) {
    Followed f;
    f.view = nullptr;
    for (const Received& r : frames) {
        const Json before = f.view;
        const Json& m = r.message;
        if (r.type == "snapshot") {
            ++f.snapshots;
            const long version = m.at("version").get<long>();
            if (!f.view.is_null() && version == f.version) {
                ++f.compared;
                if (f.view != m.at("view"))
                    f.problems.push_back("the patched view differs from the snapshot at v" +
                                         std::to_string(version) + ": " +
                                         Json::diff(f.view, m.at("view")).dump());
            }
            f.view = m.at("view");
            f.version = version;
        } else if (r.type == "patch") {
            ++f.patches;
            const long from = m.at("from").get<long>(), to = m.at("to").get<long>();
            if (to != from + 1)
                f.problems.push_back("patch from v" + std::to_string(from) + " to v" +
                                     std::to_string(to));
            if (f.view.is_null() || from != f.version) {
                f.problems.push_back("patch from v" + std::to_string(from) + " while holding v" +
                                     std::to_string(f.version));
            } else {
                try {
                    f.view = f.view.patch(m.at("ops"));
                    f.version = to;
                } catch (const std::exception& e) {
                    f.problems.push_back("patch v" + std::to_string(from) +
                                         " does not apply: " + e.what());
                }
            }
        }
        if (each) each(r, before, f.view);
    }
    return f;
}

// ---- records -----------------------------------------------------------------------------

FinishedGame fetch_game(unsigned short port, long table) {
    FinishedGame g;
    g.response = http_get(port, "/games/" + std::to_string(table));
    if (g.response.status != 200) {
        g.problem = "GET /games/" + std::to_string(table) + ": status " +
                    std::to_string(g.response.status) + " " + g.response.error + " " +
                    g.response.body;
        return g;
    }
    g.json = Json::parse(g.response.body, nullptr, false);
    if (g.json.is_discarded()) {
        g.problem = "the record is not JSON: " + g.response.body.substr(0, 200);
        return g;
    }
    try {
        g.record = niagara::record_from_json(g.json);
    } catch (const std::exception& e) {
        g.problem = std::string("record_from_json: ") + e.what();
        return g;
    }
    g.replay = niagara::replay(*g.record);
    if (g.replay->failed_at)
        g.problem = "the record fails to replay at action " + std::to_string(*g.replay->failed_at) +
                    ": " + g.replay->reason;
    return g;
}

std::vector<std::string> action_texts(const niagara::Record& record) {
    std::vector<std::string> texts;
    for (const auto& a : record.actions)
        texts.push_back(niagara::to_text(a));
    return texts;
}

FinishedGame check_finished_game(unsigned short port, long table,
                                 const std::vector<Player*>& players) {
    INFO("table " << table);
    std::optional<Json> result;
    for (Player* p : players) {
        INFO(p->label);
        REQUIRE(p->ended);
        CHECK(p->ended->value("table", -1L) == table);
        const Json& r = p->ended->at("result");
        CHECK(r.at("over") == true);
        CHECK(r.at("abandoned") == false);
        if (!result)
            result = r;
        else
            CHECK(r == *result);
    }
    REQUIRE(result);
    const Json winners = result->at("winners");
    CHECK_FALSE(winners.empty());
    // The text names every winner.
    for (Player* p : players) {
        const Json& v = p->client->view();
        if (!v.contains("table")) continue;
        for (const auto& w : winners) {
            const std::string name = v["table"]["seats"][w.get<std::size_t>()]["name"];
            INFO(p->label << " ended: " << p->ended->dump());
            CHECK(p->ended->at("text").get<std::string>().find(name) != std::string::npos);
        }
    }

    FinishedGame g = fetch_game(port, table);
    INFO(g.problem);
    REQUIRE(g.problem.empty());
    CHECK(g.json.value("format", "") == "niagara-record/1");
    CHECK(niagara::is_over(g.replay->state));
    CHECK(Json(niagara::winners(g.replay->state)) == winners);
    CHECK(niagara::result_to_json(g.replay->state) == *result);

    for (Player* p : players) {
        INFO(p->label);
        CHECK(p->client->patch_gaps() == 0);
        Followed f = follow(p->frames);
        for (const auto& problem : f.problems)
            FAIL_CHECK(problem);
        CHECK(f.patches > 0);
        CHECK(f.view == p->client->view());
        REQUIRE(f.view.is_object());
        const Json& seat = f.view.at("seat");
        const Json engine_view = seat.is_null()
                                     ? niagara::spectator_view(g.replay->state)
                                     : niagara::seat_view(g.replay->state, seat.get<int>());
        INFO("difference: " << Json::diff(f.view.at("game"), engine_view).dump());
        CHECK(f.view.at("game") == engine_view);
    }
    return g;
}

}  // namespace server_test
