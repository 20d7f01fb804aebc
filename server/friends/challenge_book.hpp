#pragma once
// Challenges sent from this node and not yet declined (docs/friends.md): which room invites whom
// and from whom, so a decline reaches the challenger. Accepting is joining the room with the
// invite the notice carried, which works on every node. Thread-safe.

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace carc::server::friends {

struct challenge {
    std::string room;
    std::string from_person;
    std::string from_name;
    std::string to_person;
    std::string to_name;
    std::int64_t made_ms = 0;
};

class challenge_book {
public:
    // Entries older than a week are forgotten when a new one is added.
    void add(challenge c);
    // The room's challenge when `person` is the one it invites; removed.
    std::optional<challenge> take(const std::string& room, const std::string& person);

private:
    std::mutex mutex_;
    std::map<std::string, challenge> by_room_;
};

}  // namespace carc::server::friends
