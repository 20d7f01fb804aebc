#pragma once
// The waiting room's keys that put a bot into the first empty seat (docs/terminal-client.md):
// a greedy, A random, b beginner, p apprentice, u amateur, e easy, m medium, h hard.

namespace carc::term {

// The bot kind a key puts in, or nullptr for any other key.
inline const char* bot_for_key(int key) {
    switch (key) {
        case 'a': return "greedy";
        case 'A': return "random";
        case 'b': return "beginner";
        case 'p': return "apprentice";
        case 'u': return "amateur";
        case 'e': return "easy";
        case 'm': return "medium";
        case 'h': return "hard";
        default: return nullptr;
    }
}

}  // namespace carc::term
