// Moderation in the store (both backends run this file): reports limited per reporter and day,
// listed and closed with an audit entry; a ban ends the account's sessions in its transaction;
// sanctions for a time end by themselves; the audit log read in order from any entry on.
#include <catch2/catch.hpp>

#include "carc/storage/moderation_store.hpp"
#include "store_fixture.hpp"

using namespace carc::storage;
using namespace carc::storage::testing;

namespace {

ModerationStore& moderation_of(const std::shared_ptr<Store>& store) {
    auto* moderation = dynamic_cast<ModerationStore*>(store.get());
    REQUIRE(moderation != nullptr);
    return *moderation;
}

AccountStore& accounts_of(const std::shared_ptr<Store>& store) {
    auto* accounts = dynamic_cast<AccountStore*>(store.get());
    REQUIRE(accounts != nullptr);
    return *accounts;
}

AuditEntry audit(const std::string& action, const std::string& target, TimeMs at) {
    return {.operator_name = "olga", .action = action, .target = target, .detail = "", .reason = "spam", .time_ms = at};
}

constexpr TimeMs day = 24LL * 60 * 60 * 1000;

}  // namespace

TEST_CASE("reports: stored with what they point at, limited per reporter and day, closed once",
          "[storage][moderation]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    add_account(store, "pa", "ada");
    add_account(store, "pb", "bob");
    ModerationStore& moderation = moderation_of(store);

    NewReport report{.reporter_id = "pa", .target_id = "pb", .reason = "abuse", .note = "rude in chat",
                     .room_id = "room-1", .chat_text = "you are bad", .chat_time_ms = 500, .made_at_ms = 1000};
    auto first = moderation.add_report(report, 2).value();
    CHECK(first.stored);
    report.chat_text.reset();
    report.chat_time_ms.reset();
    report.made_at_ms = 2000;
    CHECK(moderation.add_report(report, 2).value().stored);
    report.made_at_ms = 3000;
    CHECK_FALSE(moderation.add_report(report, 2).value().stored);  // the third within a day
    report.made_at_ms = 1000 + day + 1;                             // the first is a day old
    CHECK(moderation.add_report(report, 2).value().stored);
    report.target_id = "nobody";
    CHECK(moderation.add_report(report, 2).code() == ErrorCode::not_found);

    auto open = moderation.reports(false, 10).value();
    REQUIRE(open.size() == 3);
    const ReportRecord& oldest = open.back();
    CHECK(oldest.id == first.id);
    CHECK(oldest.reporter_name == "ada");
    CHECK(oldest.target_name == "bob");
    CHECK(oldest.reason == "abuse");
    CHECK(oldest.note == "rude in chat");
    CHECK(oldest.room_id == std::optional<std::string>("room-1"));
    CHECK(oldest.chat_text == std::optional<std::string>("you are bad"));
    CHECK(oldest.chat_time_ms == std::optional<TimeMs>(500));
    CHECK_FALSE(oldest.closed_at_ms.has_value());

    REQUIRE(moderation.close_report(first.id, audit("close_report", std::to_string(first.id), 9000)).ok());
    CHECK(moderation.close_report(first.id, audit("close_report", "x", 9001)).code() == ErrorCode::already_exists);
    CHECK(moderation.close_report(999999, audit("close_report", "x", 9002)).code() == ErrorCode::not_found);
    CHECK(moderation.reports(false, 10).value().size() == 2);
    auto all = moderation.reports(true, 10).value();
    REQUIRE(all.size() == 3);
    CHECK(all.back().closed_at_ms == std::optional<TimeMs>(9000));
    CHECK(all.back().closed_by == "olga");
    CHECK(moderation.reports_made_by("pa").value().size() == 3);
    CHECK(moderation.reports_made_by("pb").value().empty());

    auto log = moderation.audit_log(10).value();
    REQUIRE(log.size() == 1);  // refusals write nothing
    CHECK(log[0].action == "close_report");
    CHECK(log[0].operator_name == "olga");
    CHECK(log[0].time_ms == 9000);
}

TEST_CASE("sanctions: a ban ends the sessions, a mute for a time ends by itself, both logged in order",
          "[storage][moderation]") {
    TempDir dir;
    auto store = open_or_fail(dir.path());
    add_account(store, "pa", "ada");
    add_account(store, "pb", "bob");
    ModerationStore& moderation = moderation_of(store);
    REQUIRE(accounts_of(store).sessions_of("pb").value().size() == 1);

    REQUIRE(moderation.set_sanction({.person_id = "pa", .kind = SanctionKind::mute, .until_ms = 5000,
                                     .reason = "spam", .made_at_ms = 1000},
                                    audit("mute", "pa", 1000))
                .ok());
    REQUIRE(moderation.set_sanction({.person_id = "pb", .kind = SanctionKind::ban, .until_ms = std::nullopt,
                                     .reason = "cheating", .made_at_ms = 1100},
                                    audit("ban", "pb", 1100))
                .ok());
    CHECK(accounts_of(store).sessions_of("pb").value().empty());
    CHECK(accounts_of(store).sessions_of("pa").value().size() == 1);  // a mute ends nothing

    auto mutes = moderation.sanctions(SanctionKind::mute, 2000).value();
    REQUIRE(mutes.size() == 1);
    CHECK(mutes[0].name == "ada");
    CHECK(mutes[0].until_ms == std::optional<TimeMs>(5000));
    CHECK(moderation.sanctions(SanctionKind::mute, 5000).value().empty());  // over
    CHECK(moderation.sanction_of("pb", SanctionKind::ban, 99999999).value().has_value());
    CHECK_FALSE(moderation.sanction_of("pb", SanctionKind::mute, 2000).value().has_value());
    CHECK(moderation.set_sanction({.person_id = "nobody", .kind = SanctionKind::ban}, audit("ban", "nobody", 1))
              .code() == ErrorCode::not_found);

    REQUIRE(moderation.lift_sanction("pb", SanctionKind::ban, audit("unban", "pb", 1200)).ok());
    CHECK(moderation.lift_sanction("pb", SanctionKind::ban, audit("unban", "pb", 1300)).code() ==
          ErrorCode::not_found);
    CHECK_FALSE(moderation.sanction_of("pb", SanctionKind::ban, 2000).value().has_value());

    REQUIRE(moderation.ban_address({.cidr = "203.0.113.0/24", .reason = "sign-up spam", .made_at_ms = 1400},
                                   audit("ban_address", "203.0.113.0/24", 1400))
                .ok());
    REQUIRE(moderation.address_bans(2000).value().size() == 1);
    REQUIRE(moderation.lift_address_ban("203.0.113.0/24", audit("unban_address", "203.0.113.0/24", 1500)).ok());
    CHECK(moderation.address_bans(2000).value().empty());
    REQUIRE(moderation.log_action(audit("rename", "pa", 1600)).ok());

    auto all = moderation.audit_after(0, 100).value();
    std::vector<std::string> actions;
    for (const auto& entry : all) actions.push_back(entry.action);
    CHECK(actions == std::vector<std::string>{"mute", "ban", "unban", "ban_address", "unban_address", "rename"});
    auto later = moderation.audit_after(all[3].id, 100).value();
    REQUIRE(later.size() == 2);
    CHECK(later[0].action == "unban_address");
    CHECK(moderation.audit_log(2).value().front().action == "rename");
}
