// niagara-server: the game server. One port serves HTTP and WebSocket (/ws).
#include <spdlog/spdlog.h>

#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>
#include <vector>

#include "allocator_tuning.hpp"
#include "config.hpp"
#include "data_dir.hpp"
#include "http_routes.hpp"
#include "http_session.hpp"
#include "listener.hpp"
#include "lobby.hpp"
#include "metrics.hpp"
#include "metrics_listener.hpp"
#include "serial_executor.hpp"
#include "static_files.hpp"
#include "store.hpp"

using namespace niagara::server;

#ifndef NIAGARA_WEB_ROOT
#define NIAGARA_WEB_ROOT "web"
#endif

int main(int argc, char** argv) {
    Config config;
    config.web_root = NIAGARA_WEB_ROOT;
    if (auto problem = parse_config(argc, argv, config)) {
        std::cerr << *problem << "\n";
        return problem->rfind("usage:", 0) == 0 ? 0 : 2;
    }
    spdlog::set_level(spdlog::level::from_str(config.log_level));
    bound_allocator_caches();
    rlimit files{};  // one descriptor per connection: allow as many as the system lets us
    if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
        files.rlim_cur = files.rlim_max;
        setrlimit(RLIMIT_NOFILE, &files);
    }
    spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ %v");
    // SIGTERM and SIGINT wait, blocked, until their handler is in place (below): a stop asked
    // for during the start (opening the store, restoring tables) is a clean stop once the
    // start is done, not the default action's kill that leaves niagara.sqlite3.running behind.
    // Threads started meanwhile (the store's checkpointer, bot workers) keep them blocked.
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
    try {
        // Whatever the server creates is its alone (the database gets 0600 in any case).
        ::umask(0077);
        prepare_data_dir(config.data_dir);
        // NIAGARA_ACCEPT_DATA_LOSS=1: start even when the database's checks find commits lost
        // or the file damaged (store.hpp, "Opening and closing"). Meant for one start.
        StoreOptions store_options;
        if (const char* accept = std::getenv("NIAGARA_ACCEPT_DATA_LOSS"))
            store_options.accept_data_loss = std::string(accept) == "1";
        // Declared before the lobby: closed after it, once its action log has committed the
        // last accepted actions (~ActionLog); the close leaves everything in niagara.sqlite3.
        Store store((std::filesystem::path(config.data_dir) / "niagara.sqlite3").string(),
                    store_options);
        Metrics metrics;
        // Tables (and the lobby's commits) run on `io`; connections too, except with two
        // threads, when they have `connections_io` and its thread (serial_executor.hpp).
        const bool split = split_threads(config.threads);
        // The general concurrency hint even when one thread runs each: hint 1 (one thread
        // calls run) measured no faster here, and work is posted to each from the other's thread.
        boost::asio::io_context io(config.threads);
        boost::asio::io_context connections_io(config.threads);
        Lobby lobby(io, config, store, metrics);
        lobby.restore();

        // The web client's files, read once: requests are served from memory and can name
        // nothing else (static_files.hpp).
        std::vector<std::string> warnings;
        const StaticFiles files = StaticFiles::load(config.web_root, warnings);
        for (const auto& warning : warnings)
            spdlog::warn("{}", warning);
        spdlog::info("web root {}: {} files, {} bytes", config.web_root, files.count(),
                     files.bytes());

        const auto address = boost::asio::ip::make_address(config.address);
        auto listener = std::make_shared<Listener>(
            split ? connections_io : io, tcp::endpoint{address, config.port}, lobby, config, files);
        listener->run();
        spdlog::info("listening on http://{}:{} (data in {}, {} threads)", config.address,
                     listener->port(), config.data_dir, config.threads);
        // --metrics ADDR:PORT: /metrics and /healthz on a port of their own.
        std::shared_ptr<MetricsListener> metrics_listener;
        if (config.metrics != "off" && config.metrics != "main") {
            const auto where = parse_address_port(config.metrics);
            if (!where) throw std::runtime_error("--metrics " + config.metrics + ": not ADDR:PORT");
            metrics_listener = std::make_shared<MetricsListener>(
                split ? connections_io : io,
                tcp::endpoint{boost::asio::ip::make_address(where->first), where->second}, lobby,
                config);
            metrics_listener->run();
            spdlog::info("metrics on http://{}:{}/metrics", where->first, metrics_listener->port());
        }
        spdlog::info("WebSocket upgrades from {}", config.allowed_origins.empty()
                                                       ? "pages of the same host, and non-browsers"
                                                       : config.allowed_origins);
        // SIGTERM/SIGINT: stop accepting, tell every client, then stop. Nothing is lost: every
        // action was committed when it was accepted (the last group when the lobby goes), and
        // the store's close copies the log into niagara.sqlite3.
        boost::asio::signal_set signals(io, SIGINT, SIGTERM);
        boost::asio::steady_timer grace(io);
        signals.async_wait([&](boost::system::error_code, int signal) {
            spdlog::info("signal {}: shutting down", signal);
            listener->stop();
            if (metrics_listener) metrics_listener->stop();
            lobby.close_all();
            grace.expires_after(std::chrono::milliseconds(500));
            grace.async_wait([&](boost::system::error_code) {
                io.stop();
                connections_io.stop();
            });
        });
        // A signal that came during the start is delivered now, to the handler above.
        pthread_sigmask(SIG_UNBLOCK, &stop_signals, nullptr);
        // Written once every port listens and a stop is a clean one: tests wait for it.
        if (!config.port_file.empty()) std::ofstream(config.port_file) << listener->port() << "\n";

        std::vector<std::thread> threads;
        if (split) {
            threads.emplace_back([&connections_io] { connections_io.run(); });
        } else {
            for (int i = 1; i < config.threads; ++i)
                threads.emplace_back([&io] { io.run(); });
        }
        io.run();
        for (auto& t : threads)
            t.join();
        spdlog::info("stopped");
    } catch (const StoreRefused& e) {
        spdlog::critical(
            "{}\nTo start with what the database holds and lose the rest, start once with "
            "NIAGARA_ACCEPT_DATA_LOSS=1.",
            e.what());
        return 1;
    } catch (const std::exception& e) {
        spdlog::critical("{}", e.what());
        return 1;
    }
    return 0;
}
