#pragma once
// One node of several sharing PostgreSQL (docs/scaling.md). Every room this node has in memory
// is leased to it in the store; a thread renews the leases every third of their length, drops
// a room whose lease another node took (its writes are fenced anyway), gives back leases of
// rooms that left memory, and takes over running games whose owner stopped renewing (replayed
// from the journal, as at start-up). Sessions ask it where a room or a token's games live: a
// room owned by another live node is answered with a `redirect` naming that node.

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>

#include "carc/protocol/messages.hpp"
#include "carc/storage/postgres_store.hpp"

namespace carc::server {

struct room_services;
struct person_identity;

// What the feed thread hands on from the carc_people channel (friends/people_news.hpp): a
// payload heard, and the feed opened again (news sent meanwhile lost).
struct people_listener {
    std::function<void(const std::string& payload)> heard;
    std::function<void()> lost;
};

class cluster_node {
public:
    // `feed` opens the connection that listens for lobby changes (again after it broke).
    // `state`: the rooms it leases, takes over and drops, and what they need.
    cluster_node(room_services& state, std::shared_ptr<storage::LeaseStore> leases, std::string node_id,
                 std::chrono::milliseconds lease, storage::PostgresOptions feed, people_listener people);
    ~cluster_node();
    cluster_node(const cluster_node&) = delete;
    cluster_node& operator=(const cluster_node&) = delete;

    // Starts the lease thread; `public_url` is how clients reach this node (http://host:port).
    void start(std::string public_url);
    void stop();
    const std::string& public_url() const { return public_url_; }
    const std::string& node_id() const { return node_id_; }

    // News for people on every node (friends/people_news.hpp): NOTIFYed on carc_people; the
    // feed thread hands what it hears to friends::on_people_news. Queries: off the I/O threads.
    storage::Status tell_people(const std::string& payload);

    // A fresh room id leased to this node (never used by any node before). Throws when the
    // store cannot be reached.
    std::string claim_room_id();
    // A room this node does not have: the URL of the live node that owns it; nullopt when no
    // other live node does (then it was taken over here if it is an unfinished game).
    std::optional<std::string> owner_elsewhere(const std::string& room_id);
    // The same for a room named by its invite code (looked up in the store).
    std::optional<std::string> invite_owner_elsewhere(const std::string& invite);
    // Before a hello with `token`: makes the token known here (people are stored) and brings
    // the token's games here when nobody owns them; the URL of another node when one of them
    // lives there.
    std::optional<std::string> route_token(const std::string& token);
    // A new person, stored so their token works on every node.
    void remember(const person_identity& person);
    // Leases an adjourned game before this node resumes it; false when another node has it.
    bool lease_for_resume(const std::string& room_id);

    // Caps per person and address over every node (docs/scaling.md, "Caps"), counted in the
    // store: the refusal (too_many_rooms, too_many_bots) or nothing once the new room, leased
    // here already, is charged to `person` at `address`; the same for a room's new count of
    // search-bot seats. Off the I/O threads. A failing store refuses (journal_failed).
    std::optional<protocol::ErrorMessage> charge_new_room(const std::string& room_id, const std::string& person,
                                                          const std::string& address, int search_bots);
    std::optional<protocol::ErrorMessage> charge_search_bots(const std::string& room_id, int search_bots);
    // The room left this node's memory: its charge goes (on the publish thread), unless another
    // node holds its lease now (then the room is open there and still counts).
    void uncharge_later(const std::string& room_id);
    // Gives back the lease of a new room that was refused before it existed.
    void release_new(const std::string& room_id);

private:
    // Runs `step` now and then every third of a lease until stop().
    void every_third_of_lease(const std::function<void()>& step);
    // Renews this node's leases, drops the rooms whose lease another node took and gives back
    // the leases of rooms that left memory.
    void renew();
    // Takes over every game whose lease expired (its own thread, so renewals never wait for
    // replays).
    void take_orphans();
    // One lobby across nodes: this node's public list goes to PostgreSQL (publish thread), the
    // others' comes back through LISTEN/NOTIFY, or a read every second at the latest (feed thread).
    void publish_loop();
    void feed_loop();
    void refresh_remote();
    // Leases `room_id` and loads it; false when another node owns it or it cannot be loaded.
    bool take_over(const std::string& room_id);

    room_services& state_;
    people_listener people_;
    std::shared_ptr<storage::LeaseStore> leases_;
    const std::string node_id_;
    const std::chrono::milliseconds lease_;
    std::string public_url_;
    std::mutex takeover_mutex_;  // one takeover at a time, from the thread or a session
    std::set<std::string> absent_last_tick_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
    std::thread thread_;           // renewals
    std::thread takeover_thread_;  // take_orphans

    const storage::PostgresOptions feed_options_;
    std::map<std::string, std::optional<std::string>> to_publish_;  // guarded by mutex_
    std::set<std::string> to_uncharge_;                              // guarded by mutex_
    std::map<std::string, std::string> remote_;  // feed thread only: room -> summary json
    std::thread publish_thread_;
    std::thread feed_thread_;
};

}  // namespace carc::server
