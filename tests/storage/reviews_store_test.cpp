// Move reviews in the store (both backends run this file): one job per game and strength, the
// limits checked where the job is queued, exactly one node's claim of a job, a silent node's job
// taken over, and only the claiming node writes its progress and end (PostgreSQL: two nodes).
#include <thread>

#include <catch2/catch.hpp>

#include "carc/storage/review_store.hpp"
#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;

namespace {

ReviewStore& reviews_of(const std::shared_ptr<Store>& store) {
    auto* reviews = dynamic_cast<ReviewStore*>(store.get());
    REQUIRE(reviews != nullptr);
    return *reviews;
}

constexpr TimeMs t0 = 1'000'000'000;
constexpr TimeMs day = 24LL * 60 * 60 * 1000;

}  // namespace

TEST_CASE("a review is queued once per game and strength and under the limits per requester and in all",
          "[storage][reviews]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    ReviewStore& reviews = reviews_of(store);
    const ReviewLimits limits{.running_per_requester = 1, .per_day = 2, .queued_in_all = 2, .day_ms = day};

    auto first = reviews.ask_review("g1", "easy", "account:pa", t0, limits).value();
    CHECK(first.outcome == ReviewAsk::created);
    REQUIRE(first.job);
    CHECK(first.job->state == ReviewState::queued);
    CHECK(first.job->requested_at_ms == t0);
    // The same game and strength again, by anyone: the same job, no limit asked.
    CHECK(reviews.ask_review("g1", "easy", "account:pb", t0 + 1, limits).value().outcome == ReviewAsk::existing);
    CHECK(reviews.ask_review("g2", "easy", "account:pa", t0 + 2, limits).value().outcome == ReviewAsk::busy);
    CHECK(reviews.ask_review("g1", "medium", "address:1.2.3.4", t0 + 3, limits).value().outcome == ReviewAsk::created);
    // Two queued in all: the cap.
    CHECK(reviews.ask_review("g3", "easy", "account:pc", t0 + 4, limits).value().outcome == ReviewAsk::queue_full);

    REQUIRE(reviews.claim_review("g1", "easy", "n1", t0 + 5, t0).value());
    REQUIRE(reviews.finish_review("g1", "easy", "n1", "{}").ok());
    CHECK(reviews.ask_review("g2", "easy", "account:pa", t0 + 6, limits).value().outcome == ReviewAsk::created);
    REQUIRE(reviews.claim_review("g2", "easy", "n1", t0 + 7, t0).value());
    REQUIRE(reviews.fail_review("g2", "easy", "n1", "no such game").ok());
    // Two asked within the day: the third waits until the first leaves the window.
    const auto daily = reviews.ask_review("g3", "easy", "account:pa", t0 + 8, limits).value();
    CHECK(daily.outcome == ReviewAsk::daily_limit);
    CHECK(daily.retry_at_ms == t0 + day);
    CHECK(reviews.ask_review("g3", "easy", "account:pa", t0 + day + 1, limits).value().outcome == ReviewAsk::created);

    const auto failed = reviews.review_job("g2", "easy").value();
    REQUIRE(failed);
    CHECK(failed->state == ReviewState::failed);
    CHECK(failed->error == "no such game");
    CHECK_FALSE(reviews.review_job("g9", "easy").value());
}

TEST_CASE("exactly one node claims a review and a silent node's job is taken over from it",
          "[storage][reviews]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    ReviewStore& reviews = reviews_of(store);
    REQUIRE(reviews.ask_review("g1", "easy", "address:x", t0, ReviewLimits{}).value().outcome == ReviewAsk::created);
    CHECK(reviews.claimable_reviews(t0 - 1000, 10).value().size() == 1);
    CHECK(reviews.claim_review("g1", "easy", "node-a", t0, t0 - 1000).value());
    CHECK_FALSE(reviews.claim_review("g1", "easy", "node-b", t0, t0 - 1000).value());
    CHECK(reviews.review_progress("g1", "easy", "node-a", 1, 5, t0 + 5).ok());
    CHECK(reviews.review_progress("g1", "easy", "node-b", 1, 5, t0 + 5).code() == ErrorCode::invalid_state);
    const auto running = reviews.review_job("g1", "easy").value();
    REQUIRE(running);
    CHECK(running->state == ReviewState::running);
    CHECK(running->judged == 1);
    CHECK(running->decisions == 5);
    // node-a stops reporting: once its last report is older than the stale mark, node-b takes it.
    CHECK(reviews.claimable_reviews(t0, 10).value().empty());
    CHECK(reviews.claimable_reviews(t0 + 6, 10).value().size() == 1);
    CHECK(reviews.claim_review("g1", "easy", "node-b", t0 + 10, t0 + 6).value());
    CHECK(reviews.finish_review("g1", "easy", "node-a", "{}").code() == ErrorCode::invalid_state);
    CHECK(reviews.finish_review("g1", "easy", "node-b", R"({"x":1})").ok());
    const auto job = reviews.review_job("g1", "easy").value();
    REQUIRE(job);
    CHECK(job->state == ReviewState::done);
    CHECK(job->node == "node-b");
    CHECK(job->judged == 5);
    CHECK(job->review_json == R"({"x":1})");
    CHECK_FALSE(reviews.claim_review("g1", "easy", "node-a", t0 + 20, t0 + 20).value());  // done stays done
}

#ifdef CARC_STORE_TESTS_ON_POSTGRES
TEST_CASE("two nodes claiming the same reviews at once: each job goes to exactly one", "[storage][reviews]") {
    TempDir dir;
    auto node_a = open_or_fail(dir.path());
    auto node_b = open_or_fail(dir.path());
    const ReviewLimits limits{.running_per_requester = 100, .per_day = 100, .queued_in_all = 100, .day_ms = day};
    constexpr int jobs = 20;
    for (int i = 0; i < jobs; ++i)
        REQUIRE(reviews_of(node_a).ask_review("g" + std::to_string(i), "easy", "address:x", t0, limits).ok());
    int won_a = 0;
    int won_b = 0;
    const auto claim_all = [&](const std::shared_ptr<Store>& node, const char* name, int& won) {
        for (int i = 0; i < jobs; ++i)
            if (reviews_of(node).claim_review("g" + std::to_string(i), "easy", name, t0, t0 - 1).value()) ++won;
    };
    std::thread a([&] { claim_all(node_a, "node-a", won_a); });
    std::thread b([&] { claim_all(node_b, "node-b", won_b); });
    a.join();
    b.join();
    CHECK(won_a + won_b == jobs);
}
#endif
