#pragma once
// A room's views published change by change (docs/protocol.md, "Views: snapshot and patch").
//
// Every viewer's view is the same `room` and `game` plus its own `you`. The publisher keeps what
// it last published of the shared part in typed form (scalars, the board's length, followers,
// scores, ...); on each change it compares those small values with the room and the engine
// state and turns only what differs into RFC 6902 operations, built once for all viewers. The
// board is append-only, so new tiles become `add .../board/-`; constant parts (the settings, The
// Castle's walled board) are never compared. A spectator arriving or leaving is one operation on
// `/room/spectators`. Each seat's `you` is compared on its own.
//
// It also keeps the published shared document itself, patched in place with the same
// operations (patch_ops.hpp: a path walk, not nlohmann's general patch), so a snapshot between
// changes is exactly what the patches led to and costs one serialisation (cached until the next
// change).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "carc/protocol/view.hpp"

namespace carc::protocol {

struct ViewChange {
    nlohmann::json shared = nlohmann::json::array();  // operations on /room and /game, for everyone
    std::vector<nlohmann::json> you;  // per viewer key (0: spectators, 1 + seat): operations on /you
};

class ViewPublisher {
public:
    // Publishes the first views: `room` with no game.
    explicit ViewPublisher(const RoomInfo& room);

    // Brings the published views up to date and returns the operations that did it.
    // `spectators_changed`: whether room.spectators may differ from the last call (the list is
    // compared only then).
    ViewChange update(const RoomInfo& room, bool spectators_changed, const State* state,
                      const GameExtras& extras);

    // The view as last published for `seat` (nullopt: spectators), as a document or serialised.
    nlohmann::json view(std::optional<int> seat) const;
    std::string view_text(std::optional<int> seat) const;

    static std::size_t key(std::optional<int> seat) { return seat ? static_cast<std::size_t>(*seat) + 1 : 0; }

private:
    struct PublishedGame {
        bool present = false;
        Phase phase = Phase::place_tile;
        int turn = 0, turn_player = 0, decider = 0, tiles_left = 0;
        TileTypeId drawn = no_tile;
        std::vector<int> remaining;
        std::size_t board = 0;                 // tiles published (the board only grows)
        std::vector<std::uint8_t> heights;      // The Tower: each published tile's height
        std::vector<Follower> followers;
        std::vector<PlayerState> players;
        std::optional<ClockState> clock;
        std::string seed_commitment;
        std::optional<std::string> seed, seed_nonce;
        std::optional<GameResult> result;
        std::uint32_t towers_with_token = 0;    // The Castle
        std::vector<CastlePlayer> castle_players;
        nlohmann::json castle_pending = nlohmann::json::array();
        bool extra_turn = false;
        Quarter count_quarter = Quarter::castle;  // the City
        nlohmann::json redeploy_onto;
        PlayerId king = no_player, robber = no_player;
    };

    void update_room(const RoomInfo& room, bool spectators_changed, nlohmann::json& ops);
    void update_spectators(const std::vector<MemberInfo>& now, nlohmann::json& ops);
    void update_game(const State* state, const GameExtras& extras, nlohmann::json& ops);
    void capture_game(const State& state, const GameExtras& extras);

    RoomInfo room_;                      // the room as published
    PublishedGame game_;
    std::vector<nlohmann::json> legal_;  // per key: `you.legal` as published
    nlohmann::json shared_;              // {"room": ..., "game": ...} as published
    mutable std::string shared_text_;    // shared_ serialised, empty when stale
};

// The `patch` and `snapshot` messages around parts serialised once and shared: `operations` a
// JSON array, `you_operations` another (appended to it; "[]" or empty for none), `events` a JSON
// array, `view` an object. `extra_members` (may be empty) is spliced in as further members,
// e.g. `"log":[...]`. Member order differs from encode()'s; JSON readers do not care.
std::string patch_text(std::string_view room, std::uint64_t version, std::string_view operations,
                       std::string_view you_operations, std::string_view events);
std::string snapshot_text(std::string_view room, std::uint64_t version, std::string_view view,
                          const nlohmann::json& id, std::string_view extra_members = {});

}  // namespace carc::protocol
