// carc-admin: the operator's moderation tool (docs/moderation.md). It works on the store every
// node shares, so it needs no port of the server: PostgreSQL directly; SQLite directly when no
// server runs, else through the running server's admin socket in the data directory (SQLite is
// one process's alone). Every action is written to the audit log with who, what, when and why.
#include <pwd.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include <boost/asio/io_context.hpp>
#include <boost/asio/local/stream_protocol.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>
#include <nlohmann/json.hpp>

#include "carc/storage/postgres_store.hpp"
#include "carc/storage/sqlite_store.hpp"
#include "moderation/admin_commands.hpp"
#include "moderation/admin_socket.hpp"
#include "util/wall_clock.hpp"

namespace {

namespace net = boost::asio;
namespace fs = std::filesystem;
using carc::server::moderation::admin_outcome;
using nlohmann::json;

struct tool_options {
    std::string data_dir = "./data";
    std::string postgres_url;
    std::string operator_name;
    std::vector<std::string> command;
};

std::string system_user() {
    if (const passwd* pw = ::getpwuid(::getuid()); pw && pw->pw_name) return pw->pw_name;
    if (const char* user = std::getenv("USER"); user && *user) return user;
    return "uid-" + std::to_string(::getuid());
}

// The command, sent to the running server; nullopt when no server listens at `socket_path`.
std::optional<admin_outcome> through_server(const fs::path& socket_path, const std::vector<std::string>& args,
                                            const std::string& operator_name) {
    if (!fs::exists(socket_path)) return std::nullopt;
    net::io_context ioc;
    net::local::stream_protocol::socket socket(ioc);
    boost::system::error_code ec;
    socket.connect(net::local::stream_protocol::endpoint(socket_path.string()), ec);
    if (ec) return std::nullopt;  // a file left by a server that is gone
    const std::string request = json{{"args", args}, {"operator", operator_name}}.dump() + "\n";
    net::write(socket, net::buffer(request), ec);
    net::streambuf answer;
    if (!ec) net::read_until(socket, answer, '\n', ec);
    if (ec && answer.size() == 0) return admin_outcome{1, "", "the server closed the admin socket: " + ec.message() + "\n"};
    const json reply = json::parse(std::string{net::buffers_begin(answer.data()), net::buffers_end(answer.data())},
                                   nullptr, false);
    if (!reply.is_object()) return admin_outcome{1, "", "the server's answer could not be read\n"};
    return admin_outcome{reply.value("exit", 1), reply.value("out", ""), reply.value("err", "")};
}

admin_outcome run(const tool_options& options) {
    carc::storage::Stores stores;
    if (!options.postgres_url.empty()) {
        carc::storage::PostgresOptions pg;
        pg.url = options.postgres_url;
        auto opened = carc::storage::open_postgres_store(pg);
        if (!opened) return {1, "", "cannot open the store: " + opened.message() + "\n"};
        stores = opened->stores;
    } else {
        const fs::path socket_path = fs::path(options.data_dir) / carc::server::moderation::admin_socket_name;
        if (auto answered = through_server(socket_path, options.command, options.operator_name)) return *answered;
        carc::storage::SqliteOptions sqlite;
        sqlite.data_dir = options.data_dir;
        auto opened = carc::storage::open_sqlite_stores(sqlite);
        if (!opened) return {1, "", "cannot open the store: " + opened.message() + "\n"};
        stores = std::move(opened).value();
    }
    return carc::server::moderation::run_admin_command(stores, options.command, options.operator_name,
                                                       carc::server::unix_ms());
}

}  // namespace

int main(int argc, char** argv) {
    tool_options options;
    options.operator_name = system_user();
    std::vector<std::string> args(argv + 1, argv + argc);
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool has_value = i + 1 < args.size();
        if (a == "--help" || a == "-h") {
            std::cout << carc::server::moderation::admin_usage();
            return 0;
        }
        if ((a == "--store" || a == "--data-dir" || a == "--operator") && !has_value) {
            std::cerr << a << " needs a value\n";
            return 2;
        }
        if (a == "--data-dir") {
            options.data_dir = args[++i];
        } else if (a == "--store") {
            const std::string& spec = args[++i];
            if (spec.starts_with("sqlite:")) options.data_dir = spec.substr(7);
            else if (spec.starts_with("postgres://") || spec.starts_with("postgresql://")) options.postgres_url = spec;
            else {
                std::cerr << "--store: sqlite:DIR or postgres://user@host:port/db\n";
                return 2;
            }
        } else if (a == "--operator") {
            options.operator_name = args[++i];
        } else {
            options.command.assign(args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
            break;
        }
    }
    if (options.command.empty()) {
        std::cerr << carc::server::moderation::admin_usage();
        return 2;
    }
    const admin_outcome outcome = run(options);
    std::cout << outcome.out;
    std::cerr << outcome.err;
    return outcome.exit_code;
}
