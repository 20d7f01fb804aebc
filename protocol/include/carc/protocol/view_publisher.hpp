#pragma once
// A room's views published change by change (docs/protocol.md, "Views: snapshot and patch").
//
// Every viewer's view is the same `room` and `game` plus its own `you`. Every field is described
// once (protocol/src/view_fields.hpp): the publisher keeps what it last published of each in
// typed form (scalars, the board, followers, scores, ...); on each change it compares those with
// the room and the engine state and turns only what differs into RFC 6902 operations, built once
// for all viewers. Constant fields are never compared: the room's id, invite, settings and number
// of seats are the ones the publisher was made with, whatever RoomInfo later says; the rules and
// The Castle's walled board go out with the game. New tiles become `add .../board/-`; a
// spectator arriving or leaving is one operation on `/room/spectators`. Each viewer's `you` is
// compared on its own.
//
// It also keeps the published shared document itself, patched in place with the same operations
// (patch_ops.hpp: a path walk, not nlohmann's general patch), so a snapshot between changes is
// exactly what the patches led to and costs one serialisation (cached until the next change).

#include <cstdint>
#include <memory>
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
    ViewPublisher(ViewPublisher&&) noexcept;
    ViewPublisher& operator=(ViewPublisher&&) noexcept;
    ~ViewPublisher();

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
    struct Published;  // what was last published of every described field

    const nlohmann::json& you(std::optional<int> seat) const;  // you_[key(seat)], built when stale

    std::unique_ptr<Published> published_;
    // per key: `you` as last published, null when a change made it stale (it is built again from
    // the kept values when a snapshot asks: snapshots are rare, changes are not)
    mutable std::vector<nlohmann::json> you_;
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
