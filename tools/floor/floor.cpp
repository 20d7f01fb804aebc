// carc-floor: what this machine's kernel charges for the operations the server's figures are
// made of, with no server in between (docs/benchmarks.md, "What the machine allows"):
//   send      one small write to each of N loopback TCP connections, read by another thread
//             (as carc-load reads a crowd): the sender's CPU per write;
//   fdatasync a small append made durable, as a journal commit with --sync full: CPU per commit;
//   handover  one thread waking another and being woken back, as a commit's trip to the
//             journal's writer thread and back: CPU per hand-over.
// Each prints one JSON line. Figures only, no pass/fail.
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace {

struct options {
    int sockets = 5000;
    int bytes = 300;  // a typical patch of a move, header included
    int rounds = 10;
    int syncs = 300;
    int handovers = 20000;
    std::string dir = ".";
};

double thread_cpu_us() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) / 1e3;
}

[[noreturn]] void fail(const char* what) {
    std::perror(what);
    std::exit(1);
}

// A connected loopback pair: the sender's end (TCP_NODELAY, as the server's) and the reader's.
std::pair<int, int> loopback_pair(int listener, const sockaddr_in& address) {
    const int sender = socket(AF_INET, SOCK_STREAM, 0);
    if (sender < 0) fail("socket");
    if (connect(sender, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) fail("connect");
    const int reader = accept(listener, nullptr, nullptr);
    if (reader < 0) fail("accept");
    const int on = 1;
    setsockopt(sender, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    fcntl(reader, F_SETFL, O_NONBLOCK);
    return {sender, reader};
}

void measure_send(const options& o) {
    rlimit limit{};
    getrlimit(RLIMIT_NOFILE, &limit);
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
    if (static_cast<rlim_t>(o.sockets) * 2 + 16 > limit.rlim_cur) {
        std::fprintf(stderr, "carc-floor: %d connections need %d descriptors, the limit is %llu\n", o.sockets,
                     o.sockets * 2 + 16, static_cast<unsigned long long>(limit.rlim_cur));
        std::exit(2);
    }
    const int listener = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 || listen(listener, 4096) != 0 ||
        getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length) != 0)
        fail("listen");
    std::vector<int> senders;
    const int poll = epoll_create1(0);
    for (int i = 0; i < o.sockets; ++i) {
        const auto [sender, reader] = loopback_pair(listener, address);
        senders.push_back(sender);
        epoll_event event{};
        event.events = EPOLLIN;
        event.data.fd = reader;
        epoll_ctl(poll, EPOLL_CTL_ADD, reader, &event);
    }
    std::atomic<long long> received{0};
    std::atomic<bool> done{false};
    std::thread reading([&] {
        std::vector<epoll_event> events(256);
        char buffer[65536];
        while (!done.load()) {
            const int n = epoll_wait(poll, events.data(), static_cast<int>(events.size()), 50);
            for (int i = 0; i < n; ++i)
                for (ssize_t got; (got = read(events[i].data.fd, buffer, sizeof buffer)) > 0;) received += got;
        }
    });
    const std::string message(static_cast<std::size_t>(o.bytes), 'x');
    double cpu_us = 0;
    long long expected = 0;
    for (int round = 0; round < o.rounds; ++round) {
        const double before = thread_cpu_us();
        for (const int fd : senders)
            if (send(fd, message.data(), message.size(), MSG_DONTWAIT | MSG_NOSIGNAL) != o.bytes) fail("send");
        cpu_us += thread_cpu_us() - before;
        expected += static_cast<long long>(o.sockets) * o.bytes;
        while (received.load() < expected) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    done = true;
    reading.join();
    std::printf("{\"measure\":\"send\",\"sockets\":%d,\"bytes\":%d,\"rounds\":%d,\"cpu_us_per_send\":%.2f}\n",
                o.sockets, o.bytes, o.rounds, cpu_us / (static_cast<double>(o.sockets) * o.rounds));
    for (const int fd : senders) close(fd);
    close(poll);
    close(listener);
}

void measure_fdatasync(const options& o) {
    const std::string path = o.dir + "/carc-floor.tmp";
    const int fd = open(path.c_str(), O_CREAT | O_TRUNC | O_WRONLY, 0600);
    if (fd < 0) fail("open");
    const std::string record(static_cast<std::size_t>(o.bytes), 'j');
    std::vector<double> wall_us;
    double cpu_us = 0;
    for (int i = 0; i < o.syncs; ++i) {
        const auto started = std::chrono::steady_clock::now();
        const double before = thread_cpu_us();
        if (pwrite(fd, record.data(), record.size(), static_cast<off_t>(i) * o.bytes) != o.bytes) fail("pwrite");
        if (fdatasync(fd) != 0) fail("fdatasync");
        cpu_us += thread_cpu_us() - before;
        wall_us.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - started).count());
    }
    close(fd);
    unlink(path.c_str());
    std::sort(wall_us.begin(), wall_us.end());
    std::printf("{\"measure\":\"fdatasync\",\"dir\":\"%s\",\"commits\":%d,\"cpu_us_per_commit\":%.1f,"
                "\"wall_us_p50\":%.0f,\"wall_us_p99\":%.0f}\n",
                o.dir.c_str(), o.syncs, cpu_us / o.syncs, wall_us[wall_us.size() / 2],
                wall_us[wall_us.size() * 99 / 100]);
}

void measure_handover(const options& o) {
    std::mutex m;
    std::condition_variable cv;
    int turn = 0;  // even: the first thread's, odd: the second's
    double other_cpu_us = 0;
    std::thread other([&] {
        const double before = thread_cpu_us();
        std::unique_lock lock(m);
        for (int i = 0; i < o.handovers; ++i) {
            cv.wait(lock, [&] { return turn % 2 == 1; });
            ++turn;
            cv.notify_one();
        }
        other_cpu_us = thread_cpu_us() - before;
    });
    const double before = thread_cpu_us();
    {
        std::unique_lock lock(m);
        for (int i = 0; i < o.handovers; ++i) {
            ++turn;
            cv.notify_one();
            cv.wait(lock, [&] { return turn % 2 == 0; });
        }
    }
    const double own_cpu_us = thread_cpu_us() - before;
    other.join();
    // Each round trip is two hand-overs; both threads' CPU counts.
    std::printf("{\"measure\":\"handover\",\"round_trips\":%d,\"cpu_us_per_handover\":%.2f}\n", o.handovers,
                (own_cpu_us + other_cpu_us) / (2.0 * o.handovers));
}

int number(const char* text, const char* flag) {
    char* end = nullptr;
    const long value = std::strtol(text, &end, 10);
    if (*end != '\0' || value <= 0 || value > 1'000'000) {
        std::fprintf(stderr, "carc-floor: %s needs a positive number, not '%s'\n", flag, text);
        std::exit(2);
    }
    return static_cast<int>(value);
}

}  // namespace

int main(int argc, char** argv) {
    options o;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        if (flag == "--help") {
            std::puts("usage: carc-floor [--sockets N] [--bytes N] [--rounds N] [--syncs N] [--handovers N] [--dir DIR]\n"
                      "The kernel's CPU per loopback write, per durable append and per thread hand-over.");
            return 0;
        }
        if (i + 1 >= argc) {
            std::fprintf(stderr, "carc-floor: %s needs a value (--help)\n", flag.c_str());
            return 2;
        }
        const char* value = argv[++i];
        if (flag == "--sockets") o.sockets = number(value, "--sockets");
        else if (flag == "--bytes") o.bytes = number(value, "--bytes");
        else if (flag == "--rounds") o.rounds = number(value, "--rounds");
        else if (flag == "--syncs") o.syncs = number(value, "--syncs");
        else if (flag == "--handovers") o.handovers = number(value, "--handovers");
        else if (flag == "--dir") o.dir = value;
        else {
            std::fprintf(stderr, "carc-floor: unknown flag %s (--help)\n", flag.c_str());
            return 2;
        }
    }
    measure_send(o);
    measure_fdatasync(o);
    measure_handover(o);
    return 0;
}
