#pragma once
// The market move's choices told apart in words: the side of its tile the field lies on, who
// holds the field, what it is worth and how many tiles it covers, so two fields of one tile never
// read alike.

#include <string>

#include <nlohmann/json.hpp>

#include "event_text.hpp"
#include "tile_book.hpp"

namespace carc::term {

// `option`: a market_move of `you["legal"]`; `you`: the view's own part (its `features` name the
// field each option puts the follower on); `game`: the view's game (its board).
std::string market_choice_text(const nlohmann::json& option, const nlohmann::json& you, const nlohmann::json& game,
                               const TileBook& tiles, const SeatNamer& name);

}  // namespace carc::term
