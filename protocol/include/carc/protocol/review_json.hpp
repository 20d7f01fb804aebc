#pragma once
// A move review (carc/review.hpp) as JSON: the document `carc-sim review` prints and the
// server's GET /api/games/{id}/review answers (fields in docs/bots.md, "Move review"). Every
// figure is in points, rounded to hundredths, so the printed figures add up as the engine's do.
// Fields keep the order below.

#include <string_view>

#include <nlohmann/json.hpp>

#include "carc/game.hpp"
#include "carc/review.hpp"

namespace carc::protocol {

nlohmann::ordered_json review_to_json(const Review& review, const Game& game, std::string_view strength);

}  // namespace carc::protocol
