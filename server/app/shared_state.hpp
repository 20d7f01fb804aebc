#pragma once
// What every connection of one server needs, and the rooms it makes: configuration, counters,
// people, the lobby, the journal, the accounts, the stores. Each member guards itself; this
// struct only ties them together. The features no connection uses (tournaments, move reviews,
// game reads) belong to the server (app/server.hpp), which hands each part what it uses.

#include <memory>
#include <mutex>
#include <map>
#include <string>

#include <boost/asio/io_context.hpp>

#include "accounts/account_service.hpp"
#include "carc/storage/store.hpp"
#include "carc/storage/stores.hpp"
#include "base/client_link.hpp"
#include "base/config.hpp"
#include "rooms/turn_notices.hpp"
#include "net/connection_limiter.hpp"
#include "persistence/journal.hpp"
#include "rooms/bot_pool.hpp"
#include "rooms/lobby.hpp"
#include "rooms/room_hooks.hpp"
#include "rooms/room_services.hpp"
#include "rooms/usage_caps.hpp"
#include "base/metrics.hpp"
#include "friends/block_list.hpp"
#include "friends/people_news.hpp"
#include "http/route_table.hpp"
#include "base/blocking_pool.hpp"
#include "people/person_registry.hpp"
#include "net/write_scheduler.hpp"

namespace carc::server {

class cluster_node;
namespace notices {
class notice_service;
}

class shared_state {
public:
    shared_state(server_config settings, boost::asio::io_context& context,
                 std::shared_ptr<room_journal> games_journal)
        : config(std::move(settings)),
          ioc(context),
          journal(std::move(games_journal)),
          limiter(std::make_shared<connection_limiter>(config.max_connections_per_ip)),
          http_limiter(std::make_shared<connection_limiter>(config.max_http_connections_per_ip)),
          bots(std::make_unique<bot_pool>(
              bot_pool::settings{config.bot_threads, config.bot_think, config.bot_slice, {}})) {}

    const server_config config;
    boost::asio::io_context& ioc;
    metrics counters;
    person_registry persons;
    // Who blocks whom, cached from the store for chat (docs/friends.md).
    friends::block_list blocks;
    usage_caps caps{{config.max_rooms_per_person, config.max_rooms_per_ip, config.max_search_bots_per_person,
                     config.max_search_bots_per_ip}};
    lobby rooms{counters, ioc, config.lobby_interval};
    // Spectators' patches: written a few connections per pass (net/write_scheduler.hpp).
    write_scheduler batched_writes{ioc};
    std::shared_ptr<room_journal> journal;
    // The durable store behind the journal seen through each of its interfaces (the games for
    // GET /api/games and recovery); all null when games are not kept.
    storage::Stores stores;
    // With several nodes sharing PostgreSQL: room leases and routing; null for one node.
    std::shared_ptr<cluster_node> cluster;
    std::shared_ptr<connection_limiter> limiter;  // WebSocket connections per address
    // Plain HTTP connections per address (an upgrade hands its place to `limiter`).
    std::shared_ptr<connection_limiter> http_limiter;
    // Search bots think here, off the strands and I/O threads (joined before the rooms go).
    std::unique_ptr<bot_pool> bots;
    // Accounts and sessions (docs/accounts.md); null when there is no store. Its workers read
    // the members above, so it goes before them.
    std::unique_ptr<accounts::account_service> accounts;
    // Told when a turn-based game's turn passes (turn_notices.hpp); null sends no notices.
    std::shared_ptr<turn_notices> notices;
    // What rooms tell the features above them when a game ends (ratings, statistics,
    // tournaments); filled by the server before any room exists.
    room_hooks hooks;
    // The same object as `notices` when notices are mailed (null otherwise): started and stopped
    // with the server, asked by the HTTP links in its mails.
    std::shared_ptr<notices::notice_service> notice_sender;
    // Every HTTP endpoint (http/route_table.hpp); made by the server once its services exist.
    std::unique_ptr<route_table> routes;
    // Blocking work (a store call, an API request, a record read): never on an I/O thread, which
    // would stop answering everyone (/healthz too) while the store is slow. Last, so its threads
    // are joined first, while everything its tasks use still exists.
    blocking_pool blocking{static_cast<std::size_t>(config.blocking_threads),
                           static_cast<std::size_t>(config.blocking_queue), counters.blocking};
    // What every room is handed (rooms/room_services.hpp): the members above it uses.
    // What news to people uses (friends/people_news.hpp).
    friends::people_reach reach{blocks, persons, cluster, stores, blocking};
    room_services room_needs{ioc,   config, counters, persons, blocks, caps,  rooms,   journal,
                             stores, cluster, bots,   hooks,   notices, blocking};

    // Open WebSocket connections, so shutdown can say goodbye to each.
    void track(const std::shared_ptr<client_link>& link) {
        std::lock_guard lock(links_mutex_);
        links_[link->id()] = link;
    }
    void untrack(std::uint64_t id) {
        std::lock_guard lock(links_mutex_);
        links_.erase(id);
    }
    void close_all(std::uint16_t code, const std::string& reason) {
        std::map<std::uint64_t, std::weak_ptr<client_link>> links;
        {
            std::lock_guard lock(links_mutex_);
            links = links_;
        }
        for (const auto& [id, weak] : links)
            if (auto link = weak.lock()) link->close(code, reason);
    }

private:
    std::mutex links_mutex_;
    std::map<std::uint64_t, std::weak_ptr<client_link>> links_;
};

}  // namespace carc::server
