#include "server_child.hpp"

#include <array>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace carc::load {

namespace fs = std::filesystem;

namespace {

// The port from the server's "event=listening ... port=N" log line, 0 while there is none.
unsigned short port_from_log(const fs::path& log) {
    std::ifstream in(log);
    std::string line;
    while (std::getline(in, line)) {
        if (line.find("event=listening") == std::string::npos) continue;
        const auto at = line.find(" port=");
        if (at != std::string::npos) return static_cast<unsigned short>(std::stoi(line.substr(at + 6)));
    }
    return 0;
}

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
    std::vector<std::string> argv = {exe_, "--bind", "127.0.0.1", "--port", "0", "--data-dir", data_dir_.string()};
    argv.insert(argv.end(), args_.begin(), args_.end());
    const fs::path log = data_dir_.parent_path() / ("server-" + std::to_string(++starts_) + ".log");
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
        const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
        std::vector<char*> raw;
        for (auto& a : argv) raw.push_back(a.data());
        raw.push_back(nullptr);
        execv(exe_.c_str(), raw.data());
        _exit(127);
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (std::chrono::steady_clock::now() < deadline) {
        if ((port_ = port_from_log(log)) != 0) return;
        int status = 0;
        if (waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            throw std::runtime_error("carc-server exited at start-up: " + read_file(log));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    stop();
    throw std::runtime_error("carc-server did not listen within 60 s; see " + log.string());
}

void server_child::stop() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
}

void server_child::restart() {
    stop();
    start();
}

bool server_child::supports(const std::string& exe, const std::string& flag) {
    const std::string command = "'" + exe + "' --help 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return false;
    std::string text;
    std::array<char, 4096> chunk{};
    while (const std::size_t n = fread(chunk.data(), 1, chunk.size(), pipe)) text.append(chunk.data(), n);
    pclose(pipe);
    return text.find(flag + " ") != std::string::npos;
}

}  // namespace carc::load
