#pragma once
// Every field of a view, described once (view_description.hpp says how a description is used):
// `room_fields` and `game_fields` are the part every viewer shares, `you_fields` the viewer's own.
// A new field is one line here; build_view and ViewPublisher both follow. Hidden information
// (the pile order, the seed before the end, The Castle's face-down tokens) has no line, so it is
// in no view. Constants are never compared: the room's id, invite and settings are fixed when
// the room is made, the rules, seat count and The Castle's walled board when the game starts.

#include <optional>

#include "carc/protocol/engine_json.hpp"
#include "carc/protocol/view.hpp"
#include "view_description.hpp"
#include "view_parts.hpp"

namespace carc::protocol::view {

struct RoomSource {
    const RoomInfo& room;
    bool spectators_changed;  // whether room.spectators may differ from what was published
    bool has(Games games) const { return games == Games::every; }
};

struct GameSource {
    const State& state;
    const GameExtras& extras;
    bool has(Games games) const {
        const GameConfig& config = state.game().config();
        switch (games) {
            case Games::every: return true;
            case Games::castle: return config.rules == RuleSystem::castle;
            case Games::count: return config.expansions.count;
            case Games::king_robber: return config.expansions.king_robber;
        }
        return false;
    }
};

// One viewer: `seat` nullopt for spectators, `state` null before the start.
struct ViewerSource {
    const State* state;
    const GameExtras& extras;
    std::optional<int> seat;
    bool resigned = false;  // the seat's person resigned: a bot decides for it
    bool has(Games games) const { return games == Games::every; }
};

inline bool seat_resigned(const RoomInfo& room, std::optional<int> seat) {
    return seat && static_cast<std::size_t>(*seat) < room.seats.size() &&
           room.seats[static_cast<std::size_t>(*seat)].resigned;
}

// The viewer decides now, outside tile placement (placing, below): its legal actions
// are in its view.
inline bool deciding(const ViewerSource& v) {
    return v.seat && !v.resigned && v.state && !v.extras.result && !v.state->is_over() &&
           v.state->decider() == *v.seat && v.state->phase() != Phase::place_tile;
}

// The viewer is to lay the drawn tile: its placements are in its view.
inline bool placing(const ViewerSource& v) {
    return v.seat && !v.resigned && v.state && !v.extras.result && !v.state->is_over() &&
           v.state->decider() == *v.seat && v.state->phase() == Phase::place_tile;
}
inline const PlacementChoices no_placements;

// The seats of a game as a list (the engine hands them out one by one).
struct PlayersOf {
    const State& state;
    std::size_t size() const { return static_cast<std::size_t>(state.game().players()); }
    const PlayerState& operator[](std::size_t p) const { return state.player(static_cast<int>(p)); }
};

inline constexpr auto same_json = [](const auto&, const nlohmann::json& value) { return value; };
inline constexpr auto as_json = [](const auto&, const auto& value) { return nlohmann::json(value); };

inline constexpr auto room_fields = std::tuple{
    Constant{"/room/id", Games::every, [](const RoomSource& s) { return nlohmann::json(s.room.id); }},
    Constant{"/room/name", Games::every, [](const RoomSource& s) { return nlohmann::json(s.room.settings.name); }},
    Value{"/room/status", Games::every, [](const RoomSource& s) { return s.room.status; },
          [](const RoomSource&, RoomStatus status) { return nlohmann::json(to_string(status)); }},
    Value{"/room/host", Games::every, [](const RoomSource& s) -> const std::string& { return s.room.host; }, as_json},
    Constant{"/room/private", Games::every,
             [](const RoomSource& s) { return nlohmann::json(s.room.settings.is_private); }},
    Constant{"/room/invite", Games::every, [](const RoomSource& s) { return nlohmann::json(s.room.invite); }},
    Constant{"/room/spectators_allowed", Games::every,
             [](const RoomSource& s) { return nlohmann::json(s.room.settings.spectators); }},
    Constant{"/room/settings", Games::every, [](const RoomSource& s) { return parts::settings(s.room.settings); }},
    List{"/room/seats", Games::every, [](const RoomSource& s) -> const auto& { return s.room.seats; },
         [](const RoomSource&, std::size_t i, const SeatInfo& seat) { return parts::seat(static_cast<int>(i), seat); }},
    SortedList{"/room/spectators", Games::every, [](const RoomSource& s) -> const auto& { return s.room.spectators; },
               [](const RoomSource&, const MemberInfo& m) { return parts::spectator(m); },
               [](const MemberInfo& m) -> const std::string& { return m.person; },
               [](const RoomSource& s) { return s.spectators_changed; }},
    Value{"/room/spectator_count", Games::every, [](const RoomSource& s) { return s.room.spectator_count; }, as_json},
};

inline constexpr auto game_fields = std::tuple{
    Constant{"/game/rules", Games::every,
             [](const GameSource& s) { return nlohmann::json(to_string(s.state.game().config().rules)); }},
    Constant{"/game/player_count", Games::every, [](const GameSource& s) { return nlohmann::json(s.state.game().players()); }},
    Value{"/game/phase", Games::every, [](const GameSource& s) { return s.state.phase(); },
          [](const GameSource&, Phase phase) { return nlohmann::json(to_string(phase)); }},
    Value{"/game/turn", Games::every, [](const GameSource& s) { return s.state.turn_number(); }, as_json},
    Value{"/game/turn_player", Games::every, [](const GameSource& s) { return s.state.turn_player(); }, as_json},
    Value{"/game/decider", Games::every, [](const GameSource& s) { return s.state.decider(); }, as_json},
    Value{"/game/drawn_tile", Games::every, [](const GameSource& s) { return s.state.drawn_tile(); },
          [](const GameSource& s, TileTypeId) { return parts::drawn_tile(s.state); }},
    Value{"/game/tiles_left", Games::every, [](const GameSource& s) { return s.state.tiles_left(); }, as_json},
    // The multiset of face-down tiles is public; their order is not.
    List{"/game/remaining", Games::every, [](const GameSource& s) { return s.state.remaining_tiles(); },
         [](const GameSource&, std::size_t, int count) { return nlohmann::json(count); }},
    // Append-only but for The Tower raising a laid tile.
    List{"/game/board", Games::every, [](const GameSource& s) { return s.state.tiles(); },
         [](const GameSource& s, std::size_t, const PlacedTile& t) { return parts::board_entry(s.state.game().tiles(), t); }},
    List{"/game/followers", Games::every, [](const GameSource& s) { return s.state.followers(); },
         [](const GameSource& s, std::size_t, const Follower& f) { return parts::follower(s.state, f); }},
    List{"/game/players", Games::every, [](const GameSource& s) { return PlayersOf{s.state}; },
         [](const GameSource& s, std::size_t p, const PlayerState&) { return parts::player(s.state, static_cast<int>(p)); }},
    Value{"/game/clock", Games::every, [](const GameSource& s) -> const auto& { return s.extras.clock; },
          [](const GameSource&, const std::optional<ClockState>& clock) { return parts::clock(clock); }},
    Value{"/game/seed_commitment", Games::every,
          [](const GameSource& s) -> const std::string& { return s.extras.seed_commitment; }, as_json},
    // The seed and its nonce are set only once the game is over.
    Value{"/game/seed", Games::every, [](const GameSource& s) -> const auto& { return s.extras.seed; },
          [](const GameSource&, const std::optional<std::string>& seed) { return parts::optional_string(seed); }},
    Value{"/game/seed_nonce", Games::every, [](const GameSource& s) -> const auto& { return s.extras.seed_nonce; },
          [](const GameSource&, const std::optional<std::string>& nonce) { return parts::optional_string(nonce); }},
    Value{"/game/result", Games::every, [](const GameSource& s) -> const auto& { return s.extras.result; },
          [](const GameSource&, const std::optional<GameResult>& result) { return parts::result(result); }},
    Constant{"/game/castle/board", Games::castle, [](const GameSource&) { return parts::castle_board(); }},
    // Which towers hold a token, never which token.
    Value{"/game/castle/towers_with_token", Games::castle,
          [](const GameSource& s) { return s.state.castle().towers_with_token; },
          [](const GameSource& s, std::uint16_t) { return parts::castle_towers(s.state.castle()); }},
    List{"/game/castle/players", Games::castle, [](const GameSource& s) -> const auto& { return s.state.castle().players; },
         [](const GameSource&, std::size_t, const CastlePlayer& p) { return parts::castle_player(p); }},
    // Usually empty; compared as JSON since it carries each feature's cells.
    Value{"/game/castle/pending", Games::castle, [](const GameSource& s) { return parts::castle_pending(s.state); },
          same_json},
    Value{"/game/castle/extra_turn", Games::castle, [](const GameSource& s) { return s.state.castle().extra_turn; },
          as_json},
    Value{"/game/count_quarter", Games::count, [](const GameSource& s) { return s.state.count_quarter(); },
          [](const GameSource&, Quarter q) { return nlohmann::json(to_string(q)); }},
    Value{"/game/redeploy_onto", Games::count, [](const GameSource& s) { return parts::redeploy_onto(s.state); },
          same_json, true},
    Value{"/game/king", Games::king_robber, [](const GameSource& s) { return s.state.king(); }, as_json},
    Value{"/game/robber", Games::king_robber, [](const GameSource& s) { return s.state.robber(); }, as_json},
};

inline constexpr auto you_fields = std::tuple{
    Constant{"/you/seat", Games::every,
             [](const ViewerSource& v) { return v.seat ? nlohmann::json(*v.seat) : nlohmann::json(nullptr); }},
    Value{"/you/legal", Games::every,
          [](const ViewerSource& v) {
              std::vector<Action> legal;
              if (deciding(v)) v.state->legal_actions(legal);
              return legal;
          },
          [](const ViewerSource&, const std::vector<Action>& legal) { return actions_to_json(legal); }},
    // Only the placer has it (null is no member), so no one else's patch carries the list.
    Value{"/you/placements", Games::every,
          [](const ViewerSource& v) -> const PlacementChoices& {
              return placing(v) && v.extras.placements ? *v.extras.placements : no_placements;
          },
          [](const ViewerSource&, const PlacementChoices& choices) {
              return choices.empty() ? nlohmann::json(nullptr) : placement_choices_to_json(choices);
          },
          true},
    // The features the legal actions name, so a choice shows its whole feature.
    Value{"/you/features", Games::every,
          [](const ViewerSource& v) {
              std::vector<Action> legal;
              if (deciding(v)) v.state->legal_actions(legal);
              return legal.empty() ? nlohmann::json::array() : features_to_json(*v.state, legal);
          },
          same_json},
    // A turn-based game's move deadline, only in its mover's view (null is no member).
    Value{"/you/deadline_ms", Games::every,
          [](const ViewerSource& v) -> std::optional<std::int64_t> {
              const auto& d = v.extras.move_deadline;
              if (!d || !v.seat || d->seat != *v.seat || v.resigned || !v.state || v.extras.result || v.state->is_over())
                  return std::nullopt;
              return d->at_ms;
          },
          [](const ViewerSource&, const std::optional<std::int64_t>& at) {
              return at ? nlohmann::json(*at) : nlohmann::json(nullptr);
          },
          true},
};

}  // namespace carc::protocol::view
