// SqlStore: move reviews (review_store.hpp). A job is one row per game and strength; it is
// queued under the limits in one write transaction, taken by one conditional UPDATE (of two
// nodes claiming it, one changes the row), and written on only by the node that took it.
// Every query is written once for both databases.
#include "sql_store.hpp"

namespace carc::storage {

using sql::Statement;

const char* to_string(ReviewState state) {
    switch (state) {
        case ReviewState::queued: return "queued";
        case ReviewState::running: return "running";
        case ReviewState::done: return "done";
        case ReviewState::failed: return "failed";
    }
    return "failed";
}

namespace {

ReviewState state_of(const std::string& text) {
    if (text == "queued") return ReviewState::queued;
    if (text == "running") return ReviewState::running;
    if (text == "done") return ReviewState::done;
    return ReviewState::failed;
}

constexpr const char* job_columns =
    "SELECT game_id, strength, state, requester, requested_at_ms, claimed_at_ms, node, judged, decisions, error,"
    " review_json FROM reviews ";

ReviewJob job_from_row(const Statement& row) {
    ReviewJob job;
    job.game_id = row.text(0);
    job.strength = row.text(1);
    job.state = state_of(row.text(2));
    job.requester = row.text(3);
    job.requested_at_ms = row.int64(4);
    job.claimed_at_ms = row.int64(5);
    job.node = row.text(6);
    job.judged = static_cast<int>(row.int64(7));
    job.decisions = static_cast<int>(row.int64(8));
    job.error = row.text(9);
    if (!row.is_null(10)) job.review_json = row.text(10);
    return job;
}

}  // namespace

Result<std::optional<ReviewJob>> SqlStore::review_job_locked(std::string_view game_id, std::string_view strength) {
    std::optional<ReviewJob> job;
    auto read = db().for_each_row(std::string(job_columns) + "WHERE game_id = $1 AND strength = $2",
                                  {game_id, strength}, [&](const Statement& row) -> Status {
                                      job = job_from_row(row);
                                      return {};
                                  });
    if (!read) return read.error();
    return job;
}

Result<ReviewAskResult> SqlStore::ask_review(std::string_view game_id, std::string_view strength,
                                             std::string_view requester, TimeMs now_ms, const ReviewLimits& limits) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    ReviewAskResult result;
    auto existing = review_job_locked(game_id, strength);
    if (!existing) return existing.error();
    if (*existing) {
        // Computed once per game and strength: whoever asks again gets the same job, free.
        result.outcome = ReviewAsk::existing;
        result.job = std::move(*existing);
        return result;
    }
    const auto count = [&](const char* sql, std::initializer_list<sql::Param> params) -> Result<std::int64_t> {
        std::int64_t n = 0;
        auto read = db().for_each_row(sql, params, [&](const Statement& row) -> Status {
            n = row.int64(0);
            return {};
        });
        if (!read) return read.error();
        return n;
    };
    auto unfinished = count("SELECT COUNT(*) FROM reviews WHERE requester = $1 AND state IN ('queued', 'running')",
                            {requester});
    if (!unfinished) return unfinished.error();
    if (*unfinished >= limits.running_per_requester) {
        result.outcome = ReviewAsk::busy;
        return result;
    }
    const TimeMs window_start = now_ms - limits.day_ms;
    auto today = count("SELECT COUNT(*) FROM reviews WHERE requester = $1 AND requested_at_ms > $2",
                       {requester, window_start});
    if (!today) return today.error();
    if (*today >= limits.per_day) {
        result.outcome = ReviewAsk::daily_limit;
        // The window frees a place when the oldest of its last `per_day` requests leaves it.
        auto oldest = db().for_each_row(
            "SELECT requested_at_ms FROM reviews WHERE requester = $1 AND requested_at_ms > $2"
            " ORDER BY requested_at_ms DESC LIMIT 1 OFFSET $3",
            {requester, window_start, static_cast<std::int64_t>(limits.per_day - 1)},
            [&](const Statement& row) -> Status {
                result.retry_at_ms = row.int64(0) + limits.day_ms;
                return {};
            });
        if (!oldest) return oldest.error();
        return result;
    }
    auto queued = count("SELECT COUNT(*) FROM reviews WHERE state = 'queued'", {});
    if (!queued) return queued.error();
    if (*queued >= limits.queued_in_all) {
        result.outcome = ReviewAsk::queue_full;
        return result;
    }
    // Another node may have queued the same game meanwhile (PostgreSQL): its row wins.
    auto inserted = db().run_counting(
        "INSERT INTO reviews (game_id, strength, state, requester, requested_at_ms) VALUES ($1, $2, 'queued', $3, $4)"
        " ON CONFLICT (game_id, strength) DO NOTHING",
        {game_id, strength, requester, now_ms});
    if (!inserted) return inserted.error();
    auto job = review_job_locked(game_id, strength);
    if (!job) return job.error();
    if (auto committed = tx->commit(); !committed) return committed.error();
    result.outcome = *inserted == 1 ? ReviewAsk::created : ReviewAsk::existing;
    result.job = std::move(*job);
    return result;
}

Result<std::optional<ReviewJob>> SqlStore::review_job(std::string_view game_id, std::string_view strength) {
    std::lock_guard lock(mutex_);
    return review_job_locked(game_id, strength);
}

Result<bool> SqlStore::claim_review(std::string_view game_id, std::string_view strength, std::string_view node,
                                    TimeMs now_ms, TimeMs stale_before_ms) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    auto claimed = db().run_counting(
        "UPDATE reviews SET state = 'running', node = $3, claimed_at_ms = $4, judged = 0"
        " WHERE game_id = $1 AND strength = $2 AND (state = 'queued' OR (state = 'running' AND claimed_at_ms < $5))",
        {game_id, strength, node, now_ms, stale_before_ms});
    if (!claimed) return claimed.error();
    if (auto committed = tx->commit(); !committed) return committed.error();
    return *claimed == 1;
}

Result<std::vector<ReviewJob>> SqlStore::claimable_reviews(TimeMs stale_before_ms, int limit) {
    std::lock_guard lock(mutex_);
    std::vector<ReviewJob> jobs;
    auto read = db().for_each_row(std::string(job_columns) +
                                      "WHERE state = 'queued' OR (state = 'running' AND claimed_at_ms < $1)"
                                      " ORDER BY requested_at_ms, game_id LIMIT $2",
                                  {stale_before_ms, static_cast<std::int64_t>(limit)},
                                  [&](const Statement& row) -> Status {
                                      jobs.push_back(job_from_row(row));
                                      return {};
                                  });
    if (!read) return read.error();
    return jobs;
}

Status SqlStore::review_progress(std::string_view game_id, std::string_view strength, std::string_view node,
                                 int judged, int decisions, TimeMs now_ms) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    // The claim's time moves with the progress: a job whose node stopped reporting goes stale.
    auto updated = db().run_counting(
        "UPDATE reviews SET judged = $4, decisions = $5, claimed_at_ms = $6"
        " WHERE game_id = $1 AND strength = $2 AND node = $3 AND state = 'running'",
        {game_id, strength, node, static_cast<std::int64_t>(judged), static_cast<std::int64_t>(decisions), now_ms});
    if (!updated) return updated.status();
    if (*updated == 0) return {ErrorCode::invalid_state, "the review of " + std::string(game_id) + " is not this node's"};
    return tx->commit();
}

Status SqlStore::end_review_locked(std::string_view sql, std::string_view game_id, std::string_view strength,
                                   std::string_view node, std::string_view value) {
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    auto updated = db().run_counting(sql, {game_id, strength, node, value});
    if (!updated) return updated.status();
    if (*updated == 0) return {ErrorCode::invalid_state, "the review of " + std::string(game_id) + " is not this node's"};
    return tx->commit();
}

Status SqlStore::finish_review(std::string_view game_id, std::string_view strength, std::string_view node,
                               std::string_view review_json) {
    std::lock_guard lock(mutex_);
    return end_review_locked("UPDATE reviews SET state = 'done', judged = decisions, review_json = $4"
                             " WHERE game_id = $1 AND strength = $2 AND node = $3 AND state = 'running'",
                             game_id, strength, node, review_json);
}

Status SqlStore::fail_review(std::string_view game_id, std::string_view strength, std::string_view node,
                             std::string_view error) {
    std::lock_guard lock(mutex_);
    return end_review_locked("UPDATE reviews SET state = 'failed', error = $4"
                             " WHERE game_id = $1 AND strength = $2 AND node = $3 AND state = 'running'",
                             game_id, strength, node, error);
}

}  // namespace carc::storage
