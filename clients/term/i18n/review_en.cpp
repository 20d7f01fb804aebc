// English words of the move review and its replay (review_text.cpp, review_ui.cpp), kept apart
// from en.cpp; i18n.cpp joins them. Keys: review.*, replay.*, and the key hints of those screens.
#include "i18n.hpp"

namespace carc::term {

namespace {

const Catalog english_review = {
    {"header.review", "carc-term - move review: {room}"},
    {"header.replay", "carc-term - replay: {room}  move {step} of {steps}"},
    {"keys.review", "Up/Down choose a costly decision  Enter replay it  Esc back  q quit"},
    {"keys.review_wait", "Esc back  q quit"},
    {"keys.replay", "Left/Right move  Home/End first/last  hjkl look  Esc review  q quit"},
    {"keys.game_over", "e move review  arrows look  c centre  v log/chat  L leave  ? help  q quit"},
    {"keys.my_games_finished", "Up/Down choose  Enter open  e review  r refresh  Esc lobby  ? help  q quit"},
    {"help.my_games.5", "e        the move review of a finished game"},
    {"help.game_over", "The game is over"},
    {"help.game_over.1", "e        its move review: every player's result, luck, costliest decisions"},
    {"help.game_over.2", "         (Enter on one: the replay at that move, Left/Right step, Esc back)"},
    {"help.game_over.3", "L        leave the room"},
    {"review.loading", "reading the game's record..."},
    {"review.asking", "asking for the review..."},
    {"review.queued", "waiting for a free bot to review the game..."},
    {"review.running", "judging decisions: {judged} of {decisions}"},
    {"review.wait_back", "the server computes the review; Esc goes back (the review goes on)"},
    {"review.failed", "the review failed: {error}"},
    {"review.unreachable", "the server cannot be reached: {error}"},
    {"review.refused.review_busy", "you already have a review in progress; try again later"},
    {"review.refused.review_daily_limit", "you have asked for as many reviews as a day allows; try again later"},
    {"review.refused.review_queue_full", "too many reviews are waiting; try again later"},
    {"review.refused.game_not_finished", "the game is still being played"},
    {"review.refused.record_not_stored", "the game's record is being stored; try again in a moment"},
    {"review.refused.no_such_game", "no such finished game"},
    {"review.none", "no decisions to review"},
    {"review.result", "{seat} {name}: result {lead}, without luck {without}, luck {luck}"},
    {"review.average", "average loss a decision {average}"},
    {"review.inaccuracies#one", "{count} inaccuracy"},
    {"review.inaccuracies#other", "{count} inaccuracies"},
    {"review.mistakes#one", "{count} mistake"},
    {"review.mistakes#other", "{count} mistakes"},
    {"review.blunders#one", "{count} blunder"},
    {"review.blunders#other", "{count} blunders"},
    {"review.costliest", "costliest decisions:"},
    {"review.decision", "turn {turn}, {name}: {loss}"},
    {"review.decision_graded", "turn {turn}, {name}: {grade}, {loss}"},
    {"review.grade_inaccuracy", "inaccuracy"},
    {"review.grade_mistake", "mistake"},
    {"review.grade_blunder", "blunder"},
    {"review.played_best", "played: {played}; better: {best}"},
    {"review.played_is_best", "played: {played} (the search's move too)"},
    {"review.lay", "lay {tile} at {at}"},
    {"review.lay_turned", "lay {tile} at {at} turned {degrees}°"},
    {"replay.start", "the start: no move yet"},
    {"replay.this_move", "this move:"},
    {"replay.ghost", "the box on the board: where the better move lays the tile"},
    {"replay.scores", "points:"},
    {"replay.mark", "the * on the board: where the better move puts the follower"},
};

}  // namespace

const Catalog& english_review_catalog() { return english_review; }

}  // namespace carc::term
