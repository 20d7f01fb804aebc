#pragma once
// The sub-trees of a view, each built by one function, which the view's description
// (view_fields.hpp) names for both snapshots and patches.

#include <nlohmann/json.hpp>

#include "carc/protocol/view.hpp"

namespace carc::protocol::parts {

nlohmann::json settings(const RoomSettings& settings);
nlohmann::json seat(int index, const SeatInfo& seat);
nlohmann::json spectator(const MemberInfo& member);
nlohmann::json board_entry(const TileCatalog& catalog, const PlacedTile& tile);
nlohmann::json follower(const State& state, const Follower& follower);
nlohmann::json player(const State& state, int player);
nlohmann::json drawn_tile(const State& state);
nlohmann::json clock(const std::optional<ClockState>& clock);
nlohmann::json result(const std::optional<GameResult>& result);
nlohmann::json optional_string(const std::optional<std::string>& text);
// The Castle's walled board: the same in every game, built once per process.
const nlohmann::json& castle_board();
nlohmann::json castle_towers(const CastleState& castle);
nlohmann::json castle_player(const CastlePlayer& player);
// The scorings waiting for a choice, each with its feature's cells.
nlohmann::json castle_pending(const State& state);
// The City: the feature followers from a quarter would join, or null outside phase redeploy.
nlohmann::json redeploy_onto(const State& state);

}  // namespace carc::protocol::parts
