#pragma once
// Per-viewer views of a room (docs/protocol.md, "The view"). The server describes the room in
// these plain structs; build_view turns them and the engine State into the JSON one viewer may
// see, field by field as protocol/src/view_fields.hpp describes them. Hidden information (the
// pile order, the seed before the end) has no field here or there at all, so it cannot leak by
// accident.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "carc/protocol/breakdown.hpp"
#include "carc/protocol/placement_choices.hpp"
#include "carc/protocol/settings.hpp"
#include "carc/state.hpp"

namespace carc::protocol {

// adjourned: a running game unloaded because no human was online (lobby entries only).
enum class RoomStatus : std::uint8_t { waiting, playing, finished, adjourned };
std::string_view to_string(RoomStatus status);

struct SeatInfo {
    enum class Kind : std::uint8_t { empty, human, bot };
    Kind kind = Kind::empty;
    std::string person;  // human seats
    std::string name;
    bool online = false;
    BotKind bot = BotKind::random;  // bot seats
    bool resigned = false;
    // A turn-based game's seat whose time and vacation ran out: a bot plays it until its person
    // takes it back (take_seat_back).
    bool away = false;
    // A live game without a clock whose seat's person has been offline past the grace period:
    // the other players may let a bot play it (bot_for_offline) until the person is back.
    bool offline_long = false;
    friend bool operator==(const SeatInfo&, const SeatInfo&) = default;
};

struct MemberInfo {
    std::string person;
    std::string name;
    bool online = false;
    friend bool operator==(const MemberInfo&, const MemberInfo&) = default;
};

struct RoomInfo {
    std::string id;
    std::string invite;
    std::string host;  // person id
    RoomStatus status = RoomStatus::waiting;
    RoomSettings settings;
    std::vector<SeatInfo> seats;
    // The first max_listed_spectators spectators by person id (ViewPublisher relies on the
    // order), and how many there are in all: a crowd's every name would make each arrival or
    // departure a patch of the whole list's size to everyone.
    std::vector<MemberInfo> spectators;
    int spectator_count = 0;
};

inline constexpr std::size_t max_listed_spectators = 50;

struct ClockState {
    std::vector<std::int64_t> remaining_ms;
    int running = -1;            // seat whose time runs, -1: none
    std::int64_t since_ms = 0;   // Unix ms when `running` started this stretch
    std::vector<int> timeouts;   // per seat: moves the server made because that seat's time ran out
    friend bool operator==(const ClockState&, const ClockState&) = default;
};

struct GameResult {
    std::string reason;  // "complete" or "resigned"
    std::vector<int> scores;
    std::vector<int> winners;
    std::vector<int> resigned;
    ScoreBreakdown breakdown;  // per seat: points by feature kind
    friend bool operator==(const GameResult&, const GameResult&) = default;
};

// A turn-based game's current move: whose it is and by when (Unix ms).
struct MoveDeadline {
    int seat = 0;
    std::int64_t at_ms = 0;
    friend bool operator==(const MoveDeadline&, const MoveDeadline&) = default;
};

// Everything about a running game the engine does not know.
struct GameExtras {
    std::string seed_commitment;
    std::optional<std::string> seed;        // revealed at the end only
    std::optional<std::string> seed_nonce;  // revealed at the end only
    std::optional<ClockState> clock;
    std::optional<GameResult> result;
    // Turn-based games: the current move's deadline (the mover's `you.deadline_ms`); nullopt in
    // live games and while the move has none (a bot's).
    std::optional<MoveDeadline> move_deadline;
    // The drawn tile's placements for the seat to lay it (its `you.placements`); null when
    // nobody is to be shown them (a bot lays the tile, or not phase place_tile).
    std::shared_ptr<const PlacementChoices> placements;
};

nlohmann::json room_to_json(const RoomInfo& room);
nlohmann::json game_to_json(const State& state, const GameExtras& extras);
// The features that `actions` name (follower spots, market moves), one entry per feature:
// `{"actions": [indices into actions], "kind", "complete", "points" (worth now, or null),
// "followers" (per seat), "segments": [[x, y, segment], ...]}`.
nlohmann::json features_to_json(const State& state, const std::vector<Action>& actions);
// The viewer's own part: `{"seat", "legal"}` (legal actions only for the decider, outside tile
// placement), for the seat to lay the drawn tile `placements`, and for the seat whose move has a
// deadline (turn-based games) `deadline_ms`.
nlohmann::json you_to_json(const State* state, const GameExtras& extras, std::optional<int> seat);
// The view of one viewer: `seat` is theirs, nullopt for spectators. `state` is null before start.
nlohmann::json build_view(const RoomInfo& room, const State* state, const GameExtras& extras,
                          std::optional<int> seat);

// One row of the lobby list.
struct RoomSummary {
    std::string id;
    std::string name;
    std::string rules;
    std::vector<std::string> expansions;
    RoomStatus status = RoomStatus::waiting;
    int seats = 0;
    int taken = 0;
    int bots = 0;
    int humans_online = 0;
    int spectators = 0;
    bool spectators_allowed = true;
    std::optional<ClockSettings> clock;
    std::optional<std::int64_t> move_time_s;  // a turn-based game's time per move
    std::string host;  // host's name
    friend bool operator==(const RoomSummary&, const RoomSummary&) = default;
};

RoomSummary summarize(const RoomInfo& room);
void to_json(nlohmann::json& out, const RoomSummary& summary);
void from_json(const nlohmann::json& in, RoomSummary& summary);

}  // namespace carc::protocol
