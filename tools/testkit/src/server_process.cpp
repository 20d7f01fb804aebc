#include "carc/testkit/server_process.hpp"

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

#include "carc/testkit/command_output.hpp"

namespace carc::test {

namespace {

// The port from the server's "event=listening ... port=N" line, 0 while there is none.
unsigned short port_from_log(const std::filesystem::path& log) {
    std::ifstream in(log);
    std::string line;
    while (std::getline(in, line)) {
        if (line.find("event=listening") == std::string::npos) continue;
        const auto at = line.find(" port=");
        if (at == std::string::npos) continue;
        return static_cast<unsigned short>(std::stoi(line.substr(at + 6)));
    }
    return 0;
}

std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

server_process::server_process(const std::string& exe, std::vector<std::string> args,
                               const std::filesystem::path& log, unsigned long nofile) {
    args.insert(args.begin(), exe);
    args.push_back("--port");
    args.push_back("0");
    std::filesystem::remove(log);
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
        const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
        if (nofile != 0) {
            const rlimit limit{nofile, nofile};
            if (setrlimit(RLIMIT_NOFILE, &limit) != 0) _exit(126);
        }
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        execv(exe.c_str(), argv.data());
        _exit(127);
    }
    // A deadline only for a server that never listens; a healthy one answers in milliseconds.
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
    kill_with(SIGKILL);
    throw std::runtime_error("carc-server did not start listening within 60 s; see " + log.string());
}

server_process::~server_process() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGTERM);
    ::kill(pid_, SIGCONT);  // a stopped child (SIGSTOP in a test) must run to see the SIGTERM
    kill_with(SIGTERM);
}

int server_process::kill_with(int signal) {
    if (pid_ <= 0) return -1;
    ::kill(pid_, signal);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return status;
}

bool server_process::supports(const std::string& exe, const std::string& flag) {
    return run_command("'" + exe + "' --help 2>&1").text.find(flag + " ") != std::string::npos;
}

void server_process::signal(int signal) {
    if (pid_ > 0) ::kill(pid_, signal);
}

}  // namespace carc::test
