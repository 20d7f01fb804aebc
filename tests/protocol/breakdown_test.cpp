// The end-of-game breakdown: rebuilt from the match log, each seat's kinds add up to its score,
// and the scoring events explain every point (nothing left for `other`).
#include <catch2/catch.hpp>

#include "carc/match.hpp"
#include "carc/protocol/breakdown.hpp"
#include "random_game.hpp"

using namespace carc;

namespace {

std::unique_ptr<Match> played_out(GameConfig config, std::uint64_t seed) {
    MatchSetup setup;
    setup.config = config;
    setup.seed = seed;
    std::string error;
    const auto game = playout::random_game(setup, seed + 1, nullptr, &error);
    INFO(error);
    REQUIRE(game);
    REQUIRE_FALSE(game->outcome.refused);
    REQUIRE(game->end->is_over());
    // The breakdown reads the match's log: the same game as a Match.
    auto match = Match::replay(setup, game->log, &error);
    REQUIRE(match);
    return match;
}

void check_explained(const Match& match) {
    const protocol::ScoreBreakdown b = protocol::score_breakdown(match);
    REQUIRE(b.size() == static_cast<std::size_t>(match.game().players()));
    for (std::size_t p = 0; p < b.size(); ++p) {
        int sum = 0;
        for (const auto& [kind, points] : b[p]) {
            CHECK(points != 0);
            sum += points;
        }
        CHECK(sum == match.state().score(static_cast<PlayerId>(p)));
        CHECK(b[p].count("other") == 0);
    }
}

}  // namespace

TEST_CASE("score breakdown of base games adds up by feature kind", "[protocol]") {
    GameConfig config;
    config.players = 3;
    for (std::uint64_t seed : {1u, 2u, 3u}) {
        const auto match = played_out(config, seed);
        check_explained(*match);
        const auto b = protocol::score_breakdown(*match);
        bool any_city_or_road = false;
        for (const auto& seat : b) any_city_or_road |= seat.count("city") || seat.count("road");
        CHECK(any_city_or_road);
    }
}

TEST_CASE("score breakdown with The Tower and in The Castle adds up", "[protocol]") {
    GameConfig tower;
    tower.players = 4;
    tower.expansions.tower = true;
    for (std::uint64_t seed : {4u, 5u}) check_explained(*played_out(tower, seed));
    GameConfig castle;
    castle.rules = RuleSystem::castle;
    castle.players = 2;
    for (std::uint64_t seed : {6u, 7u, 8u}) check_explained(*played_out(castle, seed));
}

TEST_CASE("score breakdown with every Count, King and Cult part adds up", "[protocol]") {
    GameConfig all;
    all.players = 3;
    all.expansions = Expansions{true, true, true, true, true};
    bool king_seen = false;
    for (std::uint64_t seed : {9u, 10u, 11u}) {
        const auto match = played_out(all, seed);
        check_explained(*match);
        for (const auto& seat : protocol::score_breakdown(*match)) king_seen |= seat.count("king") > 0;
    }
    CHECK(king_seen);  // the King's final points have their own line, not "other"
}

TEST_CASE("a short game draws only pile_limit tiles", "[protocol]") {
    GameConfig config;
    config.options.pile_limit = 5;
    const auto match = played_out(config, 9);
    CHECK(match->state().tiles().size() <= 6);  // the start tile and at most 5 drawn
    check_explained(*match);
}
