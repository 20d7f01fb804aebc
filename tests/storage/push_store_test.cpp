// Web Push's share of the store (both backends run this file): the server's key is made once
// and then read by everyone, whatever they offer; a subscription is stored, replaced by its
// endpoint, listed per person, removed by its owner only, and goes when its session ends; a
// `push` notice keeps the subscription it is for, across a restart.
#include <catch2/catch.hpp>

#include "carc/storage/notice_store.hpp"
#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;

namespace {

NoticeStore& notices_of(const std::shared_ptr<Store>& store) {
    auto* notices = dynamic_cast<NoticeStore*>(store.get());
    REQUIRE(notices != nullptr);
    return *notices;
}

SessionRecord session_of(const std::string& person, const std::string& public_id) {
    return SessionRecord{.secret_hash = TokenHash::of_token("secret-" + public_id),
                         .public_id = public_id,
                         .person_id = person,
                         .kind = "cookie",
                         .device = "Chromium",
                         .created_at_ms = 1,
                         .last_seen_ms = 1};
}

void make_account(AccountStore& accounts, const std::string& person, const std::string& name,
                  const std::string& session) {
    const AccountRecord account{.person_id = person,
                                .name = name,
                                .name_key = name,
                                .password_hash = "$argon2id$x",
                                .person_token_hash = TokenHash::of_token("t-" + person),
                                .created_at_ms = 1,
                                .settings = {}};
    REQUIRE(accounts.create_account(account, session_of(person, session)).ok());
}

PushSubscription subscription(const std::string& person, const std::string& session, const std::string& endpoint) {
    return PushSubscription{.person_id = person,
                            .session_id = session,
                            .endpoint = endpoint,
                            .p256dh = "BPub",
                            .auth = "secret",
                            .created_at_ms = 7};
}

}  // namespace

TEST_CASE("the server's key is stored once, the first offer wins", "[storage][push]") {
    TempDir dir;
    {
        auto store = open_or_fail(dir.path());
        CHECK(notices_of(store).server_key("vapid", "first").value() == "first");
        CHECK(notices_of(store).server_key("vapid", "second").value() == "first");
        CHECK(notices_of(store).server_key("other", "third").value() == "third");
    }
    auto store = open_or_fail(dir.path());
    CHECK(notices_of(store).server_key("vapid", "after a restart").value() == "first");
}

TEST_CASE("push subscriptions: stored per person, replaced by endpoint, removed by their owner or with their session",
          "[storage][push]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    auto& accounts = dynamic_cast<AccountStore&>(*store);
    NoticeStore& notices = notices_of(store);
    make_account(accounts, "p1", "ada", "s1");
    make_account(accounts, "p2", "bob", "s2");
    REQUIRE(accounts.add_session(session_of("p1", "s1b")).ok());

    const auto phone = notices.save_push_subscription(subscription("p1", "s1", "https://push.test/a")).value();
    const auto laptop = notices.save_push_subscription(subscription("p1", "s1b", "https://push.test/b")).value();
    CHECK(phone != laptop);
    auto mine = notices.push_subscriptions_of("p1").value();
    REQUIRE(mine.size() == 2);
    CHECK(mine[0].id == phone);
    CHECK(mine[0].endpoint == "https://push.test/a");
    CHECK(mine[0].session_id == "s1");
    CHECK(mine[0].p256dh == "BPub");
    CHECK(mine[0].auth == "secret");
    CHECK(mine[0].created_at_ms == 7);

    // The same browser subscribing while signed in as someone else: the endpoint is theirs now.
    const auto moved = notices.save_push_subscription(subscription("p2", "s2", "https://push.test/a")).value();
    CHECK(moved == phone);
    CHECK(notices.push_subscriptions_of("p1").value().size() == 1);
    CHECK(notices.push_subscription(phone).value()->person_id == "p2");

    // Only its owner removes it; the sender (no person) removes any.
    CHECK_FALSE(notices.remove_push_subscription(phone, "p1").value());
    CHECK(notices.push_subscription(phone).value().has_value());
    CHECK(notices.remove_push_subscription(phone, "p2").value());
    CHECK_FALSE(notices.push_subscription(phone).value().has_value());
    CHECK_FALSE(notices.remove_push_subscription(phone, "").value());

    // Ending the session ends its subscriptions.
    REQUIRE(accounts.end_session("p1", "s1b").ok());
    CHECK(notices.push_subscriptions_of("p1").value().empty());
    CHECK_FALSE(notices.push_subscription(laptop).value().has_value());
    // A session that does not exist takes no subscription.
    CHECK_FALSE(notices.save_push_subscription(subscription("p1", "gone", "https://push.test/c")).ok());
}

TEST_CASE("a push notice keeps its subscription across a restart", "[storage][push]") {
    TempDir dir;
    std::int64_t id = 0;
    {
        auto store = open_or_fail(dir.path());
        id = notices_of(store)
                 .enqueue_notice(QueuedNotice{.person_id = "p1",
                                              .channel = "push",
                                              .kind = "your_turn",
                                              .room_id = "r1",
                                              .deadline_ms = 9,
                                              .created_at_ms = 1,
                                              .next_attempt_ms = 1,
                                              .subscription_id = 42})
                 .value();
    }
    auto store = open_or_fail(dir.path());
    auto claimed = notices_of(store).claim_due_notice(5, 100, "push").value();
    REQUIRE(claimed.has_value());
    CHECK(claimed->id == id);
    CHECK(claimed->subscription_id == 42);
    CHECK_FALSE(notices_of(store).claim_due_notice(5, 100, "email").value().has_value());
}
