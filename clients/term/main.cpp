// carc-term: play and watch Carcassonne games of a carc-server from a terminal.
//   carc-term [--server ws://host:port] [--name NAME] [--token-file FILE] [--lang ru|en]

#include <clocale>
#include <langinfo.h>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

#include "app.hpp"
#include "i18n.hpp"
#include "text_width.hpp"
#include "token_path.hpp"

namespace {

volatile std::sig_atomic_t interrupt_requested = 0;
volatile std::sig_atomic_t terminate_requested = 0;
extern "C" void on_interrupt(int) { interrupt_requested = 1; }
extern "C" void on_terminate(int) { terminate_requested = 1; }

void usage(std::ostream& out) {
    out << "usage: carc-term [--server ws://host:port] [--name NAME] [--token-file FILE] [--lang ru|en]\n"
           "  --server URL       the carc-server WebSocket (default ws://127.0.0.1:8080/ws)\n"
           "  --name NAME        your player name (default: $USER)\n"
           "  --token-file FILE  keep your reconnect token here (default: one file per server and\n"
           "                     name in $XDG_STATE_HOME/carc-term or ~/.local/state/carc-term;\n"
           "                     created with your permissions only); start again to resume\n"
           "  --lang ru|en       the language (default: from LC_ALL, LC_MESSAGES or LANG)\n";
}

}  // namespace

int main(int argc, char** argv) {
    // UTF-8 names and chat through ncursesw; a locale that is not installed or not UTF-8 still
    // gets UTF-8 characters (terminals speak it).
    const char* locale = std::setlocale(LC_ALL, "");
    if (!locale || std::string(nl_langinfo(CODESET)) != "UTF-8") std::setlocale(LC_CTYPE, "C.UTF-8");
    carc::term::set_language(carc::term::language_from_environment());
    std::string server = "ws://127.0.0.1:8080/ws";
    std::string token_file;
    std::string lang;
    const char* user = std::getenv("USER");
    std::string name = user && *user ? user : "Player";
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if ((arg == "--server" || arg == "--name" || arg == "--token-file" || arg == "--lang") && i + 1 < argc) {
            (arg == "--server" ? server : arg == "--name" ? name : arg == "--lang" ? lang : token_file) = argv[++i];
        } else if (arg == "--help" || arg == "-h") {
            usage(std::cout);
            return 0;
        } else {
            usage(std::cerr);
            return 2;
        }
    }
    if (lang == "ru") carc::term::set_language(carc::term::Lang::ru);
    else if (lang == "en") carc::term::set_language(carc::term::Lang::en);
    else if (!lang.empty()) {
        std::cerr << "carc-term: --lang takes ru or en\n";
        return 2;
    }
    const auto url = carc::term::parse_server_url(server);
    if (!url) {
        std::cerr << "carc-term: --server must look like ws://host:port\n";
        return 2;
    }
    const std::size_t length = carc::term::utf8_length(name);
    if (length == 0 || length > 32) {
        std::cerr << "carc-term: --name takes 1 to 32 characters\n";
        return 2;
    }
    if (token_file.empty()) {
        token_file = carc::term::default_token_file(*url, name, std::getenv("XDG_STATE_HOME"), std::getenv("HOME"));
        if (!token_file.empty() && !carc::term::make_token_dir(token_file)) token_file.clear();
    }

    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_terminate);
    std::signal(SIGHUP, on_terminate);
    carc::term::Connection connection(*url);
    std::string token;
    if (!token_file.empty()) std::getline(std::ifstream(token_file), token);
    carc::term::ClientModel model(name, token);
    connection.start();
    std::string farewell;
    int status = 0;
    try {
        carc::term::App app(connection, model, token_file);  // owns the terminal; restores it on exit
        status = app.run({interrupt_requested, terminate_requested}, interrupt_requested);
        farewell = app.farewell();
    } catch (const std::exception& e) {  // the terminal is restored by now
        connection.stop();
        std::cerr << "carc-term: " << e.what() << "\n";
        return 1;
    }
    connection.stop();
    if (!farewell.empty()) std::cout << farewell << "\n";
    return status;
}
