#include "golden.hpp"

#include <array>
#include <cstdio>
#include <sstream>

#include "carc/match.hpp"
#include "random_game.hpp"

namespace carc::golden {
namespace {

GameConfig config_of(int players, RuleSystem rules = RuleSystem::carcassonne) {
    GameConfig config;
    config.rules = rules;
    config.players = players;
    return config;
}

GameConfig with(GameConfig config, bool tower, bool river2, bool count, bool king_robber, bool cult) {
    config.expansions.tower = tower;
    config.expansions.river2 = river2;
    config.expansions.count = count;
    config.expansions.king_robber = king_robber;
    config.expansions.cult = cult;
    return config;
}

std::string hex(std::uint64_t v, int digits) {
    char text[17];
    std::snprintf(text, sizeof text, "%0*llx", digits, static_cast<unsigned long long>(v));
    return text;
}

// FNV-1a (32 bits) of the encoded actions, one per line: short enough to read in a diff.
std::uint32_t digest(const std::vector<Action>& legal) {
    std::uint32_t h = 2166136261u;
    for (const auto& a : legal) {
        for (char c : encode(a)) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
        h = (h ^ '\n') * 16777619u;
    }
    return h;
}

// Writes the lines while the game is played: the legal list is known before the decision,
// the chosen action after it.
class Recorder : public playout::Hooks {
public:
    void before(const State& s, const std::vector<Action>& legal) override {
        const auto phase = static_cast<std::size_t>(s.phase());
        // Lists longer than that wait for a shorter one of the same phase (reviewable files).
        constexpr std::size_t max_shown = 40;
        if (phase < shown_.size() && !shown_[phase] && legal.size() <= max_shown) {
            shown_[phase] = true;
            lines_ << "# legal in phase " << to_string(s.phase()) << " (" << legal.size() << "):\n";
            for (const auto& a : legal) lines_ << "#   " << encode(a) << "\n";
        }
        pending_ = " | legal " + std::to_string(legal.size()) + " " + hex(digest(legal), 8);
    }
    void after(const Action& chosen, PlayerId, const State&, const std::vector<Event>&) override {
        lines_ << encode(chosen) << pending_ << "\n";
    }
    std::string lines() const { return lines_.str(); }

private:
    std::array<bool, 16> shown_{};
    std::ostringstream lines_;
    std::string pending_;
};

}  // namespace

std::string GoldenGame::file_name() const {
    return name + "-" + std::to_string(config.players) + "p-seed" + std::to_string(seed) + ".txt";
}

const std::vector<GoldenGame>& games() {
    static const std::vector<GoldenGame> list = {
        {"base", config_of(2), 1},
        {"base", config_of(2), 2},
        {"base", config_of(3), 3},
        {"base", config_of(5), 5},
        {"tower", with(config_of(4), true, false, false, false, false), 4},
        {"castle", config_of(2, RuleSystem::castle), 7},
        {"castle", config_of(2, RuleSystem::castle), 8},
        {"city", with(config_of(3), false, false, true, false, false), 2},
        {"river2", with(config_of(2), false, true, false, false, false), 10},
        {"king_robber-cult", with(config_of(3), false, false, false, true, true), 11},
        {"ckc", with(config_of(4), false, true, true, true, true), 6},
        {"ckc-tower", with(config_of(2), true, true, true, true, true), 13},
    };
    return list;
}

std::string record(const GoldenGame& g, std::string* error) {
    Recorder recorder;
    auto played = playout::random_game(MatchSetup{g.config, g.seed, {}}, g.seed ^ 0xABCDEFull,
                                       &recorder, error);
    if (!played) return {};
    if (played->outcome.refused) {
        if (error) *error = *played->outcome.refused;
        return {};
    }
    const State& end = *played->end;
    std::ostringstream out;
    out << "players " << g.config.players << " seed " << g.seed << " scores";
    for (int p = 0; p < g.config.players; ++p) out << " " << end.score(p);
    out << " hash " << hex(end.hash(), 1) << "\n" << recorder.lines();
    return out.str();
}

bool parse_actions(const std::string& text, std::vector<Action>& out) {
    std::istringstream lines(text);
    std::string line;
    std::getline(lines, line);  // the header
    while (std::getline(lines, line)) {
        if (line.empty() || line[0] == '#') continue;
        Action a;
        if (!decode(line.substr(0, line.find(" | ")), a)) return false;
        out.push_back(a);
    }
    return true;
}

}  // namespace carc::golden
