// review_service: move reviews queued in the store, claimed by one node, run in the bot pool's
// background lane, their progress and result written back to the store.
#include "reviews/review_service.hpp"

#include <spdlog/spdlog.h>

#include "carc/protocol/settings.hpp"
#include "carc/records/record_review.hpp"
#include "carc/review.hpp"
#include "rooms/bot_pool.hpp"
#include "util/wall_clock.hpp"

namespace carc::server {

using nlohmann::json;
using storage::ReviewAsk;
using storage::ReviewState;

namespace {

// Jobs one sweep hands to the pool: the background lane runs them one or two at a time anyway.
constexpr int sweep_batch = 4;
// A busy person's job usually ends within this long (a medium review of a whole game: seconds).
constexpr long long busy_retry_s = 10;
constexpr long long queue_full_retry_s = 60;

std::string key_of(const std::string& game_id, const std::string& strength) { return game_id + "/" + strength; }

review_service::answer refusal(int status, const char* code, std::string message,
                               std::optional<long long> retry_after_s = std::nullopt) {
    return {status, json{{"error", code}, {"message", std::move(message)}}, retry_after_s};
}

review_service::answer store_failed(const storage::Error& error) {
    spdlog::error("event=review_store_failed error=\"{}\"", error.message);
    return refusal(503, "store_failed", "the store is not available; try again");
}

}  // namespace

review_service::review_service(std::shared_ptr<storage::ReviewStore> store, std::shared_ptr<storage::Store> games,
                               bot_pool& pool, server_config::reviews_config limits, std::string node)
    : store_(std::move(store)),
      games_(std::move(games)),
      pool_(pool),
      limits_(limits),
      node_(node.empty() ? "local" : std::move(node)) {}

review_service::~review_service() { stop(); }

bool review_service::valid_strength(std::string_view strength) {
    BotKind kind{};
    return protocol::bot_kind_from_string(strength, kind) && is_search_bot(kind);
}

json review_service::job_json(const storage::ReviewJob& job) {
    json out = {{"game", job.game_id},
                {"strength", job.strength},
                {"state", storage::to_string(job.state)},
                {"judged", job.judged},
                {"decisions", job.decisions}};
    if (job.state == ReviewState::failed) out["error"] = job.error;
    if (job.state == ReviewState::done) out["review"] = json::parse(job.review_json, nullptr, false);
    return out;
}

review_service::answer review_service::ask(const std::string& game_id, const std::string& strength,
                                           const std::string& requester) {
    const storage::ReviewLimits limits{.running_per_requester = limits_.per_person_at_once,
                                       .per_day = limits_.per_person_daily,
                                       .queued_in_all = limits_.queued_in_all,
                                       .day_ms = 24LL * 60 * 60 * 1000};
    const std::int64_t now = unix_ms();
    auto asked = store_->ask_review(game_id, strength, requester, now, limits);
    if (!asked) return store_failed(asked.error());
    switch (asked->outcome) {
        case ReviewAsk::busy:
            return refusal(429, "review_busy",
                           "one review at a time: wait until your review in progress is done", busy_retry_s);
        case ReviewAsk::daily_limit:
            return refusal(429, "review_daily_limit",
                           "you asked for " + std::to_string(limits.per_day) + " reviews in the last 24 hours",
                           std::max<long long>(1, (asked->retry_at_ms - now + 999) / 1000));
        case ReviewAsk::queue_full:
            return refusal(429, "review_queue_full", "too many reviews are waiting; try again later",
                           queue_full_retry_s);
        case ReviewAsk::created:
            spdlog::info("event=review_queued game={} strength={}", game_id, strength);
            hand_to_pool(game_id, strength);
            break;
        case ReviewAsk::existing:
            break;
    }
    const storage::ReviewJob& job = *asked->job;
    const bool unfinished = job.state == ReviewState::queued || job.state == ReviewState::running;
    return {unfinished ? 202 : 200, job_json(job), std::nullopt};
}

review_service::answer review_service::look(const std::string& game_id, const std::string& strength) {
    auto job = store_->review_job(game_id, strength);
    if (!job) return store_failed(job.error());
    if (!*job)
        return refusal(404, "no_review",
                       "nobody has asked for this game's review at strength " + strength + "; POST to ask");
    return {200, job_json(**job), std::nullopt};
}

void review_service::hand_to_pool(const std::string& game_id, const std::string& strength) {
    {
        std::lock_guard lock(mutex_);
        if (!handed_.insert(key_of(game_id, strength)).second) return;  // already in this node's lane
    }
    pool_.run_background([this, game_id, strength](const bot_pool::yield_fn& yield) {
        try {
            run_job(game_id, strength, yield);
        } catch (...) {
            std::lock_guard lock(mutex_);
            handed_.erase(key_of(game_id, strength));
            throw;  // bot_pool::stopped: the job stays claimed and goes stale for another node
        }
        {
            std::lock_guard lock(mutex_);
            handed_.erase(key_of(game_id, strength));
            look_again_ = true;  // a place in the lane is free: look for more
        }
        wake_.notify_all();
    });
}

void review_service::run_job(const std::string& game_id, const std::string& strength,
                             const std::function<void()>& yield) {
    const std::int64_t now = unix_ms();
    auto claimed = store_->claim_review(game_id, strength, node_, now, now - limits_.stale.count());
    if (!claimed) {
        spdlog::error("event=review_claim_failed game={} error=\"{}\"", game_id, claimed.message());
        return;
    }
    if (!*claimed) return;  // another node took it, or it is done
    const auto fail = [&](const std::string& why) {
        spdlog::warn("event=review_failed game={} strength={} error=\"{}\"", game_id, strength, why);
        if (auto failed = store_->fail_review(game_id, strength, node_, why); !failed)
            spdlog::error("event=review_store_failed game={} error=\"{}\"", game_id, failed.message());
    };
    auto text = games_->get_game(game_id);
    if (!text) return fail("the game store cannot be read: " + text.message());
    if (!*text) return fail("no finished game " + game_id);
    const json record = json::parse(**text, nullptr, false);
    if (record.is_discarded()) return fail("the stored record is not JSON");
    std::string error;
    const auto input = review_input_of(record, &error);
    if (!input) return fail(error);
    BotKind kind{};
    protocol::bot_kind_from_string(strength, kind);
    ReviewSettings settings = review_settings(kind);
    settings.progress = [&](int judged, int decisions) {
        // Stored, so that any node answers where the job stands; refused once another node
        // took the job over (this one was thought dead), which ends this run.
        if (auto stored = store_->review_progress(game_id, strength, node_, judged, decisions, unix_ms()); !stored)
            throw std::runtime_error(stored.message());
        yield();  // the games' bots that began waiting meanwhile go first
    };
    std::optional<nlohmann::ordered_json> review;
    try {
        review = review_record(*input, settings, strength, &error);
    } catch (const bot_pool::stopped&) {
        throw;
    } catch (const std::exception& e) {
        spdlog::warn("event=review_abandoned game={} strength={} why=\"{}\"", game_id, strength, e.what());
        return;
    }
    if (!review) return fail(error);
    if (auto finished = store_->finish_review(game_id, strength, node_, review->dump()); !finished) {
        spdlog::error("event=review_store_failed game={} error=\"{}\"", game_id, finished.message());
        return;
    }
    spdlog::info("event=review_done game={} strength={} decisions={}", game_id, strength, input->actions.size());
}

void review_service::sweep() {
    const std::int64_t now = unix_ms();
    auto jobs = store_->claimable_reviews(now - limits_.stale.count(), sweep_batch);
    if (!jobs) {
        spdlog::error("event=review_store_failed error=\"{}\"", jobs.message());
        return;
    }
    for (const auto& job : *jobs) hand_to_pool(job.game_id, job.strength);
}

void review_service::start() {
    std::lock_guard guard(mutex_);
    if (sweeper_.joinable()) return;
    sweeper_ = std::thread([this] {
        std::unique_lock lock(mutex_);
        while (!stopping_) {
            // Only when this node's lane is empty: the pool runs one job after another anyway.
            if (handed_.empty()) {
                lock.unlock();
                sweep();
                lock.lock();
            }
            wake_.wait_for(lock, limits_.sweep, [this] { return stopping_ || look_again_; });
            look_again_ = false;
        }
    });
}

void review_service::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (sweeper_.joinable()) sweeper_.join();
}

}  // namespace carc::server
