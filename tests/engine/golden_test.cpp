// Golden games: seeded random games whose action logs, final scores and hashes are committed
// in tests/engine/golden/. A rules change that alters any of them shows up here; if it is
// intended, regenerate with CARC_UPDATE_GOLDEN=1 and review the diff.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

#include "carc/match.hpp"
#include "carc/rng.hpp"

using namespace carc;

namespace {

struct Golden {
    std::string name;  // file prefix: the rule system and expansions
    GameConfig config;
    std::uint64_t seed;
    int players() const { return config.players; }
};

GameConfig config_of(int players, RuleSystem rules = RuleSystem::carcassonne, bool tower = false) {
    GameConfig config;
    config.rules = rules;
    config.players = players;
    config.expansions.tower = tower;
    return config;
}

const std::vector<Golden>& golden_games() {
    static const std::vector<Golden> games = {
        {"base", config_of(2), 1},
        {"base", config_of(2), 2},
        {"base", config_of(3), 3},
        {"base", config_of(5), 5},
        {"tower", config_of(4, RuleSystem::carcassonne, true), 4},
        {"castle", config_of(2, RuleSystem::castle), 7},
        {"castle", config_of(2, RuleSystem::castle), 8},
    };
    return games;
}

std::string file_for(const Golden& g) {
    return std::string(CARC_GOLDEN_DIR) + "/" + g.name + "-" + std::to_string(g.players()) +
           "p-seed" + std::to_string(g.seed) + ".txt";
}

// The text of a finished game: one header line, then one action per line.
std::string record(const Golden& g) {
    std::string error;
    auto match = Match::create(MatchSetup{g.config, g.seed, {}}, &error);
    INFO(error);
    REQUIRE(match);
    Rng choices(g.seed ^ 0xABCDEFull);
    std::vector<Action> actions;
    while (!match->state().is_over()) {
        match->state().legal_actions(actions);
        REQUIRE_FALSE(match->apply(actions[choices.below(static_cast<std::uint32_t>(actions.size()))]));
    }
    std::ostringstream out;
    out << "players " << g.players() << " seed " << g.seed << " scores";
    for (int p = 0; p < g.players(); ++p) out << " " << match->state().score(p);
    out << " hash " << std::hex << match->state().hash() << std::dec << "\n";
    for (const auto& a : match->actions()) out << encode(a) << "\n";
    return out.str();
}

}  // namespace

TEST_CASE("golden games replay exactly as committed", "[golden]") {
    const bool update = std::getenv("CARC_UPDATE_GOLDEN") != nullptr;
    for (const Golden& g : golden_games()) {
        const std::string path = file_for(g);
        const std::string text = record(g);
        if (update) {
            std::ofstream out(path);
            out << text;
            REQUIRE(out.good());
            continue;
        }
        std::ifstream in(path);
        REQUIRE(in.good());
        std::stringstream committed;
        committed << in.rdbuf();
        INFO(path);
        CHECK(committed.str() == text);

        // The committed log itself replays through Match::replay to the committed hash.
        std::istringstream lines(committed.str());
        std::string header;
        std::getline(lines, header);
        std::vector<Action> actions;
        for (std::string line; std::getline(lines, line);) {
            Action a;
            REQUIRE(decode(line, a));
            actions.push_back(a);
        }
        std::string error;
        auto replayed = Match::replay(MatchSetup{g.config, g.seed, {}}, actions, &error);
        REQUIRE(replayed);
        std::ostringstream hash;
        hash << "hash " << std::hex << replayed->state().hash();
        CHECK(header.find(hash.str()) != std::string::npos);
    }
}

TEST_CASE("action text round-trips") {
    Action a = Action::place_tile(Coord{-3, 7}, 2);
    Action b;
    REQUIRE(decode(encode(a), b));
    CHECK(a == b);
    CHECK_FALSE(decode("place_tile 1 2", b));
    CHECK_FALSE(decode("fly 0 0 0 -1 0 -1", b));
    CHECK_FALSE(decode("place_tile 0 0 9 -1 0 -1", b));
}
