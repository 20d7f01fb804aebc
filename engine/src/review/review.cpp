// Move review (carc/review.hpp). The game is replayed, then judged from its last decision back
// to its first, so that a move whose consequence is the next decision (a tile laid, then the
// same player's follower step: no chance between) takes that decision's value as its own. The
// values then telescope: the expected lead before decision k+1 is the expected lead after
// decision k's move, plus the luck of any chance between them, and the sum rule holds by
// construction.
//
// What a move is worth:
// - if it ends the game: the final lead, exactly;
// - if chance follows (a draw, a wall token turned over): a search confined to that move (each
//   iteration a sample of the hidden pile from public information, so the value averages over
//   what could come): the average of its mean lead and its value with every decider below
//   playing the action it visited most, estimates that err in opposite directions
//   (docs/bots.md); the move played and the search's move are measured with the same seed
//   (common random numbers), so their difference is less noisy;
// - otherwise: the value of the decision it leads to (the real next decision for the move
//   played; for the search's move, that position's best move measured the same way).
#include <algorithm>
#include <cmath>

#include "carc/review.hpp"
#include "search/search_trace.hpp"

namespace carc {

namespace {

// Different searches of one review never share a seed; equal positions at equal indices do.
std::uint64_t derive_seed(std::uint64_t seed, int index, int purpose) {
    Rng rng(seed ^ (0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(2 * index + purpose + 1)));
    return rng.next();
}

double hundredths(double points) { return std::round(points * 100.0) / 100.0; }

Leads rounded(Leads v) {
    for (auto& x : v) x = hundredths(x);
    return v;
}

Leads final_leads(const State& s) {
    std::array<double, max_players> scores{};
    for (int p = 0; p < s.game().players(); ++p) scores[static_cast<std::size_t>(p)] = s.score(p);
    return rounded(leads(scores, s.game().players()));
}

// Whether going from `before` to `after` (one action) involved chance.
bool chance_between(const State& before, const State& after) {
    return before.tiles_left() != after.tiles_left() || before.turn_number() != after.turn_number() ||
           before.castle().towers_with_token != after.castle().towers_with_token;
}

class Reviewer {
public:
    explicit Reviewer(const ReviewSettings& settings) : settings_(settings) {}

    // The search's move at decision `index` (the only one when forced).
    Action best_move(const State& s, int index, int* choices) {
        legal_.clear();
        s.legal_actions(legal_);
        *choices = static_cast<int>(legal_.size());
        if (legal_.size() == 1) return legal_.front();
        return search(s, review_search_settings(settings_, index)).action;
    }

    // The expected leads once `a` is done at decision `index`; `real_next` is the value of the
    // decision that really followed (when `a` is the move played).
    Leads after(const State& s, const Action& a, int index, const Leads* real_next) {
        State t = s;
        t.apply(a);
        if (t.is_over()) return final_leads(t);
        if (chance_between(s, t)) return confined(s, a, index);
        if (real_next) return *real_next;
        return position(t, index + 1);
    }

    // A position nobody decided in (the search's alternative, or where an unfinished log ends):
    // the value of its best move.
    Leads position(const State& s, int index) {
        int choices = 0;
        const Action best = best_move(s, index, &choices);
        return after(s, best, index, nullptr);
    }

private:
    Leads confined(const State& s, const Action& a, int index) {
        SearchSettings search_settings;
        search_settings.iterations = std::max(1, settings_.iterations);
        search_settings.seed = derive_seed(settings_.seed, index, 1);
        const SearchTrace trace = search_traced(s, search_settings, &a);
        // The mean counts the exploration of poor replies against their decider; the
        // most-visited play counts their lucky samples for them.
        const RootEdgeValue& edge = trace.root.front();
        Leads out{};
        for (std::size_t p = 0; p < out.size(); ++p) {
            const double mean = edge.visits ? edge.lead_sum[p] / edge.visits : 0;
            out[p] = (mean + edge.lead_best_play[p]) / 2;
        }
        return rounded(out);
    }

    const ReviewSettings& settings_;
    std::vector<Action> legal_;
};

void summarize(Review& review) {
    const int players = review.players;
    review.summary.assign(static_cast<std::size_t>(players), ReviewPlayer{});
    for (int p = 0; p < players; ++p) {
        ReviewPlayer& sum = review.summary[static_cast<std::size_t>(p)];
        const auto at = static_cast<std::size_t>(p);
        sum.player = static_cast<PlayerId>(p);
        std::vector<int> own;
        for (const auto& d : review.decisions) {
            const double effect = d.after_played[at] - d.before[at];
            if (d.player == p) {
                sum.own_losses += d.loss;
                if (d.choices > 1) ++sum.decisions;
                if (d.loss > 0) own.push_back(d.index);
                sum.inaccuracies += d.grade == Grade::inaccuracy;
                sum.mistakes += d.grade == Grade::mistake;
                sum.blunders += d.grade == Grade::blunder;
            } else {
                sum.others += effect;
            }
            sum.luck += d.luck[at];
        }
        sum.average_loss = sum.decisions ? sum.own_losses / sum.decisions : 0;
        sum.without_luck = sum.final_lead - sum.luck;
        std::stable_sort(own.begin(), own.end(), [&](int a, int b) {
            return review.decisions[static_cast<std::size_t>(a)].loss >
                   review.decisions[static_cast<std::size_t>(b)].loss;
        });
        if (own.size() > 3) own.resize(3);
        sum.costliest = own;
    }
}

}  // namespace

std::string_view to_string(Grade grade) {
    switch (grade) {
        case Grade::best: return "best";
        case Grade::good: return "good";
        case Grade::inaccuracy: return "inaccuracy";
        case Grade::mistake: return "mistake";
        case Grade::blunder: return "blunder";
    }
    return "best";
}

Grade grade_of(double loss, const ReviewThresholds& t) {
    if (loss >= t.blunder) return Grade::blunder;
    if (loss >= t.mistake) return Grade::mistake;
    if (loss >= t.inaccuracy) return Grade::inaccuracy;
    return loss > 0 ? Grade::good : Grade::best;
}

ReviewSettings review_settings(BotKind strength, std::uint64_t seed) {
    ReviewSettings settings;
    settings.iterations = std::max(1, search_iterations(strength));
    settings.seed = seed;
    return settings;
}

SearchSettings review_search_settings(const ReviewSettings& settings, int index) {
    SearchSettings out;
    out.iterations = std::max(1, settings.iterations);
    out.seed = derive_seed(settings.seed, index, 0);
    return out;
}

std::optional<Review> review_game(const MatchSetup& setup, std::span<const Action> actions,
                                  const ReviewSettings& settings, std::string* error) {
    auto match = Match::create(setup, error);
    if (!match) return std::nullopt;
    std::vector<State> states{match->state()};
    states.reserve(actions.size() + 1);
    for (std::size_t k = 0; k < actions.size(); ++k) {
        State next = states.back();
        if (next.is_over()) {
            if (error) *error = "action " + std::to_string(k + 1) + ": the game is already over";
            return std::nullopt;
        }
        if (auto refused = next.apply(actions[k])) {
            if (error) *error = "action " + std::to_string(k + 1) + ": " + refused->message;
            return std::nullopt;
        }
        states.push_back(std::move(next));
    }

    Review review;
    review.players = match->game().players();
    review.finished = states.back().is_over();
    review.iterations = std::max(1, settings.iterations);
    review.seed = settings.seed;
    review.thresholds = settings.thresholds;
    review.decisions.resize(actions.size());
    Reviewer reviewer(settings);
    const int n = static_cast<int>(actions.size());
    Leads next_value = review.finished ? final_leads(states.back()) : reviewer.position(states.back(), n);
    const Leads final_value = next_value;

    for (int k = n - 1; k >= 0; --k) {
        const State& s = states[static_cast<std::size_t>(k)];
        const State& t = states[static_cast<std::size_t>(k + 1)];
        ReviewDecision& d = review.decisions[static_cast<std::size_t>(k)];
        const Action& played = actions[static_cast<std::size_t>(k)];
        d.index = k;
        d.turn = s.turn_number();
        d.player = s.decider();
        d.phase = s.phase();
        // The tile drawn this turn; once it is laid, the tile just laid.
        d.tile = s.drawn_tile() != no_tile || s.tiles().empty() ? s.drawn_tile() : s.tiles().back().type;
        d.played = played;
        const Action search_move = reviewer.best_move(s, k, &d.choices);
        d.after_played = reviewer.after(s, played, k, &next_value);
        const Leads search_value =
            search_move == played ? d.after_played : reviewer.after(s, search_move, k, nullptr);
        const auto me = static_cast<std::size_t>(d.player);
        // The better of the two for the decider is the best move; a tie goes to the move played.
        d.played_is_best = search_value[me] <= d.after_played[me];
        d.best = d.played_is_best ? played : search_move;
        d.after_best = d.played_is_best ? d.after_played : search_value;
        d.before = d.after_best;
        d.loss = d.after_best[me] - d.after_played[me];
        d.grade = grade_of(d.loss, settings.thresholds);
        d.chance = !t.is_over() && chance_between(s, t);
        if (d.chance) {
            if (t.turn_number() != s.turn_number() || t.tiles_left() != s.tiles_left()) d.drawn = t.drawn_tile();
            for (std::size_t p = 0; p < d.luck.size(); ++p) d.luck[p] = next_value[p] - d.after_played[p];
        }
        next_value = d.before;
        if (settings.progress) settings.progress(n - k, n);
    }

    summarize(review);
    for (int p = 0; p < review.players; ++p) {
        ReviewPlayer& sum = review.summary[static_cast<std::size_t>(p)];
        sum.start = n ? review.decisions.front().before[static_cast<std::size_t>(p)]
                      : final_value[static_cast<std::size_t>(p)];
        sum.final_lead = final_value[static_cast<std::size_t>(p)];
        sum.without_luck = sum.final_lead - sum.luck;
    }
    return review;
}

}  // namespace carc
