#pragma once
// A real SMTP server for the notices' tests: smtp_sink.py (aiosmtpd) in a child process on a
// given loopback port, each mail it receives kept as a file; waits poll with deadlines.

#include <csignal>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <sys/socket.h>
#include <sys/wait.h>
#include <netinet/in.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "people/security.hpp"

namespace carc::test {

// A loopback port nothing listens on, kept for this test process: a socket bound to it with
// SO_REUSEADDR but never listening stays open until the process ends. Connections to the port
// are refused until a sink listens on it (the sink binds with SO_REUSEADDR too), and no other
// process is handed it meanwhile (neither by bind to port 0 nor as a connection's local port),
// so a test whose mail server is down for a while cannot meet a stranger on its port.
inline unsigned short free_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    REQUIRE(fd >= 0);
    const int reuse = 1;
    REQUIRE(::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, sizeof reuse) == 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
    socklen_t length = sizeof address;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
    return ntohs(address.sin_port);  // fd stays open on purpose: it holds the port
}

class smtp_sink {
public:
    explicit smtp_sink(unsigned short port) : port_(port) {
        std::filesystem::create_directories(dir_);
        pid_ = ::fork();
        REQUIRE(pid_ >= 0);
        if (pid_ == 0) {
            const std::string folder = dir_.string();
            const std::string port_text = std::to_string(port);
            ::execl(CARC_TEST_PYTHON, CARC_TEST_PYTHON, CARC_SMTP_SINK_SCRIPT, folder.c_str(), port_text.c_str(),
                    static_cast<char*>(nullptr));
            ::_exit(127);
        }
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        while (!std::filesystem::exists(dir_ / "ready")) {
            int status = 0;
            REQUIRE(::waitpid(pid_, &status, WNOHANG) == 0);  // the sink did not die (aiosmtpd missing?)
            REQUIRE(std::chrono::steady_clock::now() < deadline);
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }
    ~smtp_sink() {
        ::kill(pid_, SIGTERM);
        ::waitpid(pid_, nullptr, 0);
        std::error_code ec;
        std::filesystem::remove_all(dir_, ec);
    }
    smtp_sink(const smtp_sink&) = delete;
    smtp_sink& operator=(const smtp_sink&) = delete;

    unsigned short port() const { return port_; }

    // Every mail received so far, oldest first.
    std::vector<std::string> mails() const {
        std::vector<std::filesystem::path> files;
        for (const auto& entry : std::filesystem::directory_iterator(dir_))
            if (entry.path().extension() == ".eml") files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        std::vector<std::string> out;
        for (const auto& file : files) {
            std::ifstream in(file, std::ios::binary);
            std::ostringstream text;
            text << in.rdbuf();
            out.push_back(text.str());
        }
        return out;
    }
    // Waits (at most 30 s) until `count` mails have come; the last of them.
    std::string wait_for_mail(std::size_t count) const {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        for (;;) {
            const auto got = mails();
            if (got.size() >= count) return got[count - 1];
            REQUIRE(std::chrono::steady_clock::now() < deadline);
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }

private:
    std::filesystem::path dir_ = std::filesystem::temp_directory_path() / ("carc-mail-" + server::random_hex(6));
    unsigned short port_;
    pid_t pid_ = -1;
};

// The header's value in a mail as written, folded lines joined ("" when absent).
inline std::string raw_mail_header(const std::string& mail, const std::string& name) {
    const std::string key = "\r\n" + name + ": ";
    const auto at = mail.starts_with(name + ": ") ? 0 : mail.find(key);
    if (at == std::string::npos) return {};
    std::size_t start = at == 0 ? name.size() + 2 : at + key.size();
    std::string value;
    for (;;) {
        const auto end = mail.find("\r\n", start);
        value += mail.substr(start, end - start);
        if (end == std::string::npos || mail.compare(end + 2, 1, " ") != 0) return value;
        start = end + 2;  // a folded line: CRLF and the space join words
    }
}

// RFC 2047 B-encoded words ("=?UTF-8?B?...?=") decoded; other text as it is.
inline std::string decoded_words(const std::string& value) {
    auto digit = [](char c) -> int {
        if (c >= 'A' && c <= 'Z') return c - 'A';
        if (c >= 'a' && c <= 'z') return c - 'a' + 26;
        if (c >= '0' && c <= '9') return c - '0' + 52;
        return c == '+' ? 62 : c == '/' ? 63 : -1;
    };
    std::string out;
    std::size_t i = 0;
    bool last_was_word = false;
    while (i < value.size()) {
        if (value.compare(i, 10, "=?UTF-8?B?") == 0) {
            const auto end = value.find("?=", i + 10);
            if (end == std::string::npos) break;
            std::uint32_t bits = 0;
            int count = 0;
            for (std::size_t k = i + 10; k < end; ++k) {
                const int d = digit(value[k]);
                if (d < 0) continue;  // '=' padding
                bits = (bits << 6) | static_cast<std::uint32_t>(d);
                count += 6;
                if (count >= 8) {
                    count -= 8;
                    out += static_cast<char>((bits >> count) & 0xff);
                }
            }
            i = end + 2;
            last_was_word = true;
        } else if (last_was_word && value[i] == ' ' && value.compare(i + 1, 10, "=?UTF-8?B?") == 0) {
            ++i;  // the space between two words is no part of the text
        } else {
            out += value[i++];
            last_was_word = false;
        }
    }
    return out;
}

// The header's value in a mail, encoded words decoded ("" when absent).
inline std::string mail_header(const std::string& mail, const std::string& name) {
    return decoded_words(raw_mail_header(mail, name));
}

// The first link in the mail that starts with `prefix`, up to the end of its line.
inline std::string mail_link(const std::string& mail, const std::string& prefix) {
    const auto at = mail.find(prefix);
    if (at == std::string::npos) return {};
    return mail.substr(at, mail.find_first_of("\r\n> ", at) - at);
}

}  // namespace carc::test
