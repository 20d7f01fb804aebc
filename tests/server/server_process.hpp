#pragma once
// The real carc-server executable as a child process, for the crash test: started on a data
// directory with --port 0, its port read from its log, stopped with any signal (SIGKILL too).

#include <filesystem>
#include <string>
#include <vector>

#include <sys/types.h>

namespace carc::test {

class server_process {
public:
    // Starts `exe` with `args` plus --port 0; waits until it listens. Throws on failure.
    // `nofile`, when not 0, is the child's descriptor limit (RLIMIT_NOFILE).
    server_process(const std::string& exe, std::vector<std::string> args, const std::filesystem::path& log,
                   unsigned long nofile = 0);
    ~server_process();
    server_process(const server_process&) = delete;
    server_process& operator=(const server_process&) = delete;

    unsigned short port() const { return port_; }
    // Sends `signal` and reaps the child; returns the raw wait status.
    int kill_with(int signal);
    // Sends `signal` and leaves the child be (SIGSTOP / SIGCONT).
    void signal(int signal);

private:
    pid_t pid_ = -1;
    unsigned short port_ = 0;
};

}  // namespace carc::test
