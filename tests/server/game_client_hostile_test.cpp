// The bot client library (client/) read by a confused or hostile server: a field of the wrong
// type or out of every range is passed over and counted, never converted (1e30 into a long is
// undefined behaviour, which the sanitizer build stops at) and never trusted (a prompt whose only
// move this client cannot read is not answered). The bridge's players and the load generator's
// bots read every frame through GameClient::read.
#include <catch2/catch.hpp>

#include <boost/asio/io_context.hpp>
#include <memory>
#include <string>
#include <vector>

#include "niagara/client/game_client.hpp"

using niagara::client::GameClient;

namespace {

std::shared_ptr<GameClient> idle_client(boost::asio::io_context& io, bool keep_view) {
    GameClient::Settings settings;
    settings.port = 1;  // never started: frames are handed to read()
    settings.keep_view = keep_view;
    settings.bot_reads_view = keep_view;
    settings.use_json = true;
    return std::make_shared<GameClient>(io, settings);
}

}  // namespace

TEST_CASE("client hostile: numbers out of every range and fields of another type are passed over",
          "[client][hostile]") {
    boost::asio::io_context io;
    auto client = idle_client(io, true);
    std::vector<std::string> acted;
    client->on_act = [&](GameClient&, const std::string& action) { acted.push_back(action); };

    const std::vector<std::string> hostile = {
        R"({"type":"snapshot","version":1e30,"table":1,"view":{}})",
        R"({"type":"snapshot","version":1,"table":-1.5e19,"view":{}})",
        R"({"type":"seated","table":"seven","seat":0,"token":"t"})",
        R"({"type":"seated","table":7,"seat":1e300,"token":"t"})",
        R"({"type":"seated","table":7,"seat":0,"token":12})",
        R"({"type":"patch","from":0.5,"to":2,"ops":[]})",
        R"({"type":"prompt","seat":9.9e99,"legal":["play 1"]})",
        R"({"type":"prompt","legal":["play 1"]})",
    };
    for (const auto& frame : hostile)
        client->read(frame);
    CHECK(client->unreadable_messages() == long(hostile.size()));
    CHECK_FALSE(client->table().has_value());

    // A prompt whose moves are empty, of another type or unreadable is not answered.
    for (const char* frame : {R"({"type":"prompt","seat":0,"legal":[]})",
                              R"({"type":"prompt","seat":0,"legal":{}})",
                              R"({"type":"prompt","seat":0,"legal":[4]})",
                              R"({"type":"prompt","seat":0,"legal":["fly to the moon"]})"})
        client->read(frame);
    CHECK(acted.empty());

    // What a well-formed message says still lands.
    client->read(R"({"type":"seated","table":7,"seat":2,"token":"abc"})");
    CHECK(client->table() == 7);
    CHECK(client->seat() == 2);
    CHECK(client->token() == "abc");
}

TEST_CASE("client hostile: the reader for play passes over the same messages",
          "[client][hostile]") {
    boost::asio::io_context io;
    auto client = idle_client(io, false);
    for (const char* frame : {R"({"type":"snapshot","version":1e30,"table":1})",
                              R"({"type":"seated","table":7,"seat":1e300,"token":"t"})",
                              R"({"type":"patch","from":0.5,"to":2})",
                              R"({"type":"prompt","seat":9.9e99,"actions":[]})"})
        client->read(frame);
    CHECK_FALSE(client->table().has_value());
    client->read(R"({"type":"seated","table":7,"seat":2,"token":"abc"})");
    CHECK(client->table() == 7);
    CHECK(client->seat() == 2);
}
