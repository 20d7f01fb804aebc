#pragma once
// Game records that no longer change, kept as the text GET /api/games/{id} sends: a finished
// game's (it never changes) and an adjourned game's (it changes only once the game is resumed,
// which ends that adjournment). Least recently used records leave first once the texts together
// pass the byte budget. Thread-safe.

#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace carc::server {

class record_cache {
public:
    // The version of a record: `finished`, or the lobby's number of the adjournment it was read in.
    static constexpr std::uint64_t finished = 0;

    explicit record_cache(std::size_t max_bytes) : max_bytes_(max_bytes) {}

    // The text kept for `id` at `version`; null when none is (or one of another version).
    std::shared_ptr<const std::string> find(const std::string& id, std::uint64_t version);
    // Keeps `text` as `id`'s record at `version`, replacing any other version of it. A text over
    // the whole budget is not kept.
    void put(const std::string& id, std::uint64_t version, std::shared_ptr<const std::string> text);

    // Drops what is kept for `id` (a record whose names changed: an account deleted).
    void forget(const std::string& id);

    std::size_t bytes() const;

private:
    struct entry {
        std::uint64_t version;
        std::shared_ptr<const std::string> text;
        std::list<std::string>::iterator age;  // position in used_, most recent first
    };
    void erase(std::map<std::string, entry>::iterator it);  // mutex_ held

    const std::size_t max_bytes_;
    mutable std::mutex mutex_;
    std::map<std::string, entry> entries_;
    std::list<std::string> used_;
    std::size_t bytes_ = 0;
};

}  // namespace carc::server
