#pragma once
// The real carc-server executable as a child process, for tests and carc-load: started with
// --port 0 and its port read from its log, stopped with any signal (SIGKILL too) and reaped.

#include <filesystem>
#include <string>
#include <vector>

#include <sys/types.h>

namespace carc::test {

class server_process {
public:
    // Starts `exe` with `args` plus --port 0, its output going to `log` (truncated first);
    // waits until it listens. Throws, with the log in the message, when it exits instead.
    // `nofile`, when not 0, is the child's descriptor limit (RLIMIT_NOFILE).
    server_process(const std::string& exe, std::vector<std::string> args, const std::filesystem::path& log,
                   unsigned long nofile = 0);
    ~server_process();  // SIGTERM (a graceful stop) when still running
    server_process(const server_process&) = delete;
    server_process& operator=(const server_process&) = delete;

    unsigned short port() const { return port_; }
    pid_t pid() const { return pid_; }
    // Sends `signal` and reaps the child; returns the raw wait status (-1 when not running).
    int kill_with(int signal);
    // Sends `signal` and leaves the child be (SIGSTOP / SIGCONT).
    void signal(int signal);

    // Whether `exe --help` lists `flag` (so figures can be taken before a flag existed).
    static bool supports(const std::string& exe, const std::string& flag);

private:
    pid_t pid_ = -1;
    unsigned short port_ = 0;
};

}  // namespace carc::test
