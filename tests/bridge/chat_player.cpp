#include "chat_player.hpp"

#include <regex>

#include "niagara/bot.hpp"
#include "niagara/notation.hpp"

namespace bridge_test {

std::vector<std::string> secrets_in_public_line(const std::string& text) {
    static const std::regex token("[0-9a-f]{32}");
    static const char* const kPrivateWords[] = {"You chose", "hidden until", "choose your card",
                                                "your turn", "Your hand",    "resume"};
    std::vector<std::string> found;
    for (const char* words : kPrivateWords)
        if (text.find(words) != std::string::npos) found.emplace_back(words);
    if (std::regex_search(text, token)) found.emplace_back("a token");
    return found;
}

bool SiteUser::got(const std::string& type, const std::string& text_part) const {
    for (const auto& m : *received)
        if (m.value("type", "") == type && m.value("text", "").find(text_part) != std::string::npos)
            return true;
    return false;
}

SiteUser open_site_user(boost::asio::io_context& io, unsigned short port,
                        std::vector<std::string> opening) {
    niagara::client::GameClient::Settings settings;
    settings.port = port;
    settings.auto_play = false;
    settings.opening = std::move(opening);
    SiteUser user{std::make_shared<niagara::client::GameClient>(io, settings),
                  std::make_shared<std::vector<nlohmann::json>>()};
    user.client->on_message = [received = user.received](niagara::client::GameClient&,
                                                         const nlohmann::json& m,
                                                         const std::string&) {
        received->push_back(m);
    };
    user.client->start();
    return user;
}

std::shared_ptr<niagara::client::GameClient> watch_table(boost::asio::io_context& io,
                                                         unsigned short port, long table) {
    niagara::client::GameClient::Settings settings;
    settings.port = port;
    settings.auto_play = false;
    settings.opening = {"/watch " + std::to_string(table)};
    auto client = std::make_shared<niagara::client::GameClient>(io, settings);
    client->start();
    return client;
}

bool is_card_prompt(const std::string& line) {
    return line.find(": choose your card:") != std::string::npos;
}

std::vector<std::string> offered_decisions(const std::string& line) {
    std::vector<std::string> out;
    if (!line.starts_with("Table #")) return out;
    if (is_card_prompt(line)) {
        const auto from = line.find(": choose your card:") + 19;
        const auto to = line.find(". Answer here");
        std::string list = line.substr(from, to - from);
        std::size_t start = 0;
        while (start < list.size()) {
            auto comma = list.find(',', start);
            std::string card =
                list.substr(start, comma == std::string::npos ? comma : comma - start);
            card.erase(0, card.find_first_not_of(' '));
            card.erase(card.find_last_not_of(' ') + 1);
            if (!card.empty()) out.push_back("play " + card);
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
        return out;
    }
    const auto turn = line.find("your turn");
    if (turn == std::string::npos) return out;
    std::string list = line.substr(line.find(':', turn) + 1);
    if (auto more = list.find(" (and "); more != std::string::npos) list.erase(more);
    std::size_t start = 0;
    while (start <= list.size()) {
        auto bar = list.find(" | ", start);
        std::string option = list.substr(start, bar == std::string::npos ? bar : bar - start);
        if (auto arrow = option.find(" →"); arrow != std::string::npos) option.erase(arrow);
        option.erase(0, option.find_first_not_of(' '));
        option.erase(option.find_last_not_of(' ') + 1);
        if (!option.empty()) out.push_back(option);
        if (bar == std::string::npos) break;
        start = bar + 3;
    }
    return out;
}

std::optional<std::pair<long, int>> seat_from_line(const std::string& line) {
    static const std::regex seated(R"(table #(\d+), seat (\d+)\.)");
    std::smatch m;
    if (!(line.starts_with("You sit at") || line.starts_with("Welcome back")) ||
        !std::regex_search(line, m, seated))
        return std::nullopt;
    return std::pair<long, int>{std::stol(m[1]), std::stoi(m[2]) - 1};
}

bool view_agrees(const Json& game, int seat, bool card_prompt) {
    if (!game.is_object()) return false;
    const std::string phase = game.value("phase", "");
    if (card_prompt != (phase == "choose")) return false;
    for (const auto& s : game.value("acting", Json::array()))
        if (s.is_number_integer() && s.get<int>() == seat) return true;
    return false;
}

std::optional<std::string> greedy_decision(const Json& game, int seat,
                                           const std::optional<std::string>& chosen,
                                           std::uint64_t seed) {
    try {
        Json view = game;
        view["you"] = seat;
        auto& own = view["seats"][static_cast<std::size_t>(seat)];
        own["chosen"] = chosen ? Json(*chosen) : Json(nullptr);
        if (!own.contains("discard")) own["discard"] = Json::array();
        const auto bot = niagara::make_bot(niagara::BotLevel::Greedy, seed);
        return niagara::to_text(bot->decide(view));
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

void SeatPlayer::heard(const std::string& received) {
    // A throttled bridge merges waiting lines into one message (output_queue.hpp).
    static constexpr std::string_view joiner = " \u2016 ";
    std::size_t start = 0;
    while (true) {
        const auto at = received.find(joiner, start);
        heard_one(received.substr(start, at == std::string::npos ? at : at - start));
        if (at == std::string::npos) return;
        start = at + joiner.size();
    }
}

void SeatPlayer::heard_in_channel(const std::string& nick, const std::string& line) {
    const std::string to = nick + ": ";
    if (line.starts_with(to)) heard(line.substr(to.size()));
}

void SeatPlayer::heard_one(const std::string& line) {
    if (auto s = seat_from_line(line)) seat = s;
    if (line.starts_with("You chose ")) chosen = line.substr(10, line.find(' ', 10) - 10);
    if (!offered_decisions(line).empty()) {
        prompt_ = line;
        since_ = std::chrono::steady_clock::now();
        sent_ = false;
        if (is_card_prompt(line)) chosen.reset();
    } else if (sent_ && !prompt_.empty() && !line.starts_with("You chose ") &&
               !line.starts_with("You sit at") && !line.starts_with("Welcome back") &&
               !line.starts_with("Your hand") && !line.starts_with("The game at") &&
               !line.starts_with("Your seat key") && !line.starts_with("table #")) {
        // Anything else after a decision is its refusal (a decision on a stale view: "canoe 2
        // has already moved this turn"): answer from the prompt's own list.
        ++refusals;
        sent_ = false;
        since_ = {};
    }
}

std::optional<std::string> SeatPlayer::decide(const Json& game) {
    if (prompt_.empty() || sent_ || !seat) return std::nullopt;
    const bool card = is_card_prompt(prompt_);
    const auto offered = offered_decisions(prompt_);
    std::optional<std::string> decision;
    if (card) {
        decision = offered[(static_cast<std::size_t>(decisions) * 7 + seed_) % offered.size()];
    } else if (since_ != std::chrono::steady_clock::time_point{} &&
               view_agrees(game, seat->second, false)) {
        decision = greedy_decision(game, seat->second, chosen, seed_ + decisions);
    }
    if (!decision && std::chrono::steady_clock::now() - since_ > std::chrono::milliseconds(1500))
        decision = offered.front();
    if (!decision) return std::nullopt;
    sent_ = true;
    ++decisions;
    return decision;
}

}  // namespace bridge_test
