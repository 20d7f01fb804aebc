#include "ratings/bot_ratings.hpp"

namespace carc::server::ratings {

namespace {

// Elo differences from docs/bots.md's two-player arena win rates, d = 400 log10(p / (1 - p)):
// easy beats greedy 98.5% (d 727), medium beats easy 74.5% over 220 games (d 186; 95% CI
// 68.4-79.9%, d 134-240), greedy beats random 96.0% over 200 games (d 552; carc-sim arena
// --a greedy --b random --games 200). Hard against medium has too few games yet (hard thinks
// 1.7 s a decision), so hard sits at medium's rating until measured. Easy is anchored at a
// newcomer's 1500.
constexpr double kEasy = 1500;
constexpr double kGreedy = kEasy - 727;
constexpr double kRandom = kGreedy - 552;
constexpr double kMedium = kEasy + 186;
constexpr double kHard = kMedium;
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
    }
    return "Bot";
}

}  // namespace carc::server::ratings
