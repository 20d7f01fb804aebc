#pragma once
// Move review: every decision of a played game judged by the search, skill and luck told apart
// (docs/bots.md, "Move review"). A pure, deterministic function of the game's setup, its
// action log and the settings: no clock, no threads; the same input gives the same review bit
// for bit. Each decision is judged only from what its decider could know: every evaluation is
// a search (carc/search.hpp), which resamples the hidden pile order from public information.
//
// Values are expected final leads in points: a player's final score less the best opponent's
// (the lead the search's reward reads). For each player the review's numbers add up:
//   final_lead = start - own_losses + others + luck
// because every change of an expected lead between two decisions is one of a decision's
// effect (a loss for its decider, an effect on the others) or the luck of chance between them.

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "carc/action.hpp"
#include "carc/bots.hpp"
#include "carc/match.hpp"
#include "carc/search.hpp"
#include "carc/state.hpp"

namespace carc {

// Per player (by seat; entries past the game's players are 0), in points.
using Leads = std::array<double, max_players>;

// How costly a decision was, by its loss in points (ReviewThresholds).
enum class Grade : std::uint8_t {
    best,        // loss 0: the move played is (as good as) the search's
    good,        // a loss below the inaccuracy threshold: within the evaluation's noise
    inaccuracy,
    mistake,
    blunder,
};
std::string_view to_string(Grade grade);

// The losses (points of expected final lead) from which a decision is graded worse.
struct ReviewThresholds {
    double inaccuracy = 3;
    double mistake = 6;
    double blunder = 12;
};
Grade grade_of(double loss, const ReviewThresholds& thresholds);

struct ReviewSettings {
    // Search iterations for every evaluation (search_iterations() of a bot kind).
    int iterations = 0;
    std::uint64_t seed = 0;
    ReviewThresholds thresholds;
    // Called after each decision is judged with (judged so far, decisions in all): a caller's
    // progress report. The review runs from the last decision to the first.
    std::function<void(int, int)> progress;
};
// The default: medium's budget (docs/benchmarks.md has what it costs).
inline constexpr BotKind default_review_strength = BotKind::medium;
ReviewSettings review_settings(BotKind strength, std::uint64_t seed = 0);

// One decision: an action of the log, judged from its decider's point of view.
struct ReviewDecision {
    int index = 0;            // into the action log, from 0
    int turn = 0;             // State::turn_number() when it was taken
    PlayerId player = 0;      // who decided
    Phase phase = Phase::place_tile;
    TileTypeId tile = no_tile;  // the tile being laid, or after it is laid the last tile laid
    int choices = 1;          // legal actions; 1: forced, loss 0
    Action played;
    Action best;              // the search's move, or the one played when it was judged better
    bool played_is_best = true;
    // Expected final lead of every player: before the decision (with the best move, by
    // definition, so a decision can only lose its decider points), after the move played, and
    // after the best move (equal to `before`, kept for the reader).
    Leads before{};
    Leads after_played{};
    Leads after_best{};
    double loss = 0;          // the decider's: after_best - after_played, never negative
    Grade grade = Grade::best;
    // Chance after the move, before the next decision: tiles drawn (a new turn) or The Castle's
    // wall tokens turned over. `luck` is every player's expected lead after it less the
    // expected lead before it (after_played, an average over what could have come).
    bool chance = false;
    TileTypeId drawn = no_tile;  // the tile the next decision sees drawn, when chance drew one
    Leads luck{};
};

struct ReviewPlayer {
    PlayerId player = 0;
    double start = 0;        // expected final lead before the game's first decision
    double final_lead = 0;   // the final score less the best opponent's (expected, if unfinished)
    double own_losses = 0;   // the sum of this player's losses (>= 0)
    double others = 0;       // the sum of the other players' decisions' effects on this lead
    double luck = 0;         // the sum of luck over every chance event
    double without_luck = 0;  // final_lead - luck: the result with luck taken out
    int decisions = 0;       // this player's decisions with a choice (choices > 1)
    double average_loss = 0;  // own_losses / decisions (0 without decisions)
    int inaccuracies = 0;
    int mistakes = 0;
    int blunders = 0;
    std::vector<int> costliest;  // up to 3 indices into Review::decisions, by loss, loss > 0
};

struct Review {
    int players = 0;
    bool finished = false;   // the log ends the game; otherwise final leads are expected ones
    int iterations = 0;
    std::uint64_t seed = 0;
    ReviewThresholds thresholds;
    std::vector<ReviewDecision> decisions;  // one per action of the log, in order
    std::vector<ReviewPlayer> summary;      // by seat
    // How far apart the two sides of the sum rule may be: every evaluation is rounded to
    // hundredths of a point, and the sums are of doubles.
    static constexpr double sum_tolerance = 1e-6;
};

// Reviews a game: its setup (configuration, seed or draw order) and its action log. Returns
// nothing and sets `error` when an action is refused (its 1-based index and the reason).
std::optional<Review> review_game(const MatchSetup& setup, std::span<const Action> actions,
                                  const ReviewSettings& settings, std::string* error);

// The search settings the review finds its best move with at decision `index`: a player who
// searched with them at every decision followed the bot and loses nothing.
SearchSettings review_search_settings(const ReviewSettings& settings, int index);

}  // namespace carc
