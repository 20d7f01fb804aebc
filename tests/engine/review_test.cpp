// The move review (carc/review.hpp): the sum rule on games of every rule system, an obvious
// mistake found and priced, a player who followed the bot losing nothing, determinism, and
// decisions judged without the hidden pile order. Small budgets and short piles keep it quick.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "carc/bots.hpp"
#include "carc/review.hpp"
#include "scenario.hpp"

using namespace carc;

namespace {

struct Record {
    MatchSetup setup;
    std::vector<Action> actions;
    std::vector<State> states;  // before each action, and the last one
    std::shared_ptr<const Game> game;  // the states' game
};

// Plays a game from `setup`: seat 0 with `first`, the others greedy; all from `seed`.
template <typename Choose>
Record play_game(const MatchSetup& setup, std::uint64_t seed, Choose first) {
    std::string error;
    auto match = Match::create(setup, &error);
    INFO(error);
    REQUIRE(match);
    Record r{setup, {}, {match->state()}, match->game_ptr()};
    Rng rng(seed);
    State s = match->state();
    while (!s.is_over()) {
        const Action a = s.decider() == 0 ? first(s, static_cast<int>(r.actions.size()), rng)
                                          : choose_greedy(s, rng);
        REQUIRE_FALSE(s.apply(a));
        r.actions.push_back(a);
        r.states.push_back(s);
    }
    return r;
}

Record greedy_game(const MatchSetup& setup, std::uint64_t seed) {
    // Seat 0 plays a random move one decision in three, so it makes mistakes worth finding.
    return play_game(setup, seed, [](const State& s, int, Rng& rng) {
        return rng.below(3) == 0 ? choose_random(s, rng) : choose_greedy(s, rng);
    });
}

ReviewSettings quick(std::uint64_t seed = 5) {
    ReviewSettings settings;
    settings.iterations = 40;
    settings.seed = seed;
    return settings;
}

Review review_of(const Record& r, const ReviewSettings& settings) {
    std::string error;
    auto review = review_game(r.setup, r.actions, settings, &error);
    INFO(error);
    REQUIRE(review);
    return *review;
}

double final_lead(const State& s, int p) {
    int best_other = -1000000;
    for (int q = 0; q < s.game().players(); ++q)
        if (q != p) best_other = std::max(best_other, s.score(q));
    return s.score(p) - best_other;
}

void check_sum_rule(const Record& r, const Review& review) {
    const State& end = r.states.back();
    REQUIRE(review.finished);
    REQUIRE(review.decisions.size() == r.actions.size());
    REQUIRE(static_cast<int>(review.summary.size()) == end.game().players());
    for (const auto& d : review.decisions) {
        const auto me = static_cast<std::size_t>(d.player);
        INFO("decision " << d.index << ": " << describe(d.played));
        CHECK(d.loss >= 0);
        CHECK((d.loss == 0) == d.played_is_best);
        CHECK(d.loss == d.after_best[me] - d.after_played[me]);
        CHECK(d.before == d.after_best);
        if (d.choices == 1) CHECK(d.loss == 0);
        if (!d.chance) CHECK(d.luck == Leads{});
        // Without chance, the lead after a move is the lead before the next decision.
        if (!d.chance && d.index + 1 < static_cast<int>(review.decisions.size()))
            CHECK(d.after_played == review.decisions[static_cast<std::size_t>(d.index + 1)].before);
    }
    for (const auto& sum : review.summary) {
        INFO("player " << int(sum.player));
        CHECK(sum.final_lead == final_lead(end, sum.player));
        CHECK(std::abs(sum.start - sum.own_losses + sum.others + sum.luck - sum.final_lead) <
              Review::sum_tolerance);
        CHECK(std::abs(sum.without_luck - (sum.final_lead - sum.luck)) < Review::sum_tolerance);
        CHECK(sum.costliest.size() <= 3);
        for (std::size_t i = 0; i < sum.costliest.size(); ++i) {
            const auto& d = review.decisions[static_cast<std::size_t>(sum.costliest[i])];
            CHECK(d.player == sum.player);
            CHECK(d.loss > 0);
            if (i > 0) CHECK(review.decisions[static_cast<std::size_t>(sum.costliest[i - 1])].loss >= d.loss);
        }
    }
}

MatchSetup short_game(GameConfig config, int land_tiles, std::uint64_t seed) {
    config.options.pile_limit = land_tiles;
    MatchSetup setup;
    setup.config = config;
    setup.seed = seed;
    return setup;
}

}  // namespace

TEST_CASE("review: the sum rule holds for every player in every rule system", "[review]") {
    std::vector<GameConfig> configs(5);
    configs[1].expansions.tower = true;
    configs[2].expansions = Expansions{false, true, true, true, true};  // Count King and Cult
    configs[3].rules = RuleSystem::castle;
    configs[4].players = 3;  // the lead over the best of two opponents
    for (std::size_t c = 0; c < configs.size(); ++c) {
        INFO("configuration " << c);
        const Record r = greedy_game(short_game(configs[c], 10, 40 + c), 7 + c);
        const Review review = review_of(r, quick());
        check_sum_rule(r, review);
        // A random move one decision in three: some of seat 0's decisions cost points.
        CHECK(review.summary[0].own_losses > 0);
        CHECK(std::count_if(review.decisions.begin(), review.decisions.end(),
                            [](const ReviewDecision& d) { return d.chance; }) > 0);
    }
}

TEST_CASE("review: completing a big city is best, a dead end loses what it is worth", "[review]") {
    // The start tile B-D: a city cap north. Seat 0 builds a city of three tiles with a knight,
    // open only to the east of (0,-1); the last tile, B-E, closes it there (8 points and the
    // farmer beside it) or goes south of the start as a lone city of its own.
    using test::Move;
    const std::vector<Move> moves = {
        {"B-R", 0, -1, 180, "city", "S"},  // seat 0: city west, south, east; the knight
        {"B-U", 1, 0, 0},                  // seat 1: a road east of the start
        {"B-E", -1, -1, 90},               // seat 0: closes the west end
        {"B-U", -1, 0, 0},                 // seat 1: a road west of the start
    };
    GameConfig config;
    std::string error;
    auto game = Game::create(config, &error);
    REQUIRE(game);
    MatchSetup setup;
    setup.config = config;
    for (const auto& m : moves) setup.draw_order.push_back(test::tile_id(m.tile));
    setup.draw_order.push_back(test::tile_id("B-E"));
    std::vector<Action> actions;
    State s = State::start_with_order(*game, setup.draw_order);
    const auto lay = [&](const Move& m) {
        const Action place = Action::place_tile({static_cast<std::int16_t>(m.x), static_cast<std::int16_t>(m.y)},
                                                m.degrees / 90);
        REQUIRE_FALSE(s.apply(place));
        actions.push_back(place);
        Action follower = Action::pass();
        if (!m.on.empty()) {
            FeatureKind kind;
            REQUIRE(feature_kind_from_string(m.on, kind));
            follower = Action::place_follower(game->tiles().at(test::tile_id(m.tile)).segment_at(m.degrees / 90, kind, m.at));
        }
        REQUIRE_FALSE(s.apply(follower));
        actions.push_back(follower);
    };
    for (const auto& m : moves) lay(m);
    REQUIRE(s.tiles_left() == 0);
    const State last = s;
    const Action closes = Action::place_tile({1, -1}, 3);   // city west: joins (0,-1)'s east
    const Action dead_end = Action::place_tile({0, 1}, 2);  // city south, alone

    // The exact final lead of each placement with its best follower step (the game ends).
    const auto best_final = [&](const Action& placement) {
        State t = last;
        REQUIRE_FALSE(t.apply(placement));
        std::vector<Action> steps;
        t.legal_actions(steps);
        double best = -1e9;
        for (const auto& f : steps) {
            State u = t;
            REQUIRE_FALSE(u.apply(f));
            REQUIRE(u.is_over());
            best = std::max(best, final_lead(u, 0));
        }
        return best;
    };
    std::vector<Action> placements;
    last.legal_placements(placements);
    double best_lead = -1e9;
    for (const auto& p : placements) best_lead = std::max(best_lead, best_final(p));
    CHECK(best_final(closes) == best_lead);
    // Closed: 8 for the city, 3 for a farmer beside it; the dead end: 3 for the open city and
    // 1 for a knight on the lone one.
    CHECK(best_lead == 11);
    CHECK(best_final(dead_end) == 4);

    // The record: the dead end, and the knight on it (its best follower step).
    lay({"B-E", 0, 1, 180, "city", "S"});
    REQUIRE(s.is_over());
    const Review review = review_of(Record{setup, actions, {}, game}, quick());
    const ReviewDecision& placement = review.decisions[actions.size() - 2];
    CHECK(placement.played == dead_end);
    CHECK(placement.best == closes);
    CHECK_FALSE(placement.played_is_best);
    CHECK(placement.after_best[0] == 11);
    CHECK(placement.after_played[0] == 4);
    CHECK(placement.loss == 7);
    CHECK(placement.grade == Grade::mistake);
    const ReviewDecision& knight = review.decisions.back();
    CHECK(knight.played_is_best);
    CHECK(knight.grade == Grade::best);
    CHECK(review.summary[0].costliest.front() == placement.index);
    CHECK(review.summary[0].final_lead == 4);
}

TEST_CASE("review: a player who always followed the bot loses nothing", "[review]") {
    const ReviewSettings settings = quick(11);
    const Record r = play_game(short_game({}, 12, 3), 4, [&](const State& s, int index, Rng&) {
        return search(s, review_search_settings(settings, index)).action;
    });
    const Review review = review_of(r, settings);
    check_sum_rule(r, review);
    CHECK(review.summary[0].own_losses == 0);
    CHECK(review.summary[0].costliest.empty());
    for (const auto& d : review.decisions)
        if (d.player == 0) CHECK(d.grade == Grade::best);
    CHECK(review.summary[0].decisions > 5);
}

TEST_CASE("review: the same record, strength and seed give the same review", "[review]") {
    const Record r = greedy_game(short_game({}, 8, 21), 22);
    ReviewSettings reported = quick(9);
    std::vector<std::pair<int, int>> progress;
    reported.progress = [&](int done, int total) { progress.emplace_back(done, total); };
    const Review a = review_of(r, reported);
    const Review b = review_of(r, quick(9));
    const int n = static_cast<int>(r.actions.size());
    REQUIRE(progress.size() == r.actions.size());
    CHECK(progress.front() == std::make_pair(1, n));
    CHECK(progress.back() == std::make_pair(n, n));
    REQUIRE(a.decisions.size() == b.decisions.size());
    for (std::size_t k = 0; k < a.decisions.size(); ++k) {
        const auto& x = a.decisions[k];
        const auto& y = b.decisions[k];
        CHECK(x.best == y.best);
        CHECK(x.before == y.before);
        CHECK(x.after_played == y.after_played);
        CHECK(x.after_best == y.after_best);
        CHECK(x.loss == y.loss);
        CHECK(x.luck == y.luck);
    }
    for (std::size_t p = 0; p < a.summary.size(); ++p) {
        CHECK(a.summary[p].start == b.summary[p].start);
        CHECK(a.summary[p].luck == b.summary[p].luck);
        CHECK(a.summary[p].costliest == b.summary[p].costliest);
    }
}

TEST_CASE("review: earlier decisions are judged without the order of the tiles to come", "[review]") {
    // Two piles that agree on their first six tiles and differ after: the decisions taken
    // before the seventh tile was turned over are judged the same, bit for bit.
    GameConfig config;
    std::string error;
    auto game = Game::create(config, &error);
    REQUIRE(game);
    std::vector<TileTypeId> box = game->pile();
    Rng shuffle(77);
    shuffle.shuffle(std::span<TileTypeId>(box));
    box.resize(14);
    std::vector<TileTypeId> other = box;
    std::reverse(other.begin() + 6, other.end());
    REQUIRE(other[6] != box[6]);
    MatchSetup a_setup, b_setup;
    a_setup.draw_order = box;
    b_setup.draw_order = other;
    const Record a = greedy_game(a_setup, 8);
    const Record b = greedy_game(b_setup, 8);
    const Review ra = review_of(a, quick());
    const Review rb = review_of(b, quick());

    // The first decision after which the two games saw different tiles.
    std::size_t split = 0;
    while (split < a.actions.size() && a.states[split + 1].drawn_tile() == b.states[split + 1].drawn_tile())
        ++split;
    REQUIRE(split > 4);
    REQUIRE(split < a.actions.size());
    for (std::size_t k = 0; k <= split; ++k) {
        INFO("decision " << k);
        REQUIRE(a.actions[k] == b.actions[k]);
        const auto& x = ra.decisions[k];
        const auto& y = rb.decisions[k];
        CHECK(x.best == y.best);
        CHECK(x.before == y.before);
        CHECK(x.after_played == y.after_played);
        CHECK(x.after_best == y.after_best);
        CHECK(x.loss == y.loss);
        if (k < split) CHECK(x.luck == y.luck);
    }
}

TEST_CASE("review: grades follow the stated thresholds", "[review]") {
    const ReviewThresholds t;
    CHECK(grade_of(0, t) == Grade::best);
    CHECK(grade_of(2.99, t) == Grade::good);
    CHECK(grade_of(3, t) == Grade::inaccuracy);
    CHECK(grade_of(6, t) == Grade::mistake);
    CHECK(grade_of(11.99, t) == Grade::mistake);
    CHECK(grade_of(12, t) == Grade::blunder);
    CHECK(to_string(Grade::blunder) == "blunder");
}

TEST_CASE("review: a log with an illegal action is refused with its index and reason", "[review]") {
    Record r = greedy_game(short_game({}, 6, 2), 3);
    r.actions[2] = Action::place_tile({40, 40}, 0);
    std::string error;
    CHECK_FALSE(review_game(r.setup, r.actions, quick(), &error));
    CHECK(error.rfind("action 3: ", 0) == 0);
    r.actions.resize(2);
    r.actions.push_back(Action::pass());
    CHECK_FALSE(review_game(r.setup, r.actions, quick(), &error));
    CHECK(error.rfind("action 3: ", 0) == 0);
}

TEST_CASE("review: a game cut short ends with the expected lead of its last position", "[review]") {
    Record r = greedy_game(short_game({}, 8, 12), 13);
    r.actions.resize(r.actions.size() / 2);
    const Review review = review_of(r, quick());
    CHECK_FALSE(review.finished);
    for (const auto& sum : review.summary)
        CHECK(std::abs(sum.start - sum.own_losses + sum.others + sum.luck - sum.final_lead) < Review::sum_tolerance);
    CHECK(review.summary[0].final_lead == -review.summary[1].final_lead);
}
