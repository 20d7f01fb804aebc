// The notices' queue and link tokens in the store (both backends run this file): a notice stays
// queued until removed, is claimed by one caller at a time, is retried when due; a token works
// only for its purpose, until it expires, and once when consumed; a channel's notices are
// claimed apart from the other's, a person's turn notices together; mails sent unasked are
// counted per address and per account, across a restart.
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

QueuedNotice turn_notice(const std::string& room, TimeMs due_ms) {
    return QueuedNotice{.person_id = "p1",
                        .channel = "email",
                        .kind = "your_turn",
                        .room_id = room,
                        .deadline_ms = 90'000,
                        .created_at_ms = due_ms,
                        .next_attempt_ms = due_ms};
}

}  // namespace

TEST_CASE("a queued notice is claimed once, retried when due and kept until removed", "[storage][notices]") {
    TempDir dir;
    std::int64_t first = 0;
    {
        auto store = open_or_fail(dir.path());
        NoticeStore& notices = notices_of(store);
        first = notices.enqueue_notice(turn_notice("r1", 1'000)).value();
        const auto second = notices.enqueue_notice(turn_notice("r2", 2'000)).value();
        CHECK(second != first);
        CHECK(notices.queued_notices().value() == 2);
        CHECK(notices.next_notice_due("email").value() == 1'000);
        CHECK_FALSE(notices.claim_due_notice(999, 5'000, "email").value().has_value());  // nothing due yet

        auto claimed = notices.claim_due_notice(1'500, 60'000, "email").value();
        REQUIRE(claimed.has_value());
        CHECK(claimed->id == first);
        CHECK(claimed->room_id == "r1");
        CHECK(claimed->kind == "your_turn");
        // Claimed: no one else gets it before the claim runs out.
        CHECK_FALSE(notices.claim_due_notice(1'500, 60'000, "email").value().has_value());
        REQUIRE(notices.retry_notice(first, 3'000).ok());
    }
    // Across a restart the queue is as it was.
    auto store = open_or_fail(dir.path());
    NoticeStore& notices = notices_of(store);
    CHECK(notices.queued_notices().value() == 2);
    auto next = notices.claim_due_notice(3'000, 60'000, "email").value();
    REQUIRE(next.has_value());
    CHECK(next->room_id == "r2");  // due at 2 000, before the retried one at 3 000
    auto retried = notices.claim_due_notice(3'000, 60'000, "email").value();
    REQUIRE(retried.has_value());
    CHECK(retried->id == first);
    CHECK(retried->attempts == 1);
    REQUIRE(notices.remove_notice(first).ok());
    REQUIRE(notices.remove_notice(next->id).ok());
    CHECK(notices.queued_notices().value() == 0);
    CHECK_FALSE(notices.next_notice_due("email").value().has_value());
}

TEST_CASE("a link token works for its purpose until it expires, and once when consumed", "[storage][notices]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    auto& accounts = dynamic_cast<AccountStore&>(*store);
    AccountRecord account{.person_id = "p1",
                          .name = "Ada",
                          .name_key = "ada",
                          .password_hash = "$argon2id$x",
                          .person_token_hash = TokenHash::of_token("t"),
                          .created_at_ms = 1,
                          .settings = {}};
    account.settings.email = "Ada@Example.org";
    const SessionRecord session{.secret_hash = TokenHash::of_token("s"),
                                .public_id = "s1",
                                .person_id = "p1",
                                .kind = "token",
                                .device = "terminal",
                                .created_at_ms = 1,
                                .last_seen_ms = 1};
    REQUIRE(accounts.create_account(account, session).ok());
    NoticeStore& notices = notices_of(store);
    // Only a confirmed address names its account (reset links go nowhere else).
    CHECK_FALSE(notices.person_with_email("ada@example.ORG").value().has_value());
    account.settings.email_confirmed = true;
    REQUIRE(accounts.update_settings("p1", account.settings).ok());
    CHECK(notices.person_with_email("ada@example.ORG").value() == std::optional<std::string>("p1"));
    CHECK_FALSE(notices.person_with_email("bob@example.org").value().has_value());

    const auto reset = TokenHash::of_token("reset-secret");
    REQUIRE(notices.add_link_token({reset, "p1", "password_reset", "Ada@Example.org", 10'000}, 5'000).ok());
    CHECK_FALSE(notices.use_link_token(reset, "unsubscribe", 6'000, false).value().has_value());  // other purpose
    CHECK_FALSE(notices.use_link_token(reset, "password_reset", 10'000, false).value().has_value());  // expired
    CHECK(notices.use_link_token(reset, "password_reset", 6'000, false).value().has_value());  // looked at, kept
    auto used = notices.use_link_token(reset, "password_reset", 6'000, true).value();
    REQUIRE(used.has_value());
    CHECK(used->person_id == "p1");
    CHECK(used->email == "Ada@Example.org");
    CHECK_FALSE(notices.use_link_token(reset, "password_reset", 6'000, true).value().has_value());  // once
}

TEST_CASE("notices are claimed per channel, and a person's turn notices together", "[storage][notices]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    NoticeStore& notices = notices_of(store);
    QueuedNotice hook = turn_notice("r1", 1'000);
    hook.channel = "webhook";
    const auto hook_id = notices.enqueue_notice(hook).value();
    const auto first = notices.enqueue_notice(turn_notice("r2", 2'000)).value();
    const auto later = notices.enqueue_notice(turn_notice("r3", 4'000)).value();
    QueuedNotice reset = turn_notice("", 2'500);
    reset.kind = "password_reset";
    notices.enqueue_notice(reset).value();
    QueuedNotice other = turn_notice("r4", 2'500);
    other.person_id = "p2";
    notices.enqueue_notice(other).value();

    CHECK(notices.next_notice_due("webhook").value() == 1'000);
    CHECK(notices.next_notice_due("email").value() == 2'000);
    auto mail = notices.claim_due_notice(5'000, 60'000, "email").value();
    REQUIRE(mail.has_value());
    CHECK(mail->id == first);  // the older webhook is not the mail sender's
    // The person's other turn mails due by 4 000: r3, not the reset, not p2's, not the webhook.
    const auto along = notices.claim_turn_notices("p1", "email", 4'000, 60'000).value();
    REQUIRE(along.size() == 1);
    CHECK(along[0].id == later);
    CHECK(notices.claim_turn_notices("p1", "email", 4'000, 60'000).value().empty());  // claimed
    // Postponed: not an attempt.
    REQUIRE(notices.postpone_notice(hook_id, 7'000).ok());
    CHECK_FALSE(notices.claim_due_notice(6'000, 60'000, "webhook").value().has_value());
    const auto postponed = notices.claim_due_notice(7'000, 60'000, "webhook").value();
    REQUIRE(postponed.has_value());
    CHECK(postponed->attempts == 0);
}

TEST_CASE("mails sent unasked are counted per address and per account, across a restart", "[storage][notices]") {
    TempDir dir;
    const TimeMs hour = 3'600'000;
    const UnaskedMail to_ada{.address = "Ada@Example.org",
                             .person_id = "p1",
                             .now_ms = 10 * hour + 5,
                             .window_ms = hour,
                             .per_address = 2,
                             .per_account = 3};
    const auto with = [&](std::string address, std::string person) {
        UnaskedMail m = to_ada;
        m.address = std::move(address);
        m.person_id = std::move(person);
        return m;
    };
    {
        auto store = open_or_fail(dir.path());
        NoticeStore& notices = notices_of(store);
        CHECK(notices.count_unasked_mail(to_ada).value());
        CHECK(notices.count_unasked_mail(with("ada@example.ORG", "p2")).value());  // the same address
    }
    auto store = open_or_fail(dir.path());
    NoticeStore& notices = notices_of(store);
    CHECK_FALSE(notices.count_unasked_mail(to_ada).value());  // the address had its two this hour
    CHECK(notices.count_unasked_mail(with("b@example.org", "p1")).value());  // p1's second
    CHECK(notices.count_unasked_mail(with("c@example.org", "p1")).value());  // p1's third
    CHECK_FALSE(notices.count_unasked_mail(with("d@example.org", "p1")).value());  // p1 had its three
    // Refused for the account, so not counted for the address either: d still takes two.
    CHECK(notices.count_unasked_mail(with("d@example.org", "p3")).value());
    CHECK(notices.count_unasked_mail(with("d@example.org", "p4")).value());
    CHECK_FALSE(notices.count_unasked_mail(with("d@example.org", "p5")).value());
    // The next hour counts afresh.
    UnaskedMail next_hour = to_ada;
    next_hour.now_ms += hour;
    CHECK(notices.count_unasked_mail(next_hour).value());
}
