#include "review_command.hpp"

#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "carc/match.hpp"
#include "carc/protocol/engine_json.hpp"
#include "carc/protocol/settings.hpp"
#include "carc/records/game_record.hpp"
#include "carc/records/record_review.hpp"
#include "carc/records/record_verify.hpp"
#include "carc/records/seed_commitment.hpp"
#include "carc/review.hpp"
#include "script_config.hpp"

namespace carc::sim {

using nlohmann::json;

namespace {

int fail(const std::string& message) {
    std::cerr << "carc-sim: " << message << "\n";
    return 1;
}

double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

}  // namespace

int review_command(int argc, char** argv) {
    const std::string path = argv[2];
    BotKind strength = default_review_strength;
    int iterations = 0;
    std::uint64_t seed = 0;
    for (int i = 3; i < argc; i += 2) {
        const std::string flag = argv[i];
        if (i + 1 >= argc) return fail("review: " + flag + " needs a value");
        const std::string value = argv[i + 1];
        try {
            if (flag == "--strength") {
                if (!protocol::bot_kind_from_string(value, strength) || !is_search_bot(strength))
                    return fail("review: --strength is easy, medium or hard, not " + value);
            } else if (flag == "--iterations") {
                iterations = std::stoi(value);
                if (iterations < 1) return fail("review: --iterations must be at least 1");
            } else if (flag == "--seed") {
                seed = std::stoull(value);
            } else {
                return fail("review: unknown option " + flag);
            }
        } catch (const std::exception&) {
            return fail("review: bad value for " + flag + ": " + value);
        }
    }
    std::ifstream in(path);
    if (!in) return fail("review: cannot read " + path);
    const json record = json::parse(in, nullptr, false);
    if (record.is_discarded()) return fail("review: " + path + " is not valid JSON");
    std::string error;
    const auto input = server::review_input_of(record, &error);
    if (!input) return fail("review: " + path + ": " + error);
    ReviewSettings settings = review_settings(strength, seed);
    if (iterations > 0) settings.iterations = iterations;
    // A budget of one's own is no bot's strength.
    const std::string_view strength_name = iterations > 0 ? "custom" : protocol::to_string(strength);

    const double started = cpu_seconds();
    const auto review = server::review_record(*input, settings, strength_name, &error);
    const double cpu = cpu_seconds() - started;
    if (!review) return fail("review: " + path + ": " + error);
    const auto& actions = input->actions;
    std::cout << review->dump(2) << "\n";
    char line[200];
    std::snprintf(line, sizeof line, "%zu decisions, %d iterations a search: %.2f s CPU, %.1f ms per decision",
                  actions.size(), settings.iterations, cpu,
                  actions.empty() ? 0.0 : 1000.0 * cpu / static_cast<double>(actions.size()));
    std::cerr << "carc-sim review: " << line << "\n";
    return 0;
}

int record_command(int argc, char** argv) {
    json config = {{"game", "carcassonne"}, {"players", 2}, {"expansions", json::array()}};
    BotKind kinds[2] = {BotKind::greedy, BotKind::greedy};
    std::uint64_t seed = 1;
    for (int i = 2; i < argc; i += 2) {
        const std::string flag = argv[i];
        if (i + 1 >= argc) return fail("record: " + flag + " needs a value");
        const std::string value = argv[i + 1];
        bool ok = true;
        try {
            if (flag == "--a") ok = protocol::bot_kind_from_string(value, kinds[0]);
            else if (flag == "--b") ok = protocol::bot_kind_from_string(value, kinds[1]);
            else if (flag == "--seed") seed = std::stoull(value);
            else if (flag == "--players") config["players"] = std::stoi(value);
            else if (flag == "--game") config["game"] = value;
            else if (flag == "--expansions") {
                std::stringstream list(value);
                for (std::string name; std::getline(list, name, ',');)
                    if (!name.empty()) config["expansions"].push_back(name);
            } else ok = false;
        } catch (const std::exception&) {
            ok = false;
        }
        if (!ok) return fail("record: bad option " + flag + " " + value);
    }
    std::string error;
    MatchSetup setup;
    if (!config_from_json(config, setup.config, error)) return fail("record: " + error);
    setup.seed = seed;
    auto match = Match::create(setup, &error);
    if (!match) return fail("record: " + error);

    server::record_inputs inputs;
    inputs.id = "sim-" + std::to_string(seed);
    inputs.settings.name = "carc-sim record";
    inputs.settings.config = setup.config;
    inputs.initial_hash = match->state().hash();
    for (int p = 0; p < setup.config.players; ++p) {
        const BotKind kind = kinds[p % 2];
        inputs.players.push_back({std::string(protocol::to_string(kind)) + " " + std::to_string(p + 1), "bot", kind});
    }
    Rng rng(seed);
    std::vector<server::record_action> actions;
    while (!match->state().is_over()) {
        const int seat = match->state().decider();
        const Action a = choose(kinds[seat % 2], match->state(), rng);
        std::vector<Event> events;
        if (auto refused = match->apply(a, &events)) return fail("record: a bot's move was refused: " + refused->message);
        actions.push_back({seat, a, protocol::events_to_json(events, match->game().tiles()).dump(),
                           match->state().hash()});
    }
    protocol::GameResult result;
    result.reason = "complete";
    int best = -1;
    for (int p = 0; p < setup.config.players; ++p) best = std::max(best, match->state().score(p));
    for (int p = 0; p < setup.config.players; ++p) {
        result.scores.push_back(match->state().score(p));
        if (match->state().score(p) == best) result.winners.push_back(p);
    }
    inputs.scores = result.scores;
    inputs.result = result;
    inputs.seed = seed;
    inputs.seed_nonce = "00000000000000000000000000000000";
    inputs.seed_commitment = server::seed_commitment(seed, inputs.seed_nonce);
    inputs.final_hash = match->state().hash();
    std::cout << server::build_record_text(inputs, actions, match->game()) << "\n";
    return 0;
}

}  // namespace carc::sim
