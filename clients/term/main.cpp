// carc-term: play and watch Carcassonne games of a carc-server from a terminal.
//   carc-term [--server ws://host:port] [--name NAME]

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

#include "app.hpp"

namespace {

volatile std::sig_atomic_t stop_requested = 0;
extern "C" void on_signal(int) { stop_requested = 1; }

void usage(std::ostream& out) {
    out << "usage: carc-term [--server ws://host:port] [--name NAME] [--token-file FILE]\n"
           "  --server URL       the carc-server WebSocket (default ws://127.0.0.1:8080/ws)\n"
           "  --name NAME        your player name (default: $USER)\n"
           "  --token-file FILE  keep your reconnect token here, to get your seats back after a\n"
           "                     restart (the file is created with your permissions only)\n";
}

}  // namespace

int main(int argc, char** argv) {
    std::string server = "ws://127.0.0.1:8080/ws";
    std::string token_file;
    const char* user = std::getenv("USER");
    std::string name = user && *user ? user : "Player";
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if ((arg == "--server" || arg == "--name" || arg == "--token-file") && i + 1 < argc) {
            (arg == "--server" ? server : arg == "--name" ? name : token_file) = argv[++i];
        } else if (arg == "--help" || arg == "-h") {
            usage(std::cout);
            return 0;
        } else {
            usage(std::cerr);
            return 2;
        }
    }
    const auto url = carc::term::parse_server_url(server);
    if (!url) {
        std::cerr << "carc-term: --server must look like ws://host:port\n";
        return 2;
    }
    if (name.empty() || name.size() > 32) {
        std::cerr << "carc-term: --name takes 1 to 32 characters\n";
        return 2;
    }

    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
    std::signal(SIGHUP, on_signal);
    carc::term::Connection connection(*url);
    std::string token;
    if (!token_file.empty()) std::getline(std::ifstream(token_file), token);
    carc::term::ClientModel model(name, token);
    connection.start();
    int status = 0;
    try {
        carc::term::App app(connection, model, token_file);  // owns the terminal; restores it on exit
        status = app.run(stop_requested);
    } catch (const std::exception& e) {  // the terminal is restored by now
        connection.stop();
        std::cerr << "carc-term: " << e.what() << "\n";
        return 1;
    }
    connection.stop();
    return status;
}
