// The Castle's wall tokens, the keep and the choice of scoring order.
#include <catch2/catch.hpp>

#include "castle_scenario.hpp"

using namespace carc;
using carc::test::CastleGame;

namespace {

int held(CastleGame& g, PlayerId p, WallToken t) {
    return g.state().castle().players[p].tokens[static_cast<int>(t)];
}

}  // namespace

TEST_CASE("castle token 1: another full turn, or pass", "[castle]") {
    CastleGame g({"K-03", "K-03", "K-03"});
    g.give_token(0, WallToken::extra_turn);
    g.state().apply(Action::place_tile(Coord{1, 3}, 0));
    g.apply(Action::pass());
    REQUIRE(g.state().phase() == Phase::extra_turn);
    SECTION("played") {
        g.apply(use_token_action(WallToken::extra_turn));
        CHECK(g.state().turn_player() == 0);
        CHECK(g.state().phase() == Phase::place_tile);
        CHECK(held(g, 0, WallToken::extra_turn) == 0);
    }
    SECTION("kept") {
        g.apply(Action::pass());
        CHECK(g.state().turn_player() == 1);
        CHECK(held(g, 0, WallToken::extra_turn) == 1);
    }
}

TEST_CASE("castle token 2 doubles a tower, token 3 a house, at the owner's choice", "[castle]") {
    SECTION("tower") {
        CastleGame g({"K-04", "K-03"});
        g.give_token(0, WallToken::double_tower);
        g.lay({"K-04", 5, 13, 180, "castle_tower", "SL"});
        REQUIRE(g.state().phase() == Phase::choose_scoring);
        std::vector<Action> legal;
        g.state().legal_actions(legal);
        CHECK(legal.size() == 2);
        g.apply(choose_scoring_action(0, WallToken::double_tower));
        CHECK(g.state().score(0) == 8);
        CHECK(held(g, 0, WallToken::double_tower) == 0);
    }
    SECTION("house") {
        CastleGame g({"K-03", "K-03", "K-21", "K-03"});
        g.give_token(0, WallToken::double_house);
        g.play({{"K-03", 1, 3}, {"K-03", 1, 2}, {"K-21", 1, 1, 0, "house", "NL"}});
        REQUIRE(g.state().phase() == Phase::choose_scoring);
        g.apply(choose_scoring_action(0, WallToken::double_house));
        CHECK(g.state().score(0) == 2);
        CHECK(g.state().castle().players[0].keep_size == 1);  // size in tiles, not points
    }
    SECTION("not in the opponent's turn") {
        // White's tower completes in black's turn: no decision, single points.
        CastleGame g({"K-08", "K-12", "K-12", "K-12", "K-12", "K-03"});
        g.give_token(1, WallToken::double_tower);
        g.play({{"K-08", 3, 9, 90}, {"K-12", 3, 8, 0, "castle_tower", "NR"}, {"K-12", 4, 8, 270},
                {"K-12", 3, 7, 90}, {"K-12", 4, 7, 180}});
        CHECK(g.state().score(1) == 8);
        CHECK(held(g, 1, WallToken::double_tower) == 1);
    }
}

TEST_CASE("castle tokens 4, 5, 6 score one incomplete feature at the end", "[castle]") {
    SECTION("4: a street with a well over a tile and a starting space") {
        CastleGame g({"K-09"});
        g.give_token(0, WallToken::final_street);
        g.lay({"K-09", 3, 1, 0, "street", "N"});
        REQUIRE(g.state().is_over());
        CHECK(g.state().score(0) == 4);
    }
    SECTION("5: a tower of one tile") {
        CastleGame g({"K-04"});
        g.give_token(0, WallToken::final_tower);
        g.lay({"K-04", 5, 13, 0, "castle_tower", "NL"});
        REQUIRE(g.state().is_over());
        CHECK(g.state().score(0) == 2);
    }
    SECTION("6: a house of one tile") {
        CastleGame g({"K-01"});
        g.give_token(0, WallToken::final_house);
        g.lay({"K-01", 1, 3, 0, "house", "NL"});
        REQUIRE(g.state().is_over());
        CHECK(g.state().score(0) == 1);
    }
    SECTION("without a token an incomplete feature scores nothing") {
        CastleGame g({"K-01"});
        g.lay({"K-01", 1, 3, 0, "house", "NL"});
        REQUIRE(g.state().is_over());
        CHECK(g.state().score(0) == 0);
    }
}

// Black and white each score a one-tile house: keeps of equal size.
const std::vector<carc::test::CastleMove> two_keeps = {
    {"K-03", 1, 3},
    {"K-03", 10, 4},
    {"K-03", 1, 2},
    {"K-21", 10, 3, 90, "house", "NR"},  // white: north-east corner against the wall
    {"K-21", 1, 1, 0, "house", "NL"},    // black: north-west corner against the wall
};

TEST_CASE("castle keep: equal keeps score nothing, token 8 breaks the tie", "[castle]") {
    SECTION("equal") {
        CastleGame g({"K-03", "K-03", "K-03", "K-21", "K-21"});
        g.play(two_keeps);
        REQUIRE(g.state().is_over());
        CHECK(g.state().score(0) == 1);
        CHECK(g.state().score(1) == 1);
    }
    SECTION("token 8") {
        CastleGame g({"K-03", "K-03", "K-03", "K-21", "K-21"});
        g.give_token(0, WallToken::keep_bonus);
        g.play(two_keeps);
        REQUIRE(g.state().is_over());
        const int area = largest_empty_area(g.state().board(), CastleBoard::instance());
        CHECK(area == castle_interior_spaces - 5);
        CHECK(g.state().score(0) == 1 + area);
        CHECK(g.state().score(1) == 1);
        CHECK(g.of_type(EventType::keep_scored).size() == 1);
    }
}

TEST_CASE("castle token 9: 5 points at the end", "[castle]") {
    CastleGame g({"K-03"});
    g.give_token(1, WallToken::five_points);
    g.lay({"K-03", 1, 3});
    REQUIRE(g.state().is_over());
    CHECK(g.state().score(1) == 5);
}

TEST_CASE("castle: unclaimed tokens leave the wall at the end", "[castle]") {
    CastleGame g({"K-03"}, std::vector<WallToken>(castle_token_slots, WallToken::five_points));
    g.lay({"K-03", 1, 3});
    REQUIRE(g.state().is_over());
    CHECK(g.state().castle().towers_with_token == 0);
    CHECK(g.state().score(0) == 0);
}

// One tile completes black's street (3 points) and black's tower (4 points); black stands on
// 8 and the tower 12/13 holds a token: tower first stops on 12 and takes it, street first
// goes 11 then 15 and passes it.
TEST_CASE("castle: the order of the scorings decides whether a token is taken", "[castle]") {
    std::vector<WallToken> wall(castle_token_slots, WallToken::none);
    wall[0] = WallToken::five_points;
    CastleGame g({"K-12", "K-14", "K-03", "K-03", "K-11", "K-03"}, wall);
    g.play({{"K-12", 5, 13, 0, "street", "N"},
            {"K-14", 5, 12, 180},
            {"K-03", 6, 12},
            {"K-03", 1, 3}});
    g.set_score(0, 8);
    g.lay({"K-11", 6, 13, 180, "castle_tower", "NL"});
    REQUIRE(g.state().phase() == Phase::choose_scoring);
    REQUIRE(g.state().castle().pending.size() == 2);
    REQUIRE(g.state().castle().pending[0].kind == FeatureKind::street);
    SECTION("street first: no token") {
        g.apply(choose_scoring_action(0));
        CHECK(g.state().score(0) == 15);
        CHECK(held(g, 0, WallToken::five_points) == 0);
        CHECK(g.state().castle().towers_with_token == 1);
    }
    SECTION("tower first: the token") {
        g.apply(choose_scoring_action(1));
        CHECK(g.state().score(0) == 15);
        CHECK(held(g, 0, WallToken::five_points) == 1);
        CHECK(g.state().castle().towers_with_token == 0);
    }
    CHECK(g.state().player(0).supply == castle_followers);
}

TEST_CASE("castle: a token taken this turn is not usable before the owner's next turn", "[castle]") {
    std::vector<WallToken> wall(castle_token_slots, WallToken::none);
    wall[3] = WallToken::extra_turn;
    CastleGame g({"K-03", "K-01", "K-12", "K-03", "K-14", "K-03", "K-03", "K-03"}, wall);
    g.set_score(0, 31);
    // Black completes his own street in his own turn, stops on 33 and takes token 1.
    g.play({{"K-03", 1, 3}, {"K-01", 1, 2}, {"K-12", 1, 1, 0, "street", "N"}, {"K-03", 1, 4},
            {"K-14", 2, 1, 270}});
    CHECK(held(g, 0, WallToken::extra_turn) == 1);
    CHECK(g.state().turn_player() == 1);  // no extra turn offered this turn
    g.lay({"K-03", 1, 5});
    CHECK(g.state().turn_player() == 0);
    g.lay({"K-03", 1, 6});
    CHECK(g.state().phase() == Phase::extra_turn);  // from his next turn on
}

// Determinization (search) resamples the face-down tokens from what is public: 18 tokens, two
// of each kind, less every token turned face up, whether still held or already played.
TEST_CASE("castle determinize: a played token never goes back onto the wall", "[castle][search]") {
    std::vector<WallToken> wall = {WallToken::double_tower, WallToken::double_house, WallToken::final_street,
                                   WallToken::extra_turn,   WallToken::final_tower,  WallToken::final_house,
                                   WallToken::market_bonus, WallToken::keep_bonus,   WallToken::five_points,
                                   WallToken::double_tower, WallToken::double_house, WallToken::final_street,
                                   WallToken::five_points};
    CastleGame g({"K-03", "K-01", "K-12", "K-03", "K-14", "K-03", "K-03", "K-03", "K-03"}, wall);
    g.set_score(0, 31);
    // Black stops on 33 and takes the wall's token 1; he plays both copies in his next turns.
    g.play({{"K-03", 1, 3}, {"K-01", 1, 2}, {"K-12", 1, 1, 0, "street", "N"}, {"K-03", 1, 4},
            {"K-14", 2, 1, 270}});
    g.give_token(0, WallToken::extra_turn);  // the other copy, as if taken earlier
    REQUIRE(held(g, 0, WallToken::extra_turn) == 2);
    REQUIRE(g.of_type(EventType::wall_token_taken).size() == 1);
    g.lay({"K-03", 1, 5});
    g.lay({"K-03", 1, 6});
    g.apply(use_token_action(WallToken::extra_turn));
    g.lay({"K-03", 2, 6});
    g.apply(use_token_action(WallToken::extra_turn));
    REQUIRE(held(g, 0, WallToken::extra_turn) == 0);
    REQUIRE(g.state().phase() == Phase::place_tile);
    REQUIRE(g.state().castle().played[static_cast<int>(WallToken::extra_turn)] == 2);

    const std::uint16_t on_wall = g.state().castle().towers_with_token;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        State sample = g.state();
        Rng rng(seed);
        sample.determinize(rng);
        INFO("seed " << seed);
        std::array<int, wall_token_kinds + 1> counts{};
        const auto tokens = sample.hidden_wall_tokens();
        for (int slot = 0; slot < castle_token_slots; ++slot) {
            CHECK((tokens[slot] != WallToken::none) == ((on_wall >> slot) & 1u));
            ++counts[static_cast<int>(tokens[slot])];
        }
        CHECK(counts[static_cast<int>(WallToken::extra_turn)] == 0);
        for (int k = 1; k <= wall_token_kinds; ++k) CHECK(counts[k] <= wall_tokens_per_kind);
    }
}
