#pragma once
// The carc-server under test: either a child process carc-load starts itself (a temporary data
// directory, a free port, the limits raised) or a server given by --url, optionally with --pid so
// its CPU and memory can still be read from /proc.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <sys/types.h>

#include "carc/testkit/server_process.hpp"

namespace carc::load {

// CPU time (user + system) and resident memory of a process, from /proc.
struct process_sample {
    double cpu_seconds = 0;
    std::int64_t rss_kb = 0;
};
std::optional<process_sample> sample_process(pid_t pid);
// The load client's own CPU time so far.
double own_cpu_seconds();

class server_child {
public:
    // Starts `exe` on `data_dir` with `args` added to the defaults; waits until it listens.
    server_child(std::string exe, std::filesystem::path data_dir, std::vector<std::string> args);
    ~server_child();
    server_child(const server_child&) = delete;
    server_child& operator=(const server_child&) = delete;

    unsigned short port() const { return process_ ? process_->port() : 0; }
    pid_t pid() const { return process_ ? process_->pid() : -1; }
    // SIGTERM and wait (a graceful stop); then start again on the same directory and flags.
    void restart();
    void stop();

    // Whether `exe --help` lists `flag` (so figures can be taken before a flag existed).
    static bool supports(const std::string& exe, const std::string& flag) {
        return test::server_process::supports(exe, flag);
    }

private:
    void start();

    std::string exe_;
    std::filesystem::path data_dir_;
    std::vector<std::string> args_;
    std::unique_ptr<test::server_process> process_;  // the shared child-process code (tools/testkit)
    int starts_ = 0;
};

}  // namespace carc::load
