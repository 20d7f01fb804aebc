#include "playout.hpp"

#include <chrono>
#include <ctime>

#include "carc/rng.hpp"
#include "carc/state.hpp"
#include "random_game.hpp"

namespace carc::sim {

nlohmann::json run_playouts(const Game& game, int games, std::uint64_t seed) {
    playout::RandomPlayer player;
    std::vector<double> score_sums(game.players(), 0.0);
    std::uint64_t signature = 0x9E3779B97F4A7C15ull;
    std::uint64_t decisions = 0;
    const auto started = std::chrono::steady_clock::now();
    // CPU time as well: on a shared machine the wall clock counts other processes' turns too.
    const std::clock_t cpu_started = std::clock();
    for (int g = 0; g < games; ++g) {
        const std::uint64_t game_seed = seed + static_cast<std::uint64_t>(g);
        State state = State::start(game, game_seed);
        Rng choices(game_seed ^ 0xD1B54A32D192ED03ull);  // the players' own randomness
        decisions += player.play(state, choices).decisions;
        for (int p = 0; p < game.players(); ++p) score_sums[p] += state.score(p);
        signature = (signature ^ state.hash()) * 0x100000001B3ull;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const double cpu_seconds = static_cast<double>(std::clock() - cpu_started) / CLOCKS_PER_SEC;
    nlohmann::json mean = nlohmann::json::array();
    for (double s : score_sums) mean.push_back(games ? s / games : 0.0);
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(signature));
    return {{"games", games},
            {"players", game.players()},
            {"seconds", seconds},
            {"games_per_second", seconds > 0 ? games / seconds : 0.0},
            {"decisions_per_second", seconds > 0 ? static_cast<double>(decisions) / seconds : 0.0},
            {"cpu_seconds", cpu_seconds},
            {"games_per_cpu_second", cpu_seconds > 0 ? games / cpu_seconds : 0.0},
            {"mean_scores", mean},
            {"signature", hex}};
}

}  // namespace carc::sim
