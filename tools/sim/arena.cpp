// carc-sim arena --a KIND --b KIND --games N [--game carcassonne|castle] [--expansions a,b]
//                [--seed S] [--iterations-a N] [--iterations-b N]
// Plays N two-player games between bot kinds A and B. Games come in pairs on the same seed
// (the same tiles) with the seats swapped, so neither the draw nor the first move favours a
// side. Prints A's win rate (a draw counts half) with its 95% confidence interval (Wilson), the mean
// scores, and each side's CPU time per decision.
#include "arena.hpp"

#include <cmath>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <sstream>
#include <string>

#include "carc/bots.hpp"
#include "carc/search.hpp"
#include "carc/protocol/settings.hpp"
#include "script_config.hpp"

namespace carc::sim {

namespace {

bool parse_kind(const std::string& text, BotKind& out) { return protocol::bot_kind_from_string(text, out); }

struct Side {
    BotKind kind = BotKind::greedy;
    int iterations = 0;  // 0: the kind's own budget
    double wins = 0;
    double score = 0;
    double cpu = 0;
    long long decisions = 0;
};

Action decide(const Side& side, const State& s, Rng& rng) {
    if (side.iterations > 0 && is_search_bot(side.kind)) {
        SearchSettings settings;
        settings.iterations = side.iterations;
        settings.seed = rng.next();
        return search(s, settings).action;
    }
    return choose(side.kind, s, rng);
}

}  // namespace

int arena(int argc, char** argv) {
    nlohmann::json config = {{"game", "carcassonne"}, {"players", 2}, {"expansions", nlohmann::json::array()}};
    Side sides[2];
    int games = 100;
    std::uint64_t seed = 1;
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        const std::string value = argv[i + 1];
        bool ok = true;
        try {
            if (flag == "--a") ok = parse_kind(value, sides[0].kind);
            else if (flag == "--b") ok = parse_kind(value, sides[1].kind);
            else if (flag == "--games") games = std::stoi(value);
            else if (flag == "--seed") seed = std::stoull(value);
            else if (flag == "--iterations-a") sides[0].iterations = std::stoi(value);
            else if (flag == "--iterations-b") sides[1].iterations = std::stoi(value);
            else if (flag == "--game") config["game"] = value;
            else if (flag == "--expansions") {
                std::stringstream list(value);
                for (std::string name; std::getline(list, name, ',');)
                    if (!name.empty()) config["expansions"].push_back(name);
            } else ok = false;
        } catch (const std::exception&) {
            ok = false;
        }
        if (!ok) {
            std::cerr << "carc-sim arena: bad option " << flag << " " << value << "\n";
            return 1;
        }
    }
    GameConfig game_config;
    std::string error;
    if (!config_from_json(config, game_config, error)) {
        std::cerr << "carc-sim: " << error << "\n";
        return 1;
    }
    auto game = Game::create(game_config, &error);
    if (!game) {
        std::cerr << "carc-sim: " << error << "\n";
        return 1;
    }
    for (int g = 0; g < games; ++g) {
        const int a_seat = g % 2;  // pairs: the same seed, A first then B first
        const std::uint64_t game_seed = seed * 1000003 + static_cast<std::uint64_t>(g / 2);
        State s = State::start(*game, game_seed);
        Rng rngs[2] = {Rng(game_seed * 2 + 11), Rng(game_seed * 2 + 12)};
        while (!s.is_over()) {
            const int side = s.decider() == a_seat ? 0 : 1;
            const std::clock_t start = std::clock();
            const Action a = decide(sides[side], s, rngs[side]);
            sides[side].cpu += static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
            ++sides[side].decisions;
            if (auto refused = s.apply(a)) {
                std::cerr << "carc-sim arena: a bot's action was refused: " << refused->message << "\n";
                return 1;
            }
        }
        const int score_a = s.score(a_seat), score_b = s.score(1 - a_seat);
        sides[0].score += score_a;
        sides[1].score += score_b;
        sides[0].wins += score_a > score_b ? 1.0 : score_a == score_b ? 0.5 : 0.0;
        sides[1].wins += score_b > score_a ? 1.0 : score_a == score_b ? 0.5 : 0.0;
        std::fprintf(stderr, "game %d/%d: A %d B %d\n", g + 1, games, score_a, score_b);
    }
    const double n = games;
    const double p = sides[0].wins / n;
    // Wilson's score interval: unlike p +- 1.96 sd it stays honest near 0% and 100%.
    const double z = 1.96, z2 = z * z;
    const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
    std::printf("arena %s%s%s: A=%s B=%s, %d games\n", config["game"].get<std::string>().c_str(),
                config["expansions"].empty() ? "" : " +", config["expansions"].empty() ? "" : config["expansions"].dump().c_str(),
                std::string(protocol::to_string(sides[0].kind)).c_str(),
                std::string(protocol::to_string(sides[1].kind)).c_str(), games);
    std::printf("A win rate %.1f%% (95%% CI %.1f%%..%.1f%%), mean score A %.1f B %.1f\n", 100 * p,
                100 * std::max(0.0, centre - half), 100 * std::min(1.0, centre + half), sides[0].score / n, sides[1].score / n);
    for (int k = 0; k < 2; ++k)
        std::printf("%c: %.1f ms CPU per decision (%lld decisions)\n", k == 0 ? 'A' : 'B',
                    sides[k].decisions ? 1000 * sides[k].cpu / static_cast<double>(sides[k].decisions) : 0.0,
                    sides[k].decisions);
    return 0;
}

}  // namespace carc::sim
