// Prints a simulated Swiss tournament's rounds as JSON (each round's players, their scores and
// opponents, and our pairing's cross-group count) for swiss_minimum_reference.py. Not a test:
//   build/bin/swiss_rounds_dump 64 6 7 | python3 tests/competition/swiss_minimum_reference.py
#include <cstdlib>
#include <iostream>

#include "simulated_swiss.hpp"

using namespace carc::competition;
using namespace carc::competition::testing;

int main(int argc, char** argv) {
    if (argc != 4) {
        std::cerr << "usage: swiss_rounds_dump PLAYERS ROUNDS SEED\n";
        return 2;
    }
  int n = atoi(argv[1]); int rounds = atoi(argv[2]); unsigned long seed = atol(argv[3]);
  auto played = play_swiss(scenario(n, rounds, seed));
  std::cout << "[";
  for (size_t r = 0; r < played.size(); ++r) { auto& pr = played[r];
    double bye_score = -1;
    for (auto& p : pr.players) if (pr.round.bye == p.id) bye_score = p.score;
    std::cout << (r ? "," : "") << "{\"ours\":" << unequal_pairs(pr) << ",\"bye\":" << bye_score << ",\"players\":[";
    for (size_t i = 0; i < pr.players.size(); ++i) { auto& p = pr.players[i];
      std::cout << (i ? "," : "") << "{\"id\":" << p.id << ",\"score\":" << p.score << ",\"bye\":" << p.had_bye << ",\"opp\":[";
      for (size_t k = 0; k < p.opponents.size(); ++k) std::cout << (k ? "," : "") << p.opponents[k];
      std::cout << "]}"; }
    std::cout << "]}"; }
  std::cout << "]\n";
}
