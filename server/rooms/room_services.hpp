#pragma once
// What a room uses of the server, named in one place: the server hands this to every room it
// makes (app/server.cpp builds it), so a room reaches nothing else. The members are the
// server's own objects; a null pointer means the server runs without that feature (no store,
// one node, no notices).

#include <memory>

#include <boost/asio/io_context.hpp>

#include "base/blocking_pool.hpp"
#include "base/config.hpp"
#include "base/metrics.hpp"
#include "rooms/turn_notices.hpp"
#include "carc/storage/stores.hpp"
#include "friends/block_list.hpp"
#include "people/person_registry.hpp"
#include "persistence/journal.hpp"
#include "rooms/bot_pool.hpp"
#include "rooms/lobby.hpp"
#include "rooms/room_hooks.hpp"
#include "rooms/usage_caps.hpp"

namespace carc::server {

class cluster_node;

struct room_services {
    boost::asio::io_context& ioc;
    const server_config& config;
    metrics& counters;
    person_registry& persons;
    friends::block_list& blocks;  // chat between people who block each other
    usage_caps& caps;             // the rooms and search bots a person holds
    lobby& rooms;
    std::shared_ptr<room_journal>& journal;
    storage::Stores& stores;
    std::shared_ptr<cluster_node>& cluster;  // several nodes: leases and charges
    std::unique_ptr<bot_pool>& bots;
    room_hooks& hooks;                       // what a finished game tells ratings and tournaments
    std::shared_ptr<turn_notices>& notices;  // a turn-based game's turn passed
    blocking_pool& blocking;                 // store calls off the room's strand
};

}  // namespace carc::server
