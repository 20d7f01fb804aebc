// carc-sim: the engine from the command line (docs/scripts.md).
//   carc-sim replay FILE
//   carc-sim playout --players N --games G --seed S [--expansions a,b] [--game castle]
//   carc-sim verify RECORD.json   (a finished game's record from GET /api/games/{id})
//   carc-sim arena --a KIND --b KIND --games N [...]   (bots against each other, docs/bots.md)
//   carc-sim golden DIR           (rewrites the golden games, tests/engine/golden)
//   carc-sim review RECORD.json [--strength KIND] [--iterations N] [--seed S]   (docs/bots.md)
//   carc-sim record --a KIND --b KIND [...]   (a bots' game as a finished record)
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "arena.hpp"
#include "carc/game.hpp"
#include "script_config.hpp"
#include "golden.hpp"
#include "review_command.hpp"
#include "playout.hpp"
#include "carc/records/record_verify.hpp"
#include "script.hpp"
#include "script_expect.hpp"


namespace {

int usage() {
    std::cerr << "usage: carc-sim replay FILE\n"
                 "       carc-sim playout --players N --games G --seed S"
                 " [--expansions tower,river2,...] [--game carcassonne|castle]\n";
    std::cerr << "       carc-sim verify RECORD.json\n"
                 "       carc-sim golden DIR\n"
                 "       carc-sim arena --a KIND --b KIND --games N [--seed S] [--game G]"
                 " [--expansions a,b] [--iterations-a N] [--iterations-b N]\n"
                 "       carc-sim review RECORD.json [--strength easy|medium|hard] [--iterations N] [--seed S]\n"
                 "       carc-sim record --a KIND --b KIND [--seed S] [--players N] [--game G] [--expansions a,b]\n";
    return 1;
}

int replay(const char* path) {
    std::ifstream in(path);
    if (!in) {
        std::cerr << "carc-sim: cannot read " << path << "\n";
        return 1;
    }
    nlohmann::json script;
    try {
        in >> script;
    } catch (const std::exception& e) {
        std::cerr << "carc-sim: " << path << " is not valid JSON: " << e.what() << "\n";
        return 1;
    }
    std::string error;
    auto result = carc::sim::run_script(script, error);
    if (result.is_null()) {
        std::cerr << "carc-sim: " << error << "\n";
        if (!script.contains("expect")) return 2;
    } else {
        std::cout << result.dump(2) << "\n";
    }
    if (!script.contains("expect")) return 0;
    const std::string unmet = carc::sim::unmet_expectation(script["expect"], result, error);
    if (unmet.empty()) return 0;
    std::cerr << "carc-sim: " << path << ": expectation not met: " << unmet << "\n";
    return 3;
}

// Rewrites every golden game into `dir`: on purpose only, after a rules change, then the diff
// is reviewed (golden_test.cpp compares and never writes).
int golden(const char* dir) {
    for (const auto& g : carc::golden::games()) {
        std::string error;
        const std::string text = carc::golden::record(g, &error);
        const std::string path = std::string(dir) + "/" + g.file_name();
        std::ofstream out(path);
        if (text.empty() || !(out << text)) {
            std::cerr << "carc-sim: " << path << ": " << (error.empty() ? "cannot write" : error) << "\n";
            return 1;
        }
        std::cout << path << "\n";
    }
    return 0;
}

int playout(int argc, char** argv) {
    nlohmann::json config = {{"game", "carcassonne"}, {"players", 2}, {"expansions", nlohmann::json::array()}};
    int games = 1000;
    std::uint64_t seed = 1;
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        const std::string value = argv[i + 1];
        try {
            if (flag == "--players") config["players"] = std::stoi(value);
            else if (flag == "--games") games = std::stoi(value);
            else if (flag == "--seed") seed = std::stoull(value);
            else if (flag == "--game") config["game"] = value;
            else if (flag == "--expansions") {
                std::stringstream list(value);
                for (std::string name; std::getline(list, name, ',');)
                    if (!name.empty()) config["expansions"].push_back(name);
            } else return usage();
        } catch (const std::exception&) {
            std::cerr << "carc-sim: bad value for " << flag << "\n";
            return 1;
        }
    }
    carc::GameConfig game_config;
    std::string error;
    if (!carc::sim::config_from_json(config, game_config, error)) {
        std::cerr << "carc-sim: " << error << "\n";
        return 1;
    }
    auto game = carc::Game::create(game_config, &error);
    if (!game) {
        std::cerr << "carc-sim: " << error << "\n";
        return 1;
    }
    std::cout << carc::sim::run_playouts(*game, games, seed).dump(2) << "\n";
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc >= 3 && std::strcmp(argv[1], "replay") == 0) return replay(argv[2]);
    if (argc >= 2 && std::strcmp(argv[1], "playout") == 0) return playout(argc, argv);
    if (argc >= 2 && std::strcmp(argv[1], "arena") == 0) return carc::sim::arena(argc, argv);
    if (argc >= 3 && std::strcmp(argv[1], "golden") == 0) return golden(argv[2]);
    if (argc >= 3 && std::strcmp(argv[1], "review") == 0) return carc::sim::review_command(argc, argv);
    if (argc >= 2 && std::strcmp(argv[1], "record") == 0) return carc::sim::record_command(argc, argv);
    if (argc >= 3 && std::strcmp(argv[1], "verify") == 0) return carc::server::verify_record_file(argv[2]);
    return usage();
}
