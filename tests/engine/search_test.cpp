// The search bots (carc/search.hpp) and the chance API they use: public draw probabilities,
// forcing a draw, determinization from public information, determinism, and playing well.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <numeric>

#include "carc/bots.hpp"
#include "carc/search.hpp"
#include "playout.hpp"
#include "bot_positions.hpp"
#include "random_game.hpp"

using namespace carc;
using namespace carc::test;

namespace {

// Plays the first legal action until the next turn begins.
void finish_turn(State& s) {
    const int turn = s.turn_number();
    std::vector<Action> actions;
    while (!s.is_over() && s.turn_number() == turn) {
        actions.clear();
        s.legal_actions(actions);
        REQUIRE_FALSE(s.apply(actions.front()));
    }
}

std::map<TileTypeId, int> multiset(const std::vector<TileTypeId>& tiles) {
    std::map<TileTypeId, int> out;
    for (auto t : tiles) ++out[t];
    return out;
}

}  // namespace

TEST_CASE("search: next draw chances are the public multiset and sum to 1", "[search]") {
    auto game = make_game({});
    State s = State::start(*game, 5);
    advance(s, 30, 9);
    const auto chances = s.next_draw_chances();
    const auto remaining = s.remaining_tiles();
    double sum = 0;
    int copies = 0;
    for (const auto& c : chances) {
        sum += c.probability;
        copies += c.count;
        CHECK(c.count == remaining[c.tile]);
        CHECK(c.probability == Approx(static_cast<double>(c.count) / s.tiles_left()));
    }
    CHECK(sum == Approx(1.0));
    CHECK(copies == s.tiles_left());
    CHECK(std::accumulate(remaining.begin(), remaining.end(), 0) == copies);
}

TEST_CASE("search: River II's next draw is a river tile, never the lake before its time", "[search]") {
    GameConfig config;
    config.expansions.river2 = true;
    auto game = make_game(config);
    State s = State::start(*game, 3);
    // The fork was drawn first; the next draw is one of the shuffled river tiles.
    const auto next = s.next_draw_chances();
    REQUIRE(next.size() > 1);
    double sum = 0;
    for (const auto& c : next) {
        sum += c.probability;
        CHECK(game->is_river(c.tile));
        CHECK_FALSE(game->tiles().at(c.tile).flags & tile_flag_volcano);  // not the lake yet
    }
    CHECK(sum == Approx(1.0));
}

TEST_CASE("search: set_next_draw makes that tile the next one drawn", "[search]") {
    auto game = make_game({});
    State s = State::start(*game, 11);
    advance(s, 10, 2);
    const auto chances = s.next_draw_chances();
    // The most common type fits somewhere this early, so it is drawn rather than discarded.
    const auto most = *std::max_element(chances.begin(), chances.end(),
                                        [](const auto& a, const auto& b) { return a.count < b.count; });
    const auto before = multiset(s.hidden_pile_order());
    s.set_next_draw(most.tile);
    CHECK(multiset(s.hidden_pile_order()) == before);
    finish_turn(s);
    CHECK(s.drawn_tile() == most.tile);
}

TEST_CASE("search: determinize keeps the public multiset and ignores the hidden order", "[search]") {
    auto game = make_game({});
    State a = State::start(*game, 21);
    advance(a, 20, 4);
    // b: the same public position with the face-down tiles in another order.
    std::vector<TileTypeId> order;
    {
        State probe = State::start(*game, 21);
        std::vector<TileTypeId> hidden = probe.hidden_pile_order();
        order.assign(hidden.begin(), hidden.end());
    }
    const int drawn = static_cast<int>(order.size()) - a.tiles_left();
    Rng shuffle(77);
    std::span<TileTypeId> tail(order.data() + drawn, order.size() - static_cast<std::size_t>(drawn));
    shuffle.shuffle(tail);
    // start() draws the first tile into the hand, so the full order starts one earlier.
    State b = State::start(*game, 21);
    {
        std::vector<TileTypeId> full{State::start(*game, 21).drawn_tile()};
        full.insert(full.end(), order.begin(), order.end());
        b = State::start_with_order(*game, full);
        advance(b, 20, 4);
    }
    REQUIRE(b.board() == a.board());
    REQUIRE(multiset(b.hidden_pile_order()) == multiset(a.hidden_pile_order()));
    REQUIRE(b.hidden_pile_order() != a.hidden_pile_order());

    Rng ra(5), rb(5);
    State da = a, db = b;
    da.determinize(ra);
    db.determinize(rb);
    CHECK(da.hidden_pile_order() == db.hidden_pile_order());
    CHECK(multiset(da.hidden_pile_order()) == multiset(a.hidden_pile_order()));

    SECTION("the search bot plays the same move in both") {
        SearchSettings settings;
        settings.iterations = 300;
        settings.seed = 42;
        CHECK(search(a, settings).action == search(b, settings).action);
    }
}

TEST_CASE("search: the same seed and budget give the same move", "[search]") {
    auto game = make_game({});
    State s = State::start(*game, 8);
    advance(s, 24, 8);
    SearchSettings settings;
    settings.iterations = 400;
    settings.seed = 99;
    const auto first = search(s, settings);
    const auto second = search(s, settings);
    CHECK(first.action == second.action);
    CHECK(first.iterations == 400);
    CHECK(first.root_visits == second.root_visits);
    CHECK(first.value == second.value);
}

TEST_CASE("search: a stop predicate ends the search early", "[search]") {
    auto game = make_game({});
    State s = State::start(*game, 8);
    int polls = 0;
    SearchSettings settings;
    settings.iterations = 100000;
    settings.stop = [&] { return ++polls >= 10; };
    const auto result = search(s, settings);
    CHECK(result.iterations == 10);
    std::vector<Action> legal;
    s.legal_actions(legal);
    CHECK(std::find(legal.begin(), legal.end(), result.action) != legal.end());
}

// The decider's final lead once `a` is played and then its best follow-up (the last tile).
int best_final_lead(const State& s, const Action& a) {
    State next = s;
    REQUIRE_FALSE(next.apply(a));
    const PlayerId me = s.decider();
    if (next.is_over()) return next.score(me) - next.score(1 - me);
    std::vector<Action> follow;
    next.legal_actions(follow);
    int best = -1000;
    for (const auto& f : follow) {
        State last = next;
        REQUIRE_FALSE(last.apply(f));
        REQUIRE(last.is_over());
        best = std::max(best, last.score(me) - last.score(1 - me));
    }
    return best;
}

TEST_CASE("search: the bot takes the winning move with the last tile", "[search]") {
    // Scans seeded greedy games for a last tile that only a few placements turn into a win
    // (the outcome is exact: the game ends with the turn).
    auto game = make_game({});
    int found = 0;
    for (std::uint64_t seed = 1; seed < 300 && found < 3; ++seed) {
        State s = State::start(*game, seed);
        Rng rng(seed);
        while (!s.is_over() && !(s.tiles_left() == 0 && s.phase() == Phase::place_tile))
            REQUIRE_FALSE(s.apply(choose_greedy(s, rng)));
        if (s.is_over()) continue;
        std::vector<Action> legal;
        s.legal_actions(legal);
        int wins = 0, losses = 0;
        for (const auto& a : legal) (best_final_lead(s, a) > 0 ? wins : losses) += 1;
        if (wins == 0 || wins * 2 > losses) continue;
        ++found;
        const PlayerId me = s.decider();
        SearchSettings settings;
        settings.iterations = 1000;
        settings.seed = seed;
        while (!s.is_over()) REQUIRE_FALSE(s.apply(search(s, settings).action));
        INFO("seed " << seed << ": " << wins << " winning and " << losses << " losing placements");
        CHECK(s.score(me) > s.score(1 - me));
    }
    CHECK(found == 3);
}

TEST_CASE("search: a search bot plays every rule system to the end", "[search]") {
    std::vector<GameConfig> configs(5);
    configs[1].expansions.tower = true;
    configs[2].expansions = Expansions{false, true, false, true, true};  // River II, King, Cult
    configs[3].expansions.count = true;                                  // the City
    configs[4].rules = RuleSystem::castle;
    for (const auto& config : configs) {
        auto game = make_game(config);
        State s = State::start(*game, 17);
        Rng rng(3);
        int moves = 0;
        while (!s.is_over()) {
            SearchSettings settings;
            settings.iterations = s.decider() == 0 ? 30 : 1;
            settings.seed = rng.next();
            const Action a = search(s, settings).action;
            INFO(to_string(config.rules) << " move " << moves << ": " << describe(a));
            REQUIRE_FALSE(s.apply(a));
            ++moves;
        }
        CHECK(moves > 20);
    }
}
