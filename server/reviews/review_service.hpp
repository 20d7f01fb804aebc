#pragma once
// Move reviews at run time (docs/protocol.md, "Move reviews"; docs/bots.md, "Move review").
// A request queues a job in the store (one per finished game and strength, under the limits per
// person and in all); the jobs run in the bot pool's background lane, below every game's bots.
// Any node may run a job and exactly one does: a job is claimed by one conditional write. The
// node that queued a job hands it to its pool at once; a thread of its own looks every `sweep`
// for jobs queued elsewhere or left behind by a node that stopped reporting progress.

#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <thread>

#include <nlohmann/json.hpp>

#include "base/config.hpp"
#include "carc/storage/review_store.hpp"
#include "carc/storage/store.hpp"

namespace carc::server {

class bot_pool;

class review_service {
public:
    // What an HTTP call answers: a status, its JSON, and for 429 the seconds to wait.
    struct answer {
        int status = 200;
        nlohmann::json body;
        std::optional<long long> retry_after_s;
    };

    review_service(std::shared_ptr<storage::ReviewStore> store, std::shared_ptr<storage::Store> games,
                   bot_pool& pool, server_config::reviews_config limits, std::string node);
    ~review_service();  // stops the sweep
    review_service(const review_service&) = delete;
    review_service& operator=(const review_service&) = delete;

    // The strengths a review may be asked at; the default when none is named.
    static bool valid_strength(std::string_view strength);
    static constexpr std::string_view default_strength = "medium";

    // Queues the review of a finished game whose record the caller may see (checked by the
    // caller) for `requester` ("account:..." or "address:..."), or answers the job it has.
    answer ask(const std::string& game_id, const std::string& strength, const std::string& requester);
    // The review, or where its job stands.
    answer look(const std::string& game_id, const std::string& strength);

    // Starts and stops the sweep thread (the server's start and stop).
    void start();
    void stop();
    // One look for claimable jobs, on the caller's thread (the sweep's work; tests).
    void sweep();

private:
    void hand_to_pool(const std::string& game_id, const std::string& strength);
    void run_job(const std::string& game_id, const std::string& strength, const std::function<void()>& yield);
    static nlohmann::json job_json(const storage::ReviewJob& job);

    const std::shared_ptr<storage::ReviewStore> store_;
    const std::shared_ptr<storage::Store> games_;
    bot_pool& pool_;
    const server_config::reviews_config limits_;
    const std::string node_;

    std::mutex mutex_;
    std::set<std::string> handed_;  // "game/strength" given to the pool and not finished
    std::condition_variable wake_;
    bool stopping_ = false;
    bool look_again_ = false;  // a job ended: the lane may take another
    std::thread sweeper_;
};

}  // namespace carc::server
