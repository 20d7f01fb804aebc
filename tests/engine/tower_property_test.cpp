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

// The Tower's hooks: every listed action applies; after every action followers and floors are
// all accounted for, followers stand where they may, and scores move only by the rules.
class TowerChecks : public playout::Hooks {
public:
    TowerChecks(int players, Tally& tally) : scores_(players, 0), tally_(tally) {}
    void before(const State& s, const std::vector<Action>& legal) override {
        check_listed_actions_apply(s, legal);
    }
    bool wants_events() const override { return true; }
    void after(const Action& chosen, PlayerId actor, const State& after,
               const std::vector<Event>& events) override {
        check_followers_and_floors(after);
        check_follower_spots(after);
        check_scores(after, chosen, actor, scores_);
        for (std::size_t p = 0; p < scores_.size(); ++p) scores_[p] = after.score(static_cast<int>(p));
        for (const auto& e : events) {
            tally_.floors += e.type == EventType::floor_added;
            tally_.captures += e.type == EventType::follower_captured;
            tally_.exchanges += e.type == EventType::prisoners_exchanged;
            tally_.ransoms += e.type == EventType::ransom_paid;
            tally_.tower_followers +=
                e.type == EventType::follower_placed && e.feature == FeatureKind::foundation;
        }
    }

private:
    std::vector<int> scores_;
    Tally& tally_;
};

std::unique_ptr<playout::RandomGame> play_random_game(const GameConfig& config,
                                                      std::uint64_t seed, Tally& tally) {
    TowerChecks checks(config.players, tally);
    return test::play_random_game(config, seed, seed * 7919 + 3, checks);
}

}  // namespace

TEST_CASE("tower: random games for 2 to 6 players keep every invariant", "[property][tower]") {
    for (int players = 2; players <= 6; ++players) {
        Tally tally;
        for (int g = 0; g < 60; ++g) {
            const auto seed = static_cast<std::uint64_t>(players * 1000003 + g);
            auto game = play_random_game(tower_config(players), seed, tally);
            const State& end = *game->end;
            REQUIRE(end.tiles_left() == 0);
            for (const auto& f : end.followers()) {
                // Only farmers and followers on towers stay once the game is over.
                if (f.spot == FollowerSpot::tower) continue;
                REQUIRE(end.board().kind(end.board().segment_id(f.tile, f.segment)) ==
                        FeatureKind::field);
            }
            check_replay(*game);
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
            auto game = play_random_game(config, static_cast<std::uint64_t>(777 + g), tally);
            check_replay(*game);
        }
        CHECK(tally.floors == 0);  // no foundations without the tiles, no floors without rules
    }
}

TEST_CASE("tower: the same seed and actions give the same game", "[tower]") {
    Tally tally;
    auto a = play_random_game(tower_config(4), 4242, tally);
    auto b = play_random_game(tower_config(4), 4242, tally);
    REQUIRE(a->log == b->log);
    REQUIRE(a->end->hash() == b->end->hash());
}
