#pragma once
// The whole server: io_context, thread pool, listener and shared state. main() and the tests
// drive it the same way: start() binds, run() serves until stop().

#include <filesystem>
#include <memory>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "base/config.hpp"
#include "carc/storage/postgres_store.hpp"
#include "carc/storage/store.hpp"
#include "carc/storage/stores.hpp"
#include "persistence/journal.hpp"

namespace carc::server {

class shared_state;
class listener;
class game_reads;
class review_service;
namespace tournaments {
class tournament_service;
}
namespace moderation {
class admin_socket;
class audit_follower;
}

class server {
public:
    // `journal` defaults to null_journal; `web_root` as found by find_web_root.
    server(server_config config, std::shared_ptr<room_journal> journal, std::string web_root);
    // Keeps games in `store` (storage_journal) and brings back the running games it holds
    // (recovery.hpp) before start(). Throws when the store cannot be read.
    // Each service gets the interfaces of `stores` it uses; one left null means no such service.
    server(server_config config, storage::Stores stores, std::string web_root);
    // One of several nodes sharing PostgreSQL: rooms are leased (cluster_node), none is loaded
    // at start; the node takes over orphaned games once it runs.
    server(server_config config, storage::Stores stores, std::shared_ptr<storage::LeaseStore> leases,
           std::string web_root);
    ~server();
    server(const server&) = delete;
    server& operator=(const server&) = delete;

    // Binds and starts accepting; returns the port (useful with port 0).
    unsigned short start();
    // Serves on config.threads threads (this one included) until stop() completes.
    void run();
    // Graceful shutdown, callable from any thread: stop accepting, close every connection with
    // 1001, stop room timers, flush the journal, then let run() return.
    void stop();

    shared_state& state() { return *state_; }

    // A SQLite server: carc-admin's commands arrive through a Unix socket at `path`
    // (moderation/admin_socket.hpp), until stop(). Call after start().
    void serve_admin_socket(const std::filesystem::path& path);

private:
    // The store behind the journal: kept for HTTP reads and recovery, counted, and its unknown
    // commit outcomes reloading rooms.
    void keep_in(storage::Stores stores);
    // The features that hear of finished games (shared_state::hooks).
    void listen_to_rooms();
    // Every HTTP endpoint, into shared_state::routes (called by start()).
    void build_routes();
    // Every grace period: forget the people nobody needs any more (person_registry::forget_idle).
    void sweep_people();
    // Twice a second: close this node's sockets whose account session ended at any node.
    void sweep_sessions();

    boost::asio::io_context ioc_;
    // Before state_, so it outlives the blocking pool whose tasks call it.
    std::unique_ptr<moderation::audit_follower> audit_follower_;
    // The features no connection uses, declared before state_ so that they go after its threads
    // are joined: move reviews (their jobs run on its bot pool; null without a store), tournaments
    // (null without a store with accounts; stopped first), game reads (on its blocking pool).
    const std::string web_root_;  // the browser client's files
    std::unique_ptr<review_service> reviews_;
    std::unique_ptr<tournaments::tournament_service> tournaments_;
    std::unique_ptr<game_reads> game_records_;
    std::unique_ptr<shared_state> state_;
    std::shared_ptr<listener> listener_;
    boost::asio::steady_timer sweep_timer_;  // on its own strand, with stopping_
    boost::asio::steady_timer session_timer_;  // on sweep_timer_'s strand
    bool stopping_ = false;
    std::unique_ptr<moderation::admin_socket> admin_socket_;
};

}  // namespace carc::server
