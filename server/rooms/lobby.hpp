#pragma once
// The room registry and the live lobby list. Rooms report their summary after every change;
// subscribers get the whole public list again when it changes (it is small). One mutex guards
// the maps; messages are sent outside it.

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "carc/protocol/view.hpp"
#include "net/client_link.hpp"

namespace carc::server {

class room;
class metrics;

class lobby {
public:
    explicit lobby(metrics& counters) : metrics_(counters) {}

    std::string next_room_id();
    // Ids already used (stored games after a restart): next_room_id never returns them.
    void reserve_ids(const std::vector<std::string>& ids);
    void add(const std::shared_ptr<room>& r, const std::string& id, const std::string& invite);
    void remove(const std::string& id);
    std::shared_ptr<room> find(const std::string& id) const;
    std::shared_ptr<room> find_by_invite(const std::string& invite) const;
    std::vector<std::shared_ptr<room>> rooms() const;

    // A room's new summary; `listed` is false for private rooms. Notifies subscribers on change.
    void update(const protocol::RoomSummary& summary, bool listed);
    std::vector<protocol::RoomSummary> public_rooms() const;

    void subscribe(const std::shared_ptr<client_link>& link);
    void unsubscribe(std::uint64_t link_id);

private:
    void notify_subscribers();

    metrics& metrics_;
    mutable std::mutex mutex_;
    std::mutex notify_mutex_;
    std::uint64_t next_id_ = 1;
    std::map<std::string, std::shared_ptr<room>> rooms_;
    std::map<std::string, std::string> room_by_invite_;
    std::map<std::string, protocol::RoomSummary> listed_;  // public rooms only
    std::map<std::uint64_t, std::weak_ptr<client_link>> subscribers_;
};

}  // namespace carc::server
