// The ladder's bots (beginner, apprentice, amateur: carc/bots.hpp, docs/bots.md "The ladder"):
// legal moves only, the same game for the same seed, the mixture's definition, and the
// one-step evaluation player never reading the hidden pile.
#include <catch2/catch.hpp>

#include <algorithm>
#include <span>
#include <vector>

#include "carc/bots.hpp"
#include "bot_positions.hpp"
#include "random_game.hpp"

using namespace carc;
using namespace carc::test;

namespace {

// Both seats played by `kind` from one seed, every action checked against the legal ones.
std::vector<Action> play_game(const Game& game, BotKind kind, std::uint64_t seed) {
    State s = State::start(game, seed);
    Rng rngs[2] = {Rng(seed * 2 + 1), Rng(seed * 2 + 2)};
    std::vector<Action> log, legal;
    while (!s.is_over()) {
        const Action a = choose(kind, s, rngs[s.decider()]);
        legal.clear();
        s.legal_actions(legal);
        INFO("move " << log.size() << ": " << describe(a));
        REQUIRE(std::find(legal.begin(), legal.end(), a) != legal.end());
        REQUIRE_FALSE(s.apply(a));
        log.push_back(a);
    }
    return log;
}

}  // namespace

TEST_CASE("ladder bots: legal moves only, and the same game for the same seed", "[bots][ladder]") {
    std::vector<GameConfig> configs(5);
    configs[1].expansions.tower = true;
    configs[2].expansions = Expansions{false, true, false, true, true};  // River II, King, Cult
    configs[3].expansions.count = true;                                  // the City
    configs[4].rules = RuleSystem::castle;
    for (const BotKind kind : {BotKind::beginner, BotKind::apprentice, BotKind::amateur}) {
        for (std::size_t c = 0; c < configs.size(); ++c) {
            INFO("kind " << static_cast<int>(kind) << ", config " << c);
            auto game = make_game(configs[c]);
            const auto first = play_game(*game, kind, 40 + c);
            CHECK(first.size() > 40);
            CHECK(play_game(*game, kind, 40 + c) == first);
            // The bot's own stream decides its moves: another seed, another game.
            CHECK(play_game(*game, kind, 90 + c) != first);
        }
    }
}

TEST_CASE("ladder bots: a draw of the bot's stream, then the stronger or the weaker move", "[bots][ladder]") {
    CHECK(stronger_move_percent(BotKind::beginner) == 50);
    CHECK(stronger_move_percent(BotKind::apprentice) == 35);
    CHECK(stronger_move_percent(BotKind::amateur) == 75);
    auto game = make_game({});
    int stronger[3] = {0, 0, 0};
    const int positions = 60;
    for (int p = 0; p < positions; ++p) {
        State s = State::start(*game, 300 + static_cast<std::uint64_t>(p));
        advance(s, 2 * p, 7);  // tile placements and follower steps, early and late
        if (s.is_over()) continue;
        const BotKind kinds[3] = {BotKind::beginner, BotKind::apprentice, BotKind::amateur};
        for (int k = 0; k < 3; ++k) {
            Rng bot(1000 + static_cast<std::uint64_t>(p)), twin = bot;
            const Action played = choose(kinds[k], s, bot);
            const bool strong = static_cast<int>(twin.below(100)) < stronger_move_percent(kinds[k]);
            stronger[k] += strong;
            const Action expected = kinds[k] == BotKind::beginner
                                        ? (strong ? choose_greedy(s, twin) : choose_random(s, twin))
                                        : (strong ? choose_evaluated(s, twin) : choose_greedy(s, twin));
            CHECK(played == expected);
            CHECK(bot.next() == twin.next());  // the same draws, in the same order
        }
    }
    // Both branches are taken: the mixture is neither of its parts.
    for (const int n : stronger) {
        CHECK(n > 0);
        CHECK(n < positions);
    }
}

TEST_CASE("ladder bots: the evaluation player never reads the hidden pile", "[bots][ladder]") {
    auto game = make_game({});
    State a = State::start(*game, 21);
    advance(a, 20, 4);
    // b: the same public position with the face-down tiles in another order.
    std::vector<TileTypeId> order = State::start(*game, 21).hidden_pile_order();
    const int drawn = static_cast<int>(order.size()) - a.tiles_left();
    Rng shuffle(77);
    shuffle.shuffle(std::span<TileTypeId>(order.data() + drawn, order.size() - static_cast<std::size_t>(drawn)));
    std::vector<TileTypeId> full{State::start(*game, 21).drawn_tile()};
    full.insert(full.end(), order.begin(), order.end());
    State b = State::start_with_order(*game, full);
    advance(b, 20, 4);
    REQUIRE(b.board() == a.board());
    REQUIRE(b.hidden_pile_order() != a.hidden_pile_order());
    // A placement, then its follower step (whose pass ends the turn and turns a tile over).
    for (int step = 0; step < 2; ++step) {
        Rng ra(5), rb(5);
        const Action move = choose_evaluated(a, ra);
        CHECK(choose_evaluated(b, rb) == move);
        REQUIRE_FALSE(a.apply(move));
        REQUIRE_FALSE(b.apply(move));
        if (a.phase() != Phase::place_follower) break;
    }
}
