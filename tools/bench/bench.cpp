// carc-bench: the engine benchmarks of ../shared/guides/perf-anchors.md section 4.
// Prints figures; it asserts nothing (speed is never a unit test). docs/benchmarks.md records
// results with the command that produced them.
#include <algorithm>
#include <ctime>
#include <cstdio>
#include <string>
#include <vector>

#include "carc/bots.hpp"
#include "carc/match.hpp"
#include "carc/rng.hpp"
#include "playout.hpp"
#include "random_game.hpp"

using namespace carc;

namespace {

// Process CPU time, not wall time: on a shared machine the wall clock also counts the turns of
// other processes, CPU time only this one's (still slowed by shared caches, so prefer idle runs).
struct cpu_clock {
    static std::clock_t now() { return std::clock(); }
};
using clock_type = cpu_clock;

double seconds_since(std::clock_t t) {
    return static_cast<double>(std::clock() - t) / CLOCKS_PER_SEC;
}

// Stops a random game at the first tile placement after `tiles` tiles are laid.
class StopMidGame : public playout::Hooks {
public:
    explicit StopMidGame(int tiles) : tiles_(tiles) {}
    bool stop(const State& s) override {
        return s.board().size() >= tiles_ + 1 && s.phase() == Phase::place_tile;
    }

private:
    int tiles_;
};

// Seeded random games stopped after `tiles` placements: mid-game positions.
std::vector<State> mid_game_positions(const Game& game, int count, int tiles) {
    std::vector<State> out;
    StopMidGame stop(tiles);
    playout::RandomPlayer player;
    for (int i = 0; i < count; ++i) {
        State s = State::start(game, 1000 + static_cast<std::uint64_t>(i));
        Rng rng(static_cast<std::uint64_t>(i));
        player.play(s, rng, &stop);
        if (!s.is_over() && s.phase() == Phase::place_tile) out.push_back(s);
    }
    return out;
}

void bench_legal_generation(const Game& game) {
    const auto positions = mid_game_positions(game, 2000, 36);
    std::vector<Action> actions;
    std::uint64_t total = 0;
    const int passes = 200;
    const auto start = clock_type::now();
    for (int pass = 0; pass < passes; ++pass)
        for (const auto& s : positions) {
            actions.clear();
            s.legal_placements(actions);
            total += actions.size();
        }
    const double secs = seconds_since(start);
    const double calls = static_cast<double>(passes) * static_cast<double>(positions.size());
    std::printf("legal_gen_mid: %zu positions x %d passes, %.1f ns per call, %.2f placements avg,"
                " perft total %llu\n",
                positions.size(), passes, secs * 1e9 / calls,
                static_cast<double>(total) / calls, static_cast<unsigned long long>(total));
}

void bench_state_copy(const Game& game) {
    const auto positions = mid_game_positions(game, 64, 36);
    const int rounds = 200000;
    std::uint64_t sink = 0;
    const auto start = clock_type::now();
    for (int i = 0; i < rounds; ++i) {
        State copy = positions[static_cast<std::size_t>(i) % positions.size()];
        sink += static_cast<std::uint64_t>(copy.tiles_left());
    }
    const double secs = seconds_since(start);
    std::printf("state_clone: %.1f ns per copy of a mid-game state, sizeof(State) %zu bytes"
                " (copies move only the used part) [%llu]\n",
                secs * 1e9 / rounds, sizeof(State), static_cast<unsigned long long>(sink % 10));
}

void bench_replay(const Game& game, const GameConfig& config) {
    std::vector<std::vector<Action>> logs;
    for (int g = 0; g < 500; ++g) {
        std::string error;
        auto played = playout::random_game(MatchSetup{config, static_cast<std::uint64_t>(g), {}},
                                           static_cast<std::uint64_t>(g) + 77, nullptr, &error);
        logs.push_back(played->log);
    }
    const auto start = clock_type::now();
    std::uint64_t sink = 0;
    for (std::size_t g = 0; g < logs.size(); ++g) {
        State s = State::start(game, g);
        for (const auto& a : logs[g]) s.apply(a);
        sink ^= s.hash();
    }
    const double secs = seconds_since(start);
    std::printf("replay_full: %.1f us per game (%zu games) [%llx]\n", secs * 1e6 / static_cast<double>(logs.size()),
                logs.size(), static_cast<unsigned long long>(sink & 0xF));
}

void bench_playout(const GameConfig& config, int games, const char* label = "") {
    std::string error;
    auto game = Game::create(config, &error);
    if (!game) {
        std::printf("playout: %s\n", error.c_str());
        return;
    }
    const auto result = sim::run_playouts(*game, games, 1);
    std::printf("playout %dp%s: %d games, %.0f games per CPU second (%.0f per wall second), "
                "%.0f decisions/s, signature %s\n",
                config.players, label, games, result["games_per_cpu_second"].get<double>(),
                result["games_per_second"].get<double>(), result["decisions_per_second"].get<double>(),
                result["signature"].get<std::string>().c_str());
}

// CPU time per decision of each search bot on mid-game tile placements (the calibration of
// docs/bots.md: hard should take about 2 s on an idle core).
void bench_search(const Game& game) {
    const auto positions = mid_game_positions(game, 40, 30);
    for (const BotKind kind : {BotKind::easy, BotKind::medium, BotKind::hard}) {
        const std::size_t count = std::min<std::size_t>(positions.size(), kind == BotKind::hard ? 3 : 10);
        std::uint64_t sink = 0;
        const auto start = clock_type::now();
        for (std::size_t i = 0; i < count; ++i) {
            Rng rng(i);
            sink += static_cast<std::uint64_t>(choose(kind, positions[i], rng).at.x);
        }
        const double secs = seconds_since(start);
        std::printf("search %s: %d iterations, %.1f ms CPU per tile placement (%zu positions) [%llu]\n",
                    std::string(kind == BotKind::easy ? "easy" : kind == BotKind::medium ? "medium" : "hard").c_str(),
                    search_iterations(kind), secs * 1e3 / static_cast<double>(count), count,
                    static_cast<unsigned long long>(sink % 10));
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1 && std::string(argv[1]) == "search") {  // the search bots only: seconds per move
        std::string error;
        auto base = Game::create(GameConfig{}, &error);
        bench_search(*base);
        return 0;
    }
    const int games = argc > 1 ? std::stoi(argv[1]) : 20000;
    GameConfig two;
    two.players = 2;
    GameConfig five;
    five.players = 5;
    std::string error;
    auto game = Game::create(two, &error);
    bench_playout(two, games);
    bench_playout(five, games);
    // Count King and Cult without the City (docs/ckc.md), alone and with everything else.
    GameConfig river = two, king = two, cult = two, all = two;
    river.expansions.river2 = true;
    king.expansions.king_robber = true;
    cult.expansions.cult = true;
    all.expansions = Expansions{true, true, false, true, true};
    bench_playout(river, games, " river2");
    bench_playout(king, games, " king_robber");
    bench_playout(cult, games, " cult");
    bench_playout(all, games, " river2+king_robber+cult+tower");
    bench_legal_generation(*game);
    bench_state_copy(*game);
    bench_replay(*game, two);

    // The City of Carcassonne with the Count, alone and with The Tower (docs/benchmarks.md).
    GameConfig city = two;
    city.expansions.count = true;
    bench_playout(city, games, " city");
    city.players = 5;
    bench_playout(city, games, " city");
    city.players = 2;
    city.expansions.tower = true;
    bench_playout(city, games, " city+tower");
    city.expansions.tower = false;
    auto city_game = Game::create(city, &error);
    std::printf("city: ");
    bench_replay(*city_game, city);
    return 0;
}
