#pragma once
// The room registry and the live lobby list. Rooms report their summary after every change;
// a subscriber gets the whole public list once (`lobby`) and then only what changes, batched:
// the changes of one interval (--lobby-interval) go out together when it ends, each room's
// latest state only, so a burst of rooms opening and closing costs a subscriber one message
// per interval, not one per change (which would overflow a healthy reader's send queue). A
// batch of one change is `lobby_room` (a room appeared or changed) or `lobby_room_removed`; of
// several, one `lobby_changes`. Adjourned games (unloaded, see room_lifecycle.cpp) stay listed,
// as `adjourned`, until a seated player brings them back. One mutex guards the maps; messages
// are sent outside it.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "carc/protocol/view.hpp"
#include "base/client_link.hpp"

namespace carc::server {

class room;
class metrics;

class lobby {
public:
    // `interval`: how long changes gather before subscribers get them (0: sent at once); the
    // batch goes out on a timer of `ioc`.
    lobby(metrics& counters, boost::asio::io_context& ioc, std::chrono::milliseconds interval)
        : metrics_(counters), interval_(interval), flush_timer_(ioc) {}

    // A fresh room id: from the source when one is set (the store's counter: it may wait for
    // the store, so only off the I/O threads, and it throws when the store fails), else from a
    // count in memory (no store: nothing outlives the process).
    std::string next_room_id();
    void take_ids_from(std::function<std::uint64_t()> source);
    bool ids_from_store() const;
    // Ids already used (stored games after a restart): next_room_id never returns them.
    void reserve_ids(const std::vector<std::string>& ids);
    // The number after every id reserved or handed out from memory.
    std::uint64_t next_number() const;
    void add(const std::shared_ptr<room>& r, const std::string& id, const std::string& invite);
    void remove(const std::string& id);
    std::shared_ptr<room> find(const std::string& id) const;
    std::shared_ptr<room> find_by_invite(const std::string& invite) const;
    std::vector<std::shared_ptr<room>> rooms() const;

    // A running game left memory (or was found adjourned at start-up): it stays listed with
    // `summary` (status adjourned) when `listed`, and can be brought back by find_or_resume.
    void adjourn(const std::string& id, const std::string& invite, protocol::RoomSummary summary, bool listed);
    bool is_adjourned(const std::string& id) const;
    // An adjourned game the public list shows: one anybody may know exists (a private one is
    // answered like a missing room).
    bool is_adjourned_in_public(const std::string& id) const;
    // Which adjournment of `id` this is (a number no other adjournment on this node had), or
    // nothing when it is not adjourned: what an adjourned game's record was built from.
    std::optional<std::uint64_t> adjournment(const std::string& id) const;
    // The loaded room `id`; for an adjourned game, `load` brings it back (it must add() the
    // room) and only one caller at a time loads. Null when there is no such room.
    std::shared_ptr<room> find_or_resume(const std::string& id, const std::function<std::shared_ptr<room>()>& load);
    // An adjourned game that cannot come back (its journal does not replay): forget it.
    void forget_adjourned(const std::string& id);

    // A room's new summary; `listed` is false for private rooms. Notifies subscribers on change.
    void update(const protocol::RoomSummary& summary, bool listed);
    std::vector<protocol::RoomSummary> public_rooms() const;

    // Several nodes (cluster_node): `observer` hears every change of this node's public list
    // (the summary, or null when the room left it), to publish it to the other nodes; and
    // set_remote lists another node's public room (null: no longer), sent on like a local one.
    using listed_observer = std::function<void(const std::string& id, const protocol::RoomSummary* summary)>;
    void observe_listed(listed_observer observer);
    void set_remote(const std::string& id, const protocol::RoomSummary* summary);

    // Sends the subscriber the whole list (a `lobby` answering `request_id`), then changes.
    void subscribe(const std::shared_ptr<client_link>& link, const nlohmann::json& request_id);
    void unsubscribe(std::uint64_t link_id);
    // Sends the changes gathered so far as one batch (the interval's timer calls it; tests too).
    void flush();

private:
    // Under notify_mutex_: a public room's new entry (null: it left the list) for subscribers,
    // gathered for the next batch or, without an interval, sent at once.
    void announce(const std::string& id, const protocol::RoomSummary* summary);
    // Under notify_mutex_: sends `text` to every live subscriber.
    void broadcast(const std::shared_ptr<const std::string>& text);
    void count_rooms();  // mutex_ held

    metrics& metrics_;
    mutable std::mutex mutex_;
    std::mutex notify_mutex_;  // taken before mutex_: subscribers see changes in order
    std::mutex resume_mutex_;  // one adjourned game loaded at a time
    std::uint64_t next_id_ = 1;
    std::function<std::uint64_t()> id_source_;  // set once, before any room exists
    std::map<std::string, std::shared_ptr<room>> rooms_;
    std::map<std::string, std::string> room_by_invite_;
    std::map<std::string, protocol::RoomSummary> listed_;     // public rooms only
    std::map<std::string, std::uint64_t> adjourned_;  // every adjourned game, by its adjournment
    std::uint64_t adjournments_ = 0;
    std::map<std::uint64_t, std::weak_ptr<client_link>> subscribers_;
    std::map<std::string, protocol::RoomSummary> remote_;  // other nodes' public rooms
    listed_observer observer_;  // set before the server starts
    // Batching, under notify_mutex_: each changed room's latest entry (nullopt: removed).
    const std::chrono::milliseconds interval_;
    std::map<std::string, std::optional<protocol::RoomSummary>> pending_;
    bool flush_armed_ = false;
    boost::asio::steady_timer flush_timer_;
};

}  // namespace carc::server
