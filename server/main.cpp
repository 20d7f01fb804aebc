// carc-server: the Carcassonne game server. HTTP (browser client, health, room list, tiles,
// metrics) and the game WebSocket on one port; see docs/protocol.md and docs/architecture.md.
#include <csignal>
#include <cstdlib>
#include <iostream>

#include <boost/asio/signal_set.hpp>
#include <spdlog/spdlog.h>

#include "carc/storage/postgres_store.hpp"
#include "carc/storage/sqlite_store.hpp"
#include "people/security.hpp"
#include "base/config.hpp"
#include "app/server.hpp"
#include "moderation/admin_socket.hpp"

int main(int argc, char** argv) {
    using namespace carc::server;
    const parse_outcome parsed = parse_command_line(argc, argv);
    if (!parsed.config) return parsed.exit_code;
    server_config config = *parsed.config;

    spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ %v");
    spdlog::set_level(spdlog::level::from_str(config.log_level));

    carc::storage::Stores stores;
    std::shared_ptr<carc::storage::LeaseStore> leases;
    if (!config.postgres_url.empty()) {
        // Several nodes sharing PostgreSQL (docs/scaling.md); each needs a name of its own.
        if (config.node_id.empty()) config.node_id = "node-" + carc::server::random_hex(4);
        carc::storage::PostgresOptions options;
        options.url = config.postgres_url;
        options.node_id = config.node_id;
        options.lease = config.lease;
        // Tests only (tests/multinode): the commit of this action seq loses its answer.
        if (const char* seq = std::getenv("CARC_TEST_LOSE_COMMIT_ANSWER_AT_SEQ"); seq && *seq)
            options.test_lose_commit_answer_at_seq = std::stoll(seq);
        // Tests only: the node stops itself inside the write of this action seq.
        if (const char* seq = std::getenv("CARC_TEST_STOP_AT_SEQ"); seq && *seq)
            options.test_stop_at_seq = std::stoll(seq);
        auto opened = carc::storage::open_postgres_store(options);
        if (!opened) {
            spdlog::error("event=store_failed store=postgres code={} error=\"{}\"",
                          carc::storage::to_string(opened.code()), opened.message());
            return 1;
        }
        stores = opened->stores;
        leases = opened->leases;
        spdlog::info("event=store_opened store=postgres node={}", config.node_id);
    } else {
        // The embedded store; a corrupt, foreign, newer or locked database is refused untouched.
        carc::storage::SqliteOptions options;
        options.data_dir = config.data_dir;
        options.sync_full = config.sync_full;
        auto opened = carc::storage::open_sqlite_stores(options);
        if (!opened) {
            spdlog::error("event=store_failed dir={} code={} error=\"{}\"", config.data_dir,
                          carc::storage::to_string(opened.code()), opened.message());
            return 1;
        }
        stores = std::move(opened).value();
        spdlog::info("event=store_opened dir={} sync={}", config.data_dir, config.sync_full ? "full" : "normal");
    }

    try {
        const std::string web_root = find_web_root(config.web_root, argv[0]);
        std::unique_ptr<server> app_ptr = leases ? std::make_unique<server>(config, stores, leases, web_root)
                                                 : std::make_unique<server>(config, stores, web_root);
        server& app = *app_ptr;
        app.start();
        // SQLite is this process's alone: carc-admin hands its commands over (docs/moderation.md).
        if (config.postgres_url.empty())
            app.serve_admin_socket(std::filesystem::path(config.data_dir) / carc::server::moderation::admin_socket_name);
        boost::asio::io_context signals_ioc;
        boost::asio::signal_set signals(signals_ioc, SIGINT, SIGTERM);
        signals.async_wait([&](boost::system::error_code, int signal) {
            spdlog::info("event=signal signal={}", signal);
            app.stop();
        });
        std::thread signal_thread([&] { signals_ioc.run(); });
        app.run();
        signals_ioc.stop();
        signal_thread.join();
    } catch (const std::exception& e) {
        spdlog::error("event=fatal error=\"{}\"", e.what());
        return 1;
    }
    spdlog::info("event=stopped");
    return 0;
}
