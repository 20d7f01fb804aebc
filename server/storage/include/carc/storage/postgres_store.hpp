#pragma once
// The PostgreSQL implementation of Store, for several carc-server nodes sharing one database
// (`--store postgres://...`; docs/scaling.md). Besides the Store calls it keeps room leases:
// each room is owned by one node, and every write to a room is fenced by the owner's epoch.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carc/storage/result.hpp"
#include "carc/storage/store.hpp"
#include "carc/storage/stores.hpp"

namespace carc::storage {

struct PostgresOptions {
    std::string url;     // libpq URI (postgres://user@host:port/db) or key=value string
    std::string schema;  // empty: the connection's default search path (usually "public")
    // The node this store writes for; empty for a single node (no leases, no fencing).
    std::string node_id;
    // The nodes' lease length: every wait on PostgreSQL (a row lock, a statement, a transaction
    // left open by a paused node, a silent network) is bounded by a part of it (docs/scaling.md,
    // "Bounded waits"). 0: PostgreSQL's defaults, no bounds.
    std::chrono::milliseconds lease{0};
    // Tests only: the first COMMIT that stores an action with this seq commits, but its answer
    // is dropped as if the connection broke then (outcome_unknown). 0: never.
    std::int64_t test_lose_commit_answer_at_seq = 0;
    // Tests only: the process stops itself (SIGSTOP) once the row of the action with this seq
    // is written, its room's lease row locked and the transaction not committed: a node paused
    // in the middle of a write. 0: never.
    std::int64_t test_stop_at_seq = 0;
};

// Who owns a room and until when (PostgreSQL's clock).
struct RoomLease {
    std::string room_id;
    std::string node_id;
    std::string public_url;
    std::int64_t epoch = 0;
    bool live = false;  // false once expires_at has passed
};

struct StoredPerson {
    std::string person_id;
    std::string name;
    TokenHash token_hash;
};

// Leases of rooms. With a node_id set, every write to a room needs this node's current lease
// of it: a node whose lease another node took (paused, partitioned) gets ErrorCode::fenced.
class LeaseStore {
public:
    virtual ~LeaseStore() = default;
    // Takes the room when it is free, expired or already this node's, with a new epoch; the
    // lease's current holder otherwise (live == true, node_id another node).
    virtual Result<RoomLease> acquire(std::string_view room_id, std::string_view public_url,
                                      std::chrono::milliseconds ttl) = 0;
    // Extends every lease this node holds; returns the rooms whose lease it still holds (a room
    // missing from the answer was taken over: drop it).
    virtual Result<std::vector<std::string>> renew_all(std::chrono::milliseconds ttl) = 0;
    // Gives a room up (adjourned, finished, closed) so another node may take it at once.
    virtual Status release(std::string_view room_id) = 0;
    virtual Result<std::optional<RoomLease>> lease_of(std::string_view room_id) = 0;
    // Unfinished rooms whose lease expired or that have none (lobby or running, not adjourned),
    // oldest first: what a node takes over after another died.
    virtual Result<std::vector<std::string>> orphaned_rooms(int limit) = 0;
    // A new room id: leased to this node only when no node ever leased it and no room or game
    // has it (false: pick another id).
    virtual Result<bool> claim_new(std::string_view room_id, std::string_view public_url,
                                   std::chrono::milliseconds ttl) = 0;

    // --- people, so a token works on every node ---------------------------------------------
    virtual Status put_person(const StoredPerson& person) = 0;
    virtual Result<std::optional<StoredPerson>> find_person(const TokenHash& token_hash) = 0;
    // The unfinished rooms (lobby, running, adjourned) where that token holds a seat.
    virtual Result<std::vector<std::string>> seated_rooms(const TokenHash& token_hash) = 0;
    // The unfinished room (waiting or running) whose invite code is `invite` (canonical form).
    virtual Result<std::optional<std::string>> room_by_invite(std::string_view invite) = 0;

    // --- one lobby across nodes -------------------------------------------------------------
    // Lists (summary_json) or unlists (nullopt) this node's public room and NOTIFYs the others.
    virtual Status publish_room(std::string_view room_id, const std::optional<std::string>& summary_json) = 0;
    // Every node's listed rooms whose owner's lease is live: (room id, node id, summary json).
    struct ListedRoom {
        std::string room_id;
        std::string node_id;
        std::string summary_json;
    };
    virtual Result<std::vector<ListedRoom>> listed_rooms() = 0;

    // --- news for people on any node (docs/friends.md) ----------------------------------------
    // NOTIFYs carc_people with `payload` (JSON, well under PostgreSQL's 8000 bytes): every
    // node's feed gets it, this node's too.
    virtual Status notify_people(std::string_view payload) = 0;

    // --- caps per person and address across nodes (docs/scaling.md, "Caps") -------------------
    // A room counts against its creator (person, address: empty for none) while its lease is
    // live, at whichever node has it. charge_room adds the room (leased already) with its
    // search-bot seats when every cap holds (0: no cap), set_room_bots changes its seats the
    // same way; each counts the others' rooms under a lock on the person and on the address, so
    // nodes charging at once never pass a cap together. The refusal says which cap was full.
    struct ChargeCaps {
        int rooms_per_person = 0;
        int rooms_per_address = 0;
        int search_bots_per_person = 0;
        int search_bots_per_address = 0;
    };
    enum class ChargeRefusal { none, rooms_per_person, rooms_per_address, bots_per_person, bots_per_address };
    virtual Result<ChargeRefusal> charge_room(std::string_view room_id, std::string_view person,
                                              std::string_view address, int search_bots, const ChargeCaps& caps) = 0;
    virtual Result<ChargeRefusal> set_room_bots(std::string_view room_id, int search_bots, const ChargeCaps& caps) = 0;
    // The room left its creator's count (closed, finished, adjourned at the node that charged it).
    virtual Status uncharge_room(std::string_view room_id) = 0;
};

// What a feed heard: a lobby change, and the payloads NOTIFYed on carc_people, in order.
struct FeedNews {
    bool lobby = false;
    std::vector<std::string> people;
};

// A connection that LISTENs for lobby changes of any node and news for people (its own, apart
// from the store's).
class LobbyFeed {
public:
    virtual ~LobbyFeed() = default;
    // Waits up to `timeout` for news; empty news when none came. An error when the connection
    // broke (open a new feed: what was sent meanwhile is lost).
    virtual Result<FeedNews> wait(std::chrono::milliseconds timeout) = 0;
};
Result<std::unique_ptr<LobbyFeed>> open_lobby_feed(const PostgresOptions& options);

int postgres_schema_version();

// One PostgresStore seen through its two interfaces (one object; the store's writes and reads
// and the leases have a connection each, so a lease query never waits behind a group commit).
struct PostgresHandles {
    std::shared_ptr<Store> store;
    std::shared_ptr<LeaseStore> leases;
    // Every interface, leases included (what a server node is built from).
    Stores stores;
};
// Connects, creates the schema when missing and migrates it; refuses a newer schema.
Result<PostgresHandles> open_postgres_store(const PostgresOptions& options);

}  // namespace carc::storage
