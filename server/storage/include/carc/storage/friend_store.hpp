#pragma once
// Friends' share of the store (docs/friends.md): who follows whom, who blocks whom (accounts
// only), and each account's statistics per rule system, summed from its finished games. A
// game's statistics are written in the transaction that finishes it (FinishedGame::stats), so
// they count exactly once, whatever node finishes the game. Implemented by both stores beside
// Store. Thread-safe, never throws.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carc/storage/records.hpp"
#include "carc/storage/result.hpp"

namespace carc::storage {

struct NamedAccount {
    std::string person_id;
    std::string name;
    friend bool operator==(const NamedAccount&, const NamedAccount&) = default;
};

// One account's lists, each ordered by name. Friends are the mutual follows.
struct FriendLists {
    std::vector<NamedAccount> following;  // whom the account follows
    std::vector<NamedAccount> followers;  // who follows the account
    std::vector<NamedAccount> friends;    // both
    std::vector<NamedAccount> blocked;    // whom the account blocks
};

// How two accounts stand, as seen from the first.
struct Relation {
    bool follows = false;      // a follows b
    bool followed = false;     // b follows a
    bool blocks = false;       // a blocks b
    bool blocked_by = false;   // b blocks a
    bool friends() const { return follows && followed; }
};

// One account's statistics under one rule key (the rating key of the game's rule system):
// totals, so averages are total / games.
struct PlayerStats {
    std::string key;
    int games = 0;
    int wins = 0;
    std::int64_t tiles_placed = 0;
    std::int64_t followers_used = 0;
    std::map<std::string, std::int64_t> points;  // by kind, as the result's breakdown names them
};

// A challenge waiting for the friend's answer (docs/friends.md), stored so that a decline at any
// node finds it.
struct StoredChallenge {
    std::string room_id;
    std::string from_person;
    std::string from_name;
    std::string to_person;
    std::string to_name;
    TimeMs made_at_ms = 0;
    friend bool operator==(const StoredChallenge&, const StoredChallenge&) = default;
};

// How long a challenge waits for a decline before it is forgotten.
inline constexpr TimeMs challenge_kept_ms = 7LL * 24 * 60 * 60 * 1000;

class FriendStore {
public:
    virtual ~FriendStore() = default;
    // Follows (on) or stops following (off); idempotent. not_found when either is no account.
    virtual Status set_follow(std::string_view person_id, std::string_view target_id, bool on, TimeMs now_ms) = 0;
    // Blocks (on: both follows between them end too) or unblocks; idempotent.
    virtual Status set_block(std::string_view person_id, std::string_view target_id, bool on, TimeMs now_ms) = 0;
    virtual Result<FriendLists> friend_lists(std::string_view person_id) = 0;
    virtual Result<Relation> relation(std::string_view a, std::string_view b) = 0;
    // The person ids the account blocks.
    virtual Result<std::vector<std::string>> blocked_ids(std::string_view person_id) = 0;
    // The person ids of the accounts that block `target_id`.
    virtual Result<std::vector<std::string>> blocker_ids(std::string_view target_id) = 0;
    // Stores a challenge (one per room) and forgets those older than challenge_kept_ms.
    virtual Status add_challenge(const StoredChallenge& challenge) = 0;
    // The room's challenge, if one waits.
    virtual Result<std::optional<StoredChallenge>> find_challenge(std::string_view room_id) = 0;
    // The room's challenge when it invites `to_person`, removed; nullopt when there is none.
    virtual Result<std::optional<StoredChallenge>> take_challenge(std::string_view room_id,
                                                                  std::string_view to_person) = 0;
    // The account's statistics, one per rule key it finished games under, ordered by key.
    virtual Result<std::vector<PlayerStats>> stats_of(std::string_view person_id) = 0;
};

}  // namespace carc::storage
