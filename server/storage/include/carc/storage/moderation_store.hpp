#pragma once
// Moderation's share of the store (docs/moderation.md): reports people make about an account,
// the operator's sanctions on accounts (a mute, a ban, each for a time or for good) and on
// addresses, and the audit log every operator action writes in the transaction that makes it.
// The operator's tool (carc-admin) writes here; every node reads the sanctions and the log, so
// an action taken at no node reaches all of them. Implemented by both stores beside Store.
// Thread-safe, never throws.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carc/storage/records.hpp"
#include "carc/storage/result.hpp"

namespace carc::storage {

// What a signed-in person says about another account, and what it points at.
struct NewReport {
    std::string reporter_id = {};
    std::string target_id = {};
    std::string reason = {};                   // one of the server's short list
    std::string note = {};                     // optional free text ("" when none)
    std::optional<std::string> room_id = {};   // the game or room it happened in
    std::optional<std::string> chat_text = {}; // the reported chat line, as it was
    std::optional<TimeMs> chat_time_ms = {};   // that line's time, which names it in its room
    TimeMs made_at_ms = 0;
};

struct ReportRecord {
    std::int64_t id = 0;
    std::string reporter_id = {};
    std::string reporter_name = {};
    std::string target_id = {};
    std::string target_name = {};
    std::string reason = {};
    std::string note = {};
    std::optional<std::string> room_id = {};
    std::optional<std::string> chat_text = {};
    std::optional<TimeMs> chat_time_ms = {};
    TimeMs made_at_ms = 0;
    std::optional<TimeMs> closed_at_ms = {};  // nullopt while open
    std::string closed_by = {};               // the operator who closed it
    std::string closing_note = {};
};

// The answer to a report: stored with its id, or refused because its reporter made
// `per_day` reports in the last day already.
struct ReportOutcome {
    bool stored = false;
    std::int64_t id = 0;
};

enum class SanctionKind { mute, ban };
const char* to_string(SanctionKind kind);

struct Sanction {
    std::string person_id = {};
    std::string name = {};  // the account's name when read
    SanctionKind kind = SanctionKind::mute;
    std::optional<TimeMs> until_ms = {};  // nullopt: for good
    std::string reason = {};
    TimeMs made_at_ms = 0;
};

// A banned address or range in CIDR form ("203.0.113.7/32", "2001:db8::/32").
struct AddressBan {
    std::string cidr = {};
    std::optional<TimeMs> until_ms = {};
    std::string reason = {};
    TimeMs made_at_ms = 0;
};

// One operator action, as the audit log keeps it.
struct AuditEntry {
    std::int64_t id = 0;       // filled when read
    std::string operator_name = {}; // who (the tool's --operator, else the system user)
    std::string action = {};        // what: "mute", "ban", "close_report", ...
    std::string target = {};        // whom or what: a person id, a report id, an address
    std::string detail = {};        // the action's parameters, as text
    std::string reason = {};        // why
    TimeMs time_ms = 0;        // when
};

// A room's chat line as the operator names it: its room, its sender and its time.
struct ChatLineRef {
    std::string room_id = {};
    std::string person_id = {};
    TimeMs time_ms = 0;
};

class ModerationStore {
public:
    virtual ~ModerationStore() = default;

    // Stores a report unless its reporter made `per_day` in the last day; not_found when either
    // account does not exist.
    virtual Result<ReportOutcome> add_report(const NewReport& report, int per_day) = 0;
    // Reports, newest first: the open ones only, or every one.
    virtual Result<std::vector<ReportRecord>> reports(bool with_closed, int limit) = 0;
    // The reports an account made, newest first (what it may see of its own reports).
    virtual Result<std::vector<ReportRecord>> reports_made_by(std::string_view person_id) = 0;
    // Closes a report and logs it; not_found when there is no such report, already_exists when
    // it was closed before.
    virtual Status close_report(std::int64_t id, const AuditEntry& audit) = 0;

    // Mutes or bans an account (replacing the same kind's earlier sanction) and logs it. A ban
    // also ends every session of the account in the same transaction, so every node closes its
    // sockets at its next check. not_found when there is no such account.
    virtual Status set_sanction(const Sanction& sanction, const AuditEntry& audit) = 0;
    // Lifts a sanction and logs it; not_found when the account has none of that kind.
    virtual Status lift_sanction(std::string_view person_id, SanctionKind kind, const AuditEntry& audit) = 0;
    // Sanctions in force at `now_ms` (of one kind), ordered by account name.
    virtual Result<std::vector<Sanction>> sanctions(SanctionKind kind, TimeMs now_ms) = 0;
    // The account's sanction of that kind in force at `now_ms`, if any.
    virtual Result<std::optional<Sanction>> sanction_of(std::string_view person_id, SanctionKind kind,
                                                        TimeMs now_ms) = 0;

    // Bans an address or range (replacing the same range's earlier ban) and logs it.
    virtual Status ban_address(const AddressBan& ban, const AuditEntry& audit) = 0;
    // Lifts it and logs it; not_found when that range is not banned.
    virtual Status lift_address_ban(std::string_view cidr, const AuditEntry& audit) = 0;
    // Address bans in force at `now_ms`.
    virtual Result<std::vector<AddressBan>> address_bans(TimeMs now_ms) = 0;

    // Writes an entry of an action whose own change happened elsewhere (a rename, a removed
    // chat line); its id.
    virtual Result<std::int64_t> log_action(const AuditEntry& audit) = 0;
    // Log entries after `after_id`, oldest first, at most `limit` (nodes follow the log with it).
    virtual Result<std::vector<AuditEntry>> audit_after(std::int64_t after_id, int limit) = 0;
    // The newest `limit` entries, newest first.
    virtual Result<std::vector<AuditEntry>> audit_log(int limit) = 0;

    // Marks the kept chat line (each one of the sender at that time) removed, its text gone and
    // its sender, name and time kept, and logs it; the line as kept before. not_found when the
    // store keeps no such line, already_exists when it was removed before.
    virtual Result<ChatLine> remove_chat_line(const ChatLineRef& line, const AuditEntry& audit) = 0;
};

}  // namespace carc::storage
