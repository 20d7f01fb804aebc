#pragma once
// carc-sim arena: two bot kinds play each other with swapped seats (docs/bots.md).
namespace carc::sim {
int arena(int argc, char** argv);
}
