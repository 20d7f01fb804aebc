// Golden games: seeded random games of every rule system whose action logs, the legal actions
// at every step (a digest, and the full list at the first decision of each phase), final scores
// and hashes are committed in tests/engine/golden/ (tools/playout/golden.hpp). A rules change
// that alters any of them shows up here; if it is intended, regenerate with
// `build/bin/carc-sim golden tests/engine/golden` and review the diff (docs/scripts.md).
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <vector>

#include "carc/match.hpp"
#include "golden.hpp"

using namespace carc;

TEST_CASE("golden games replay exactly as committed", "[golden]") {
    for (const auto& g : golden::games()) {
        const std::string path = std::string(CARC_GOLDEN_DIR) + "/" + g.file_name();
        INFO(path);
        std::string error;
        const std::string text = golden::record(g, &error);
        INFO(error);
        REQUIRE_FALSE(text.empty());
        std::ifstream in(path);
        REQUIRE(in.good());
        std::stringstream committed;
        committed << in.rdbuf();
        CHECK(committed.str() == text);

        // The committed log itself replays through Match::replay to the committed hash.
        std::vector<Action> actions;
        REQUIRE(golden::parse_actions(committed.str(), actions));
        auto replayed = Match::replay(MatchSetup{g.config, g.seed, {}}, actions, &error);
        REQUIRE(replayed);
        REQUIRE(replayed->state().is_over());
        std::ostringstream hash;
        hash << " hash " << std::hex << replayed->state().hash() << "\n";
        const std::string header = committed.str().substr(0, committed.str().find('\n') + 1);
        CHECK(header.ends_with(hash.str()));
    }
}

TEST_CASE("action text round-trips") {
    Action a = Action::place_tile(Coord{-3, 7}, 2);
    Action b;
    REQUIRE(decode(encode(a), b));
    CHECK(a == b);
    CHECK_FALSE(decode("place_tile 1 2", b));
    CHECK_FALSE(decode("fly 0 0 0 -1 0 -1", b));
    CHECK_FALSE(decode("place_tile 0 0 9 -1 0 -1", b));
}
