#pragma once
// Move reviews' share of the store (docs/bots.md, "Move review"; docs/protocol.md, "Move
// reviews"): one job per finished game and strength, queued, claimed by exactly one node,
// its progress and finally the review's JSON kept with the game. The limits on asking are
// checked in the transaction that queues (a fair-use guard: on PostgreSQL two asks by one person
// at the same instant on two nodes may both pass).
// Implemented by both stores beside Store. Thread-safe, never throws.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carc/storage/records.hpp"
#include "carc/storage/result.hpp"

namespace carc::storage {

enum class ReviewState { queued, running, done, failed };
const char* to_string(ReviewState state);

struct ReviewJob {
    std::string game_id;
    std::string strength;      // "easy", "medium", "hard"
    ReviewState state = ReviewState::queued;
    std::string requester;     // who asked: "account:<person id>" or "address:<ip>"
    TimeMs requested_at_ms = 0;
    TimeMs claimed_at_ms = 0;  // when a node took it (0: never)
    std::string node;          // the node that took it ("" before)
    int judged = 0;            // decisions judged so far
    int decisions = 0;         // in all (0 before it runs)
    std::string error;         // why it failed
    std::string review_json;   // the review, once done
};

// The limits a request is checked against (the server's configuration).
struct ReviewLimits {
    int running_per_requester = 1;  // queued or running at once
    int per_day = 10;               // asked in the last `day_ms`
    int queued_in_all = 50;         // queued jobs, everyone's
    std::int64_t day_ms = 24LL * 60 * 60 * 1000;
};

enum class ReviewAsk {
    created,       // a new job, queued
    existing,      // the game and strength already have a job: `job` is it
    busy,          // the requester has `running_per_requester` unfinished jobs
    daily_limit,   // ... or asked `per_day` times in the last day
    queue_full,    // `queued_in_all` jobs wait
};

struct ReviewAskResult {
    ReviewAsk outcome = ReviewAsk::created;
    std::optional<ReviewJob> job;  // created or existing
    // For daily_limit: when the oldest request of the window leaves it.
    TimeMs retry_at_ms = 0;
};

class ReviewStore {
public:
    virtual ~ReviewStore() = default;
    // Queues `game_id` at `strength` for `requester` at `now_ms`, unless a job exists or a limit
    // refuses.
    virtual Result<ReviewAskResult> ask_review(std::string_view game_id, std::string_view strength,
                                               std::string_view requester, TimeMs now_ms,
                                               const ReviewLimits& limits) = 0;
    virtual Result<std::optional<ReviewJob>> review_job(std::string_view game_id, std::string_view strength) = 0;
    // Takes a job for `node`: true for exactly one caller of a queued job (one conditional
    // UPDATE), or of a running one claimed before `stale_before_ms` (its node died).
    virtual Result<bool> claim_review(std::string_view game_id, std::string_view strength, std::string_view node,
                                      TimeMs now_ms, TimeMs stale_before_ms) = 0;
    // Jobs a node may claim: queued, or running and claimed before `stale_before_ms`; oldest first.
    virtual Result<std::vector<ReviewJob>> claimable_reviews(TimeMs stale_before_ms, int limit) = 0;
    // Progress and the end, written by the node that claimed the job (refused for another).
    virtual Status review_progress(std::string_view game_id, std::string_view strength, std::string_view node,
                                   int judged, int decisions, TimeMs now_ms) = 0;
    virtual Status finish_review(std::string_view game_id, std::string_view strength, std::string_view node,
                                 std::string_view review_json) = 0;
    virtual Status fail_review(std::string_view game_id, std::string_view strength, std::string_view node,
                               std::string_view error) = 0;
};

}  // namespace carc::storage
