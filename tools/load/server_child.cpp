#include "server_child.hpp"

#include <fstream>
#include <sstream>

#include <sys/resource.h>
#include <unistd.h>

namespace carc::load {

namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

std::optional<process_sample> sample_process(pid_t pid) {
    const std::string dir = "/proc/" + std::to_string(pid);
    const std::string stat = read_file(dir + "/stat");
    const auto paren = stat.rfind(')');
    if (paren == std::string::npos) return std::nullopt;
    // After "pid (comm)": field 3 is the state; utime and stime are fields 14 and 15.
    std::istringstream fields(stat.substr(paren + 2));
    std::string field;
    double ticks = 0;
    for (int i = 3; i <= 15 && fields >> field; ++i)
        if (i == 14 || i == 15) ticks += std::stod(field);
    process_sample out;
    out.cpu_seconds = ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
    std::istringstream status(read_file(dir + "/status"));
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmRSS:", 0) == 0) out.rss_kb = std::stoll(line.substr(6));
    return out;
}

double own_cpu_seconds() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const auto seconds = [](const timeval& t) {
        return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
    };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

server_child::server_child(std::string exe, fs::path data_dir, std::vector<std::string> args)
    : exe_(std::move(exe)), data_dir_(std::move(data_dir)), args_(std::move(args)) {
    start();
}

server_child::~server_child() { stop(); }

void server_child::start() {
    std::vector<std::string> args = {"--bind", "127.0.0.1", "--data-dir", data_dir_.string()};
    args.insert(args.end(), args_.begin(), args_.end());
    const fs::path log = data_dir_.parent_path() / ("server-" + std::to_string(++starts_) + ".log");
    process_ = std::make_unique<test::server_process>(exe_, std::move(args), log);
}

void server_child::stop() { process_.reset(); }  // SIGTERM and wait

void server_child::restart() {
    stop();
    start();
}

}  // namespace carc::load
