#include "accounts/account_service.hpp"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "accounts/name_skeleton.hpp"
#include "base/config.hpp"
#include "base/client_address.hpp"
#include "people/security.hpp"
#include "util/wall_clock.hpp"

namespace carc::server::accounts {

namespace st = carc::storage;

namespace {

// Fewer than the cores, so the games always have one: the configured count, or
// min(2, cores - 1); at least one.
int resolved_hashing_threads(int configured) {
    const int cores = static_cast<int>(std::thread::hardware_concurrency());
    const int most = std::max(1, cores - 1);
    return configured > 0 ? std::min(configured, most) : std::min(2, most);
}

// A hashing thread yields to every other thread of the server (nice + 10 for this thread only:
// on Linux setpriority with a thread id sets that thread's niceness). Once per thread.
void lower_this_threads_priority() {
    thread_local bool lowered = false;
    if (lowered) return;
    lowered = true;
    const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
    errno = 0;
    const int nice_now = ::getpriority(PRIO_PROCESS, tid);
    if (errno == 0 && ::setpriority(PRIO_PROCESS, tid, std::min(19, nice_now + hashing_nice_increment)) != 0)
        spdlog::warn("event=hashing_priority_unchanged error=\"{}\"", std::strerror(errno));
}

}  // namespace

account_service::account_service(const server_config& config, std::shared_ptr<st::AccountStore> store)
    : config_(config),
      store_(std::move(store)),
      workers_(static_cast<std::size_t>(config.accounts.threads)),
      hashing_threads_(resolved_hashing_threads(config.accounts.hash_threads)),
      hash_queue_limit_(config.accounts.hash_queue),
      hashers_(static_cast<std::size_t>(hashing_threads_)),
      // Counted in the store too, so each limit holds for every node together.
      name_failures_(config.accounts.failures_per_name, config.accounts.sign_in_window, store_,
                     "name_failures"),
      address_attempts_(config.accounts.attempts_per_address, config.accounts.sign_in_window, store_,
                        "address_attempts"),
      address_sign_ups_(config.accounts.sign_ups_per_address, std::chrono::hours(1), store_, "address_sign_ups"),
      node_sign_ups_(config.accounts.sign_ups_per_minute, std::chrono::minutes(1), store_, "sign_ups"),
      exports_(config.accounts.exports_per_hour, std::chrono::hours(1), store_, "exports") {
    // Before any sign-up can run: accounts stored before skeletons get theirs, so a look-alike
    // of an old name is refused from the first request on.
    fill_missing_skeletons(*store_);
}

account_service::~account_service() { stop(); }

void account_service::post(std::function<void()> work) {
    boost::asio::post(workers_, [work = std::move(work)] {
        try {
            work();
        } catch (const std::exception& e) {
            spdlog::error("event=account_work_failed error=\"{}\"", e.what());
        }
    });
}

bool account_service::post_hashing(std::function<void()> work) {
    if (hash_queue_.fetch_add(1) >= hash_queue_limit_) {
        hash_queue_.fetch_sub(1);
        return false;
    }
    boost::asio::post(hashers_, [this, work = std::move(work)] {
        lower_this_threads_priority();
        try {
            work();
        } catch (const std::exception& e) {
            spdlog::error("event=account_work_failed error=\"{}\"", e.what());
        }
        hash_queue_.fetch_sub(1);
    });
    return true;
}

void account_service::stop() {
    hashers_.join();
    workers_.join();
}

account_service::clock::time_point account_service::now() const {
    std::lock_guard lock(mutex_);
    return now_ ? now_() : clock::now();
}

void account_service::set_clock(std::function<clock::time_point()> now) {
    std::lock_guard lock(mutex_);
    now_ = std::move(now);
}

std::optional<signed_in> account_service::resolve(const std::string& secret) {
    const std::int64_t now_ms = unix_ms();
    const auto lifetime = std::chrono::duration_cast<std::chrono::milliseconds>(config_.accounts.session_lifetime);
    auto session = store_->use_session(st::TokenHash::of_token(secret), now_ms, now_ms - lifetime.count());
    if (!session) {
        spdlog::error("event=session_read_failed error=\"{}\"", session.message());
        return std::nullopt;
    }
    if (!*session) return std::nullopt;
    auto account = store_->account_of((*session)->person_id);
    if (!account || !*account) return std::nullopt;
    return signed_in{std::move(**session), std::move(**account)};
}

new_session account_service::make_session(const std::string& person, const std::string& kind,
                                          const std::string& device, const std::string& address) {
    std::string secret = random_hex(32);
    const std::int64_t now_ms = unix_ms();
    st::SessionRecord made{.secret_hash = st::TokenHash::of_token(secret),
                             .public_id = random_hex(8),
                             .person_id = person,
                             .kind = kind,
                             .device = device,
                             .created_at_ms = now_ms,
                             .last_seen_ms = now_ms,
                             .address = plain_address(address)};
    return {std::move(secret), std::move(made)};
}

void account_service::track(const st::TokenHash& secret_hash, const std::shared_ptr<client_link>& link) {
    std::lock_guard lock(mutex_);
    links_[secret_hash.hex()].push_back(link);
}

void account_service::untrack(const st::TokenHash& secret_hash, const client_link& link) {
    std::lock_guard lock(mutex_);
    const auto it = links_.find(secret_hash.hex());
    if (it == links_.end()) return;
    std::erase_if(it->second, [&](const std::weak_ptr<client_link>& weak) {
        const auto held = weak.lock();
        return !held || held.get() == &link;
    });
    if (it->second.empty()) links_.erase(it);
}

void account_service::close_sessions(const std::vector<st::TokenHash>& ended) {
    std::vector<std::shared_ptr<client_link>> to_close;
    {
        std::lock_guard lock(mutex_);
        for (const auto& hash : ended) {
            const auto it = links_.find(hash.hex());
            if (it == links_.end()) continue;
            for (const auto& weak : it->second)
                if (auto link = weak.lock()) to_close.push_back(std::move(link));
            links_.erase(it);
        }
    }
    for (const auto& link : to_close) link->close(session_ended_close_code, "session ended");
}

void account_service::sweep() {
    if (sweeping_.exchange(true)) return;  // the previous sweep still runs
    std::vector<st::TokenHash> open;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [hex, links] : links_)
            if (auto hash = st::TokenHash::from_hex(hex)) open.push_back(*hash);
    }
    if (!open.empty()) {
        auto live = store_->live_sessions(open);
        if (live) {
            std::vector<st::TokenHash> ended;
            for (const auto& hash : open)
                if (std::find(live->begin(), live->end(), hash) == live->end()) ended.push_back(hash);
            if (!ended.empty()) {
                spdlog::info("event=sessions_ended_elsewhere count={}", ended.size());
                close_sessions(ended);
            }
        } else {
            spdlog::warn("event=session_sweep_failed error=\"{}\"", live.message());
        }
    }
    sweeping_ = false;
}

}  // namespace carc::server::accounts
