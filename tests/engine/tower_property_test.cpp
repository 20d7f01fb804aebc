// Property tests with The Tower: seeded random games for 2 to 6 players, invariants checked
// after every action.
#include <catch2/catch.hpp>

#include "carc/match.hpp"
#include "carc/rng.hpp"
#include "property_support.hpp"

using namespace carc;
using carc::test::check_listed_actions_apply;
using carc::test::check_replay;

namespace {

GameConfig tower_config(int players) {
    GameConfig config;
    config.players = players;
    config.expansions.tower = true;
    return config;
}

void check_followers_and_floors(const State& s) {
    const int players = s.game().players();
    int floors_on_board = 0;
    for (const auto& t : s.tiles()) floors_on_board += t.tower_height;
    int floors_in_hand = 0;
    for (int p = 0; p < players; ++p) {
        int on_board = 0;
        for (const auto& f : s.followers()) on_board += f.owner == p;
        int held_by_others = 0;
        for (int q = 0; q < players; ++q) held_by_others += s.player(q).prisoners[p];
        REQUIRE(s.player(p).prisoners[p] == 0);
        REQUIRE(on_board + s.player(p).supply + held_by_others == s.game().followers_per_player());
        floors_in_hand += s.player(p).floors;
    }
    REQUIRE(floors_on_board + floors_in_hand == players * s.game().tower_floors_per_player());
}

// Followers stand on features that may hold them, or on towers of at least one floor, one
// follower per tower.
void check_follower_spots(const State& s) {
    std::vector<int> tower_tiles;
    for (const auto& f : s.followers()) {
        if (f.spot == FollowerSpot::tower) {
            REQUIRE(s.tiles()[f.tile].tower_height >= 1);
            REQUIRE(std::find(tower_tiles.begin(), tower_tiles.end(), f.tile) == tower_tiles.end());
            tower_tiles.push_back(f.tile);
            REQUIRE_FALSE(s.tower_open(f.tile));
        } else {
            const auto kind = s.board().kind(s.board().segment_id(f.tile, f.segment));
            REQUIRE(kind != FeatureKind::foundation);
            REQUIRE(kind != FeatureKind::river);
        }
    }
}

// Scores never go down, except the ransom payer's, by exactly 3, paid to the holder.
void check_scores(const State& s, const Action& chosen, PlayerId actor,
                  const std::vector<int>& before) {
    for (int p = 0; p < s.game().players(); ++p) {
        REQUIRE(s.score(p) >= 0);
        if (chosen.type == ActionType::ransom && p == actor)
            REQUIRE(s.score(p) == before[p] - 3);
        else if (chosen.type == ActionType::ransom && p == chosen.target)
            REQUIRE(s.score(p) == before[p] + 3);
        else
            REQUIRE(s.score(p) >= before[p]);
    }
}

struct Tally {
    int floors = 0, tower_followers = 0, captures = 0, exchanges = 0, ransoms = 0;
};

std::unique_ptr<Match> play_random_game(const GameConfig& config, std::uint64_t seed,
                                        Tally& tally) {
    std::string error;
    auto match = Match::create(MatchSetup{config, seed, {}}, &error);
    REQUIRE(match);
    Rng choices(seed * 7919 + 3);
    std::vector<Action> actions;
    std::vector<Event> events;
    std::vector<int> scores(config.players, 0);
    while (!match->state().is_over()) {
        const State& s = match->state();
        s.legal_actions(actions);
        REQUIRE_FALSE(actions.empty());  // a live game always has a legal action
        check_listed_actions_apply(s, actions);
        const Action chosen = actions[choices.below(static_cast<std::uint32_t>(actions.size()))];
        const PlayerId actor = s.decider();
        events.clear();
        REQUIRE_FALSE(match->apply(chosen, &events));
        const State& after = match->state();
        check_followers_and_floors(after);
        check_follower_spots(after);
        check_scores(after, chosen, actor, scores);
        for (int p = 0; p < config.players; ++p) scores[p] = after.score(p);
        for (const auto& e : events) {
            tally.floors += e.type == EventType::floor_added;
            tally.captures += e.type == EventType::follower_captured;
            tally.exchanges += e.type == EventType::prisoners_exchanged;
            tally.ransoms += e.type == EventType::ransom_paid;
            tally.tower_followers +=
                e.type == EventType::follower_placed && e.feature == FeatureKind::foundation;
        }
    }
    return match;
}

}  // namespace

TEST_CASE("tower: random games for 2 to 6 players keep every invariant", "[property][tower]") {
    for (int players = 2; players <= 6; ++players) {
        Tally tally;
        for (int g = 0; g < 60; ++g) {
            const auto seed = static_cast<std::uint64_t>(players * 1000003 + g);
            auto match = play_random_game(tower_config(players), seed, tally);
            const State& end = match->state();
            REQUIRE(end.tiles_left() == 0);
            for (const auto& f : end.followers()) {
                // Only farmers and followers on towers stay once the game is over.
                if (f.spot == FollowerSpot::tower) continue;
                REQUIRE(end.board().kind(end.board().segment_id(f.tile, f.segment)) ==
                        FeatureKind::field);
            }
            check_replay(*match);
        }
        INFO(players << " players");
        // The random games do exercise the expansion.
        CHECK(tally.floors > 0);
        CHECK(tally.tower_followers > 0);
        CHECK(tally.captures > 0);
        CHECK(tally.exchanges > 0);
        CHECK(tally.ransoms > 0);
    }
}

TEST_CASE("tower: random games with only its tiles or only its rules", "[property][tower]") {
    for (bool tiles : {false, true}) {
        GameConfig config = tower_config(3);
        config.options.tower_tiles = tiles;
        config.options.tower_rules = !tiles;
        Tally tally;
        for (int g = 0; g < 20; ++g) {
            auto match = play_random_game(config, static_cast<std::uint64_t>(777 + g), tally);
            check_replay(*match);
        }
        CHECK(tally.floors == 0);  // no foundations without the tiles, no floors without rules
    }
}

TEST_CASE("tower: the same seed and actions give the same game", "[tower]") {
    Tally tally;
    auto a = play_random_game(tower_config(4), 4242, tally);
    auto b = play_random_game(tower_config(4), 4242, tally);
    REQUIRE(a->actions() == b->actions());
    REQUIRE(a->state().hash() == b->state().hash());
}
