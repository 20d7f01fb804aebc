// carc-load: the load benchmark of issue 14 (docs/benchmarks.md). For each scenario it starts a
// fresh carc-server (or uses --url), plays the scenario over the real WebSocket protocol and
// prints one JSON line: latencies, throughput, the server's CPU per action and its memory.
#include <filesystem>
#include <iostream>
#include <memory>

#include <sys/resource.h>
#include <unistd.h>

#include "scenarios.hpp"

namespace carc::load {

namespace fs = std::filesystem;
namespace net = boost::asio;

void scenario_env::refresh_endpoint() {
    if (!child) return;
    ws.port(child->port());
    http.port = child->port();
    pid = child->pid();
}

namespace {

// ws://HOST:PORT[/ws] -> host and port.
bool parse_url(const std::string& url, std::string& host, unsigned short& port) {
    const std::string prefix = "ws://";
    if (url.rfind(prefix, 0) != 0) return false;
    const std::string rest = url.substr(prefix.size());
    const auto colon = rest.find(':');
    if (colon == std::string::npos) return false;
    host = rest.substr(0, colon);
    try {
        port = static_cast<unsigned short>(std::stoi(rest.substr(colon + 1)));
    } catch (const std::exception&) {
        return false;
    }
    return port != 0;
}

// The flags of a server started for `scenario`.
std::vector<std::string> server_flags(const options& opt, const std::string& scenario, bool has_adjourn,
                                      bool has_caps) {
    std::vector<std::string> args = {"--bot-delay", "0",
                                     "--rate", "1000000", "--burst", "1000000",
                                     "--max-connections-per-ip", "100000", "--max-http-per-ip", "100000",
                                     "--web-root", "/nonexistent"};
    if (opt.threads > 0) args.insert(args.end(), {"--threads", std::to_string(opt.threads)});
    // Every simulated person comes from one address: no caps on their rooms and bots.
    if (has_caps)
        args.insert(args.end(), {"--max-rooms-per-person", "0", "--max-rooms-per-ip", "0",
                                 "--max-search-bots-per-person", "0", "--max-search-bots-per-ip", "0"});
    if (scenario == "abandoned") {
        args.insert(args.end(), {"--grace", std::to_string(opt.grace_ms)});
        if (has_adjourn) args.insert(args.end(), {"--adjourn-after", std::to_string(opt.adjourn_after_ms)});
    }
    if (scenario == "slow_reader") args.insert(args.end(), {"--bot-delay", std::to_string(opt.slow_bot_delay_ms)});
    args.insert(args.end(), opt.server_args.begin(), opt.server_args.end());
    return args;
}

std::vector<json> run_scenario(scenario_env& env, const std::string& name) {
    if (name == "room") return {run_room(env)};
    if (name == "spectators") return run_spectators(env);
    if (name == "crowd") return run_crowd(env);
    if (name == "rooms") return {run_rooms(env)};
    if (name == "abandoned") return {run_abandoned(env)};
    if (name == "slow_reader") return {run_slow_reader(env)};
    return {run_idle(env)};
}

}  // namespace

// A crowd needs a descriptor per spectator here and in the server, which inherits this limit:
// the soft limit goes up to the hard one (`ulimit -Hn` says how far that is).
rlim_t raise_descriptor_limit() {
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 0;
    if (limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
        getrlimit(RLIMIT_NOFILE, &limit);
    }
    return limit.rlim_cur;
}

int main_impl(int argc, char** argv) {
    int exit_code = 0;
    const rlim_t descriptors = raise_descriptor_limit();
    const auto opt = parse_options(argc, argv, exit_code);
    if (!opt) return exit_code;
    std::string host = "127.0.0.1";
    unsigned short port = 0;
    if (!opt->url.empty() && !parse_url(opt->url, host, port)) {
        std::cerr << "carc-load: --url must look like ws://127.0.0.1:8080\n";
        return 2;
    }
    const bool has_adjourn = opt->url.empty() && server_child::supports(opt->server_exe, "--adjourn-after");
    const bool has_caps = opt->url.empty() && server_child::supports(opt->server_exe, "--max-rooms-per-ip");
    int failures = 0;
    for (const std::string& name : opt->scenarios) {
        const fs::path dir = fs::temp_directory_path() / ("carc-load-" + std::to_string(getpid()) + "-" + name);
        std::unique_ptr<server_child> child;
        try {
            scenario_env env{*opt, {}, {}, 0, nullptr, has_adjourn};
            if (opt->url.empty()) {
                fs::remove_all(dir);
                fs::create_directories(dir);
                child = std::make_unique<server_child>(opt->server_exe, dir / "data",
                                                       server_flags(*opt, name, has_adjourn, has_caps));
                env.child = child.get();
                env.ws = {net::ip::make_address("127.0.0.1"), child->port()};
                env.http = {"127.0.0.1", child->port()};
                env.pid = child->pid();
            } else {
                env.ws = {net::ip::make_address(host), port};
                env.http = {host, port};
                env.pid = opt->pid;
            }
            const double threads = metric_value(env.http, "carc_io_threads");  // < 0: not reported
            for (json& line : run_scenario(env, name)) {
                line["server_threads"] = threads > 0 ? json(threads) : json(nullptr);
                if (name == "crowd") line["descriptor_limit"] = descriptors;
                std::cout << line.dump() << std::endl;
            }
        } catch (const std::exception& e) {
            ++failures;
            std::cout << json{{"scenario", name}, {"error", e.what()}}.dump() << std::endl;
        }
        child.reset();
        if (opt->url.empty()) fs::remove_all(dir);
    }
    return failures == 0 ? 0 : 1;
}

}  // namespace carc::load

int main(int argc, char** argv) { return carc::load::main_impl(argc, argv); }
