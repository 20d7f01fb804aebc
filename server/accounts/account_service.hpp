#pragma once
// Accounts at run time (docs/accounts.md): the workers that talk to the store, the threads that
// hash passwords, the sign-in and sign-up limits, and the sockets each session has open, so
// ending a session closes them. Argon2id takes ~30 ms and the store may wait on disk or
// network: none of it runs on an I/O thread or a room strand; answers are posted back. Requests
// that hash run on the hashing threads (fewer than the cores, at a lower priority, a bounded
// queue), so a flood of them never delays a read nor takes the games' cores.
//
// Several nodes: a session ended at another node is noticed by sweep(), which checks this
// node's signed-in sockets against the store twice a second.

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/thread_pool.hpp>

#include "accounts/sign_in_limiter.hpp"
#include "carc/storage/store.hpp"
#include "base/client_link.hpp"

namespace carc::server {

struct server_config;

namespace accounts {

// The close code of a socket whose session ended (signed out, ended from another device,
// password changed).
inline constexpr std::uint16_t session_ended_close_code = 4003;
// How much nicer (lower in priority) than the rest of the server the hashing threads run.
inline constexpr int hashing_nice_increment = 10;

// A session just made: its secret (handed to the device once, never stored) and its row.
struct new_session {
    std::string secret;
    storage::SessionRecord record;
};

// A session that checked out, with its account.
struct signed_in {
    storage::SessionRecord session;
    storage::AccountRecord account;
};

class account_service {
public:
    using clock = sign_in_limiter::clock;

    account_service(const server_config& config, std::shared_ptr<storage::AccountStore> store);
    ~account_service();

    // Runs `work` on an account worker.
    void post(std::function<void()> work);
    // Runs `work` on a hashing thread; false at once, running nothing, when the hashing queue
    // already holds its maximum (the caller answers 503).
    bool post_hashing(std::function<void()> work);
    int hashing_threads() const { return hashing_threads_; }
    // Waits for the running work and stops the workers (server shutdown).
    void stop();

    storage::AccountStore& store() { return *store_; }
    sign_in_limiter& name_failures() { return name_failures_; }
    sign_in_limiter& address_attempts() { return address_attempts_; }
    sign_in_limiter& address_sign_ups() { return address_sign_ups_; }
    sign_in_limiter& node_sign_ups() { return node_sign_ups_; }
    // Exports of one's own data, per person id.
    sign_in_limiter& exports() { return exports_; }
    // The time the sign-in limits count with; tests set their own.
    clock::time_point now() const;
    void set_clock(std::function<clock::time_point()> now);

    // On a worker: the session of `secret` and its account; nullopt when forged, expired or ended.
    std::optional<signed_in> resolve(const std::string& secret);
    // A new session for `person` (not stored yet), made from the client `address`.
    static new_session make_session(const std::string& person, const std::string& kind, const std::string& device,
                                    const std::string& address);

    // A socket signed in with the session of `secret_hash`.
    void track(const storage::TokenHash& secret_hash, const std::shared_ptr<client_link>& link);
    void untrack(const storage::TokenHash& secret_hash, const client_link& link);
    // Closes the sockets of these (ended) sessions on this node.
    void close_sessions(const std::vector<storage::TokenHash>& ended);
    // On a worker: closes this node's sockets whose session no longer exists in the store.
    void sweep();

private:
    const server_config& config_;
    std::shared_ptr<storage::AccountStore> store_;
    boost::asio::thread_pool workers_;
    const int hashing_threads_;
    const int hash_queue_limit_;
    std::atomic<int> hash_queue_{0};
    boost::asio::thread_pool hashers_;
    sign_in_limiter name_failures_;
    sign_in_limiter address_attempts_;
    sign_in_limiter address_sign_ups_;
    sign_in_limiter node_sign_ups_;
    sign_in_limiter exports_;
    mutable std::mutex mutex_;
    std::function<clock::time_point()> now_;
    std::map<std::string, std::vector<std::weak_ptr<client_link>>> links_;  // by secret hash
    std::atomic<bool> sweeping_{false};
};

}  // namespace accounts
}  // namespace carc::server
