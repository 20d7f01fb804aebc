// carc-term: play and watch Carcassonne games of a carc-server from a terminal.
//   carc-term [--server ws://host:port] [--name NAME] [--token-file FILE] [--lang ru|en]
//             [--sign-in | --sign-out | --my-games] [--play ROOM]
//             [--leaderboard RULES | --profile NAME | --tournament ID]

#include <cctype>
#include <clocale>
#include <langinfo.h>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include <termios.h>
#include <unistd.h>

#include "account_http.hpp"
#include "app.hpp"
#include "i18n.hpp"
#include "my_games_text.hpp"
#include "ratings_text.hpp"
#include "tournament_text.hpp"
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
           "  --lang ru|en       the language (default: from LC_ALL, LC_MESSAGES or LANG)\n"
           "  --sign-in          sign in to your account NAME (asks the password); later runs play\n"
           "                     as the account (its session is kept in TOKEN-FILE.session)\n"
           "  --device-token     sign in to your account NAME with a device token made on the\n"
           "                     account's page (read from $CARC_DEVICE_TOKEN, else asked);\n"
           "                     kept like --sign-in's session, for accounts that sign in by link\n"
           "  --my-games         list the account's games, your turn first, and exit\n"
           "  --play ROOM        open the game ROOM (from --my-games) to play your move\n"
           "  --sign-out         end the account's session here and forget it\n"
           "  --leaderboard RULES  print the leaderboard of a rating key (carcassonne, castle, ...)\n"
           "  --profile NAME     print a player's ratings and statistics\n"
           "  --tournament ID    print the tournament's standings and current round, and exit\n";
}

// The password from the terminal without echoing it (or a line of stdin when not a terminal).
std::string read_password(const std::string& prompt) {
    std::cerr << prompt << std::flush;
    termios before{};
    const bool tty = tcgetattr(STDIN_FILENO, &before) == 0;
    if (tty) {
        termios quiet = before;
        quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
    }
    std::string password;
    std::getline(std::cin, password);
    if (tty) tcsetattr(STDIN_FILENO, TCSANOW, &before);
    std::cerr << "\n";
    return password;
}

// --sign-in, --device-token, --my-games, --sign-out: the account's calls over HTTP, then exit.
int account_command(const std::string& command, const carc::term::ServerUrl& url, const std::string& name,
                    const std::string& session_file) {
    namespace fs = std::filesystem;
    if (session_file.empty()) {
        std::cerr << "carc-term: no place for the session (give --token-file)\n";
        return 2;
    }
    std::string session;
    std::getline(std::ifstream(session_file), session);
    if (command == "--sign-in") {
        std::string error;
        const auto token = carc::term::sign_in(url, name, read_password("Password for " + name + ": "), error);
        if (!token) {
            std::cerr << "carc-term: " << error << "\n";
            return 1;
        }
        std::ofstream(session_file) << *token << "\n";
        std::error_code ignored;
        fs::permissions(session_file, fs::perms::owner_read | fs::perms::owner_write, ignored);
        std::cout << "signed in as " << name << "\n";
        return 0;
    }
    if (command == "--device-token") {
        const char* given = std::getenv("CARC_DEVICE_TOKEN");
        const std::string token = given && *given ? std::string(given) : read_password("Device token for " + name + ": ");
        // Checked before it is kept: a token that does not work, or another account's, is refused.
        const auto me = carc::term::account_call(url, "GET", "/api/me", nullptr, token);
        if (me.status != 200) {
            std::cerr << "carc-term: " << (me.status == 401 ? "that device token does not work" : me.error) << "\n";
            return 1;
        }
        const std::string owner = me.body.value("name", "");
        if (owner != name) {
            std::cerr << "carc-term: that device token is the account " << owner << "'s: run with --name " << owner
                      << "\n";
            return 1;
        }
        std::ofstream(session_file) << token << "\n";
        std::error_code ignored;
        fs::permissions(session_file, fs::perms::owner_read | fs::perms::owner_write, ignored);
        std::cout << "signed in as " << name << "\n";
        return 0;
    }
    if (session.empty()) {
        std::cerr << "carc-term: not signed in (use --sign-in or --device-token)\n";
        return 1;
    }
    if (command == "--sign-out") {
        const auto reply = carc::term::account_call(url, "POST", "/api/sessions/end", nlohmann::json::object(), session);
        std::error_code ignored;
        fs::remove(session_file, ignored);
        if (reply.status != 200 && reply.status != 401) {
            std::cerr << "carc-term: " << reply.error << "\n";
            return 1;
        }
        std::cout << "signed out\n";
        return 0;
    }
    const auto reply = carc::term::account_call(url, "GET", "/api/me/games", nullptr, session);
    if (reply.status != 200) {
        std::cerr << "carc-term: " << reply.error << "\n";
        return 1;
    }
    std::cout << carc::term::my_games_text(reply.body);
    return 0;
}

// --leaderboard RULES, --profile NAME, --tournament ID: a read over HTTP (no account needed),
// printed in the client's language, then exit.
int lookup_command(const std::string& command, const std::string& what, const carc::term::ServerUrl& url) {
    std::string encoded;
    for (const unsigned char c : what) {
        static constexpr char hex[] = "0123456789ABCDEF";
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.') encoded += static_cast<char>(c);
        else encoded += std::string("%") + hex[c >> 4] + hex[c & 15];
    }
    const std::string target = command == "--leaderboard" ? "/api/leaderboard?rules=" + encoded
                               : command == "--profile"   ? "/api/players/" + encoded
                                                          : "/api/tournaments/" + encoded;
    const auto reply = carc::term::account_call(url, "GET", target, nullptr, "");
    if (reply.status != 200) {
        std::cerr << "carc-term: " << reply.error << "\n";
        return 1;
    }
    std::cout << (command == "--leaderboard" ? carc::term::leaderboard_text(reply.body)
                  : command == "--profile"   ? carc::term::profile_text(reply.body)
                                             : carc::term::tournament_text(reply.body));
    return 0;
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
    std::string account;  // --sign-in, --device-token, --sign-out or --my-games
    std::string play_room;  // --play
    std::string lookup;   // --leaderboard, --profile or --tournament, and what it names
    std::string lookup_of;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--sign-in" || arg == "--sign-out" || arg == "--my-games" || arg == "--device-token") {
            account = arg;
        } else if ((arg == "--leaderboard" || arg == "--profile" || arg == "--tournament") && i + 1 < argc) {
            lookup = arg;
            lookup_of = argv[++i];
        } else if (arg == "--play" && i + 1 < argc) {
            play_room = argv[++i];
        } else if ((arg == "--server" || arg == "--name" || arg == "--token-file" || arg == "--lang") && i + 1 < argc) {
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
    if (!lookup.empty()) return lookup_command(lookup, lookup_of, *url);
    const std::size_t length = carc::term::utf8_length(name);
    if (length == 0 || length > 32) {
        std::cerr << "carc-term: --name takes 1 to 32 characters\n";
        return 2;
    }
    if (token_file.empty()) {
        token_file = carc::term::default_token_file(*url, name, std::getenv("XDG_STATE_HOME"), std::getenv("HOME"));
        if (!token_file.empty() && !carc::term::make_token_dir(token_file)) token_file.clear();
    }

    const std::string session_file = token_file.empty() ? "" : token_file + ".session";
    if (!account.empty()) return account_command(account, *url, name, session_file);

    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_terminate);
    std::signal(SIGHUP, on_terminate);
    carc::term::Connection connection(*url);
    std::string token;
    if (!token_file.empty()) std::getline(std::ifstream(token_file), token);
    carc::term::ClientModel model(name, token);
    std::string session;
    if (!session_file.empty()) std::getline(std::ifstream(session_file), session);
    if (!session.empty()) model.set_session(session);  // signed in: hello as the account
    if (!play_room.empty()) model.open_on_welcome(play_room);
    connection.start();
    std::string farewell;
    int status = 0;
    try {
        carc::term::App app(connection, model, token_file);  // owns the terminal; restores it on exit
        app.set_http(*url, session);
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
