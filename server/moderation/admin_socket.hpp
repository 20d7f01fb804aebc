#pragma once
// The SQLite server's door for carc-admin. SQLite is held by one process (the data directory's
// lock), so while the server runs the tool cannot open the store itself: it hands its command
// to the server through a Unix socket in the data directory (owner only; no network port), and
// the server runs it with the same code on its blocking pool. One JSON line each way:
// {"args": [...], "operator": "..."} and {"exit": N, "out": "...", "err": "..."}.

#include <filesystem>
#include <memory>

#include <boost/asio/io_context.hpp>

#include "carc/storage/stores.hpp"

namespace carc::server {
class blocking_pool;
}

namespace carc::server::moderation {

// The socket's name inside the data directory.
inline constexpr const char* admin_socket_name = "carc-admin.sock";

class admin_socket {
public:
    // Listens at `path` (a stale file left by a crash is replaced) until stop().
    admin_socket(boost::asio::io_context& ioc, blocking_pool& pool, const storage::Stores& stores,
                 std::filesystem::path path);
    ~admin_socket();
    void stop();

private:
    struct impl;
    std::shared_ptr<impl> impl_;
};

}  // namespace carc::server::moderation
