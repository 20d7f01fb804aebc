#pragma once
// Random playouts: speed and a determinism signature.

#include <cstdint>
#include <nlohmann/json.hpp>

#include "carc/game.hpp"

namespace carc::sim {

nlohmann::json run_playouts(const Game& game, int games, std::uint64_t seed);

}  // namespace carc::sim
