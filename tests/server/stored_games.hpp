// Finished games written straight into a stopped server's database, as its tables store them:
// replay tests start the server on it and ask for their replays.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "niagara/json.hpp"
#include "niagara/record.hpp"
#include "random_game_record.hpp"
#include "replay_route.hpp"
#include "store.hpp"

namespace server_test {

struct StoredGame {
    long id = 0;
    std::string record_json;
    std::vector<niagara::server::ReplaySeat> seats;
};

// One three-player game between random bots per seed ("ann" and two bots).
inline std::vector<StoredGame> store_finished_games(const std::filesystem::path& data,
                                                    const std::vector<std::uint64_t>& seeds) {
    namespace srv = niagara::server;
    srv::Store store((data / "niagara.sqlite3").string());
    std::vector<StoredGame> games;
    for (const std::uint64_t seed : seeds) {
        const niagara::Record record = random_game_record(seed);
        StoredGame game;
        game.id = store.create_table("{}", "ann");
        game.record_json = niagara::record_to_json(record).dump();
        for (int seat = 0; seat < 3; ++seat) {
            const std::string name = seat == 0 ? "ann" : "bot-" + std::to_string(seat + 1);
            store.save_seat(
                game.id, srv::StoredSeat{seat, name,
                                         "t" + std::to_string(game.id) + "-" + std::to_string(seat),
                                         seat != 0, 0, false});
            game.seats.push_back(srv::ReplaySeat{name, seat != 0});
        }
        store.mark_started(game.id, niagara::options_to_json(record.options).dump());
        store.finish(game.id, game.record_json);
        games.push_back(std::move(game));
    }
    return games;
}

// GET /games/<id>/replay's path.
inline std::string replay_path(long game) {
    return "/games/" + std::to_string(game) + "/replay";
}

}  // namespace server_test
