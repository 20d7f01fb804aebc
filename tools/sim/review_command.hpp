#pragma once
// carc-sim review RECORD.json [--strength KIND] [--iterations N] [--seed S]
//   prints the move review of a finished game's record as JSON (docs/bots.md, "Move review")
// carc-sim record --a KIND --b KIND [--seed S] [--players N] [--game G] [--expansions a,b]
//   plays a game between bot kinds (seats alternate A, B, A, ...) and prints its record, as
//   GET /api/games/{id} serves it: something to review and to benchmark the review on.
namespace carc::sim {
int review_command(int argc, char** argv);
int record_command(int argc, char** argv);
}  // namespace carc::sim
