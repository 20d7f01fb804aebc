#pragma once
// What one person must hear wherever they are connected (docs/friends.md). Every page notice (a
// challenge, a declined challenge, a turn of a turn-based game, its time running out) and a
// tournament's new round take this one road: to the person's connections on this node at once and, with several nodes, through
// PostgreSQL's carc_people channel to every other node, which hands it to the person's
// connections there. A change of someone's blocks goes the same way, so every node reads that
// list again. Each receiving node leaves out a page notice whose sender the person blocks, and
// one about a room the person is watching there. Telling the other nodes queries the store, so
// it goes through the blocking pool: page() never blocks, and rooms' strands call it.

#include <memory>
#include <string>

#include "carc/protocol/messages.hpp"
#include "carc/storage/stores.hpp"

namespace carc::server {
class blocking_pool;
class cluster_node;
class person_registry;
}  // namespace carc::server

namespace carc::server::friends {

class block_list;

// What news to people uses: who blocks whom, who is connected here, the other nodes (null: one
// node), the friends' store and the pool that tells the other nodes.
struct people_reach {
    block_list& blocks;
    person_registry& persons;
    const std::shared_ptr<cluster_node>& cluster;
    const storage::Stores& stores;
    blocking_pool& blocking;
};

// The notice to `person`'s connections, on every node. `sender`: the person it comes from (empty
// for the server's own); `room`: set when a node where the person watches that room leaves it out.
void page(people_reach& state, const std::string& person, const std::string& sender, const protocol::Notice& notice,
          const std::string& room = {});
// A tournament's round to one of its players, on every node.
void page(people_reach& state, const std::string& person, const protocol::TournamentRound& round);
// `person` blocked or unblocked someone: the other nodes read their list again.
void blocks_changed(people_reach& state, const std::string& person);

// The cluster's feed heard `payload` on carc_people (the feed's thread).
void on_people_news(people_reach& state, const std::string& payload);
// The feed was opened again: news sent meanwhile is lost, so every list kept here is read again.
void on_people_news_lost(people_reach& state);

}  // namespace carc::server::friends
