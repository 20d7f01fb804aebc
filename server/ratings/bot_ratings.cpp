#include "ratings/bot_ratings.hpp"

namespace carc::server::ratings {

namespace {

// Elo differences from docs/bots.md's two-player arena expected scores (a draw counts half),
// d = 400 log10(p / (1 - p)), chained one step of the ladder at a time from easy, anchored at a
// newcomer's 1500. Each step below easy is 400 games between neighbours (carc-sim arena, seats
// swapped on the same tiles): easy beats amateur 77.5% (d 215), amateur beats apprentice 76.9%
// (d 209), apprentice beats greedy 79.1% (d 232), greedy beats beginner 73.6% (d 178), beginner
// beats random 77.9% (d 219). Medium beats easy 74.5% over 220 games (d 186; 95% CI
// 68.4-79.9%, d 134-240). Hard beats medium 67.1% over 202 games pooled from four runs (d 124;
// 95% CI 60.3-73.2%, d 73-174; docs/arena/).
constexpr double kEasy = 1500;
constexpr double kAmateur = kEasy - 215;
constexpr double kApprentice = kAmateur - 209;
constexpr double kGreedy = kApprentice - 232;
constexpr double kBeginner = kGreedy - 178;
constexpr double kRandom = kBeginner - 219;
constexpr double kMedium = kEasy + 186;
constexpr double kHard = kMedium + 124;
// Small, so losing to a bot moves a person as against a well-known opponent.
constexpr double kBotRd = 50;

}  // namespace

competition::Rating bot_rating(BotKind kind) {
    switch (kind) {
    case BotKind::random: return {kRandom, kBotRd, 0.06};
    case BotKind::greedy: return {kGreedy, kBotRd, 0.06};
    case BotKind::easy: return {kEasy, kBotRd, 0.06};
    case BotKind::medium: return {kMedium, kBotRd, 0.06};
    case BotKind::hard: return {kHard, kBotRd, 0.06};
    case BotKind::beginner: return {kBeginner, kBotRd, 0.06};
    case BotKind::apprentice: return {kApprentice, kBotRd, 0.06};
    case BotKind::amateur: return {kAmateur, kBotRd, 0.06};
    }
    return {kRandom, kBotRd, 0.06};
}

std::string bot_display_name(BotKind kind) {
    switch (kind) {
    case BotKind::random: return "Random bot";
    case BotKind::greedy: return "Greedy bot";
    case BotKind::easy: return "Easy bot";
    case BotKind::medium: return "Medium bot";
    case BotKind::hard: return "Hard bot";
    case BotKind::beginner: return "Beginner bot";
    case BotKind::apprentice: return "Apprentice bot";
    case BotKind::amateur: return "Amateur bot";
    }
    return "Bot";
}

}  // namespace carc::server::ratings
