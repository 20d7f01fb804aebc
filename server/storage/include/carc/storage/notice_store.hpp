#pragma once
// The notices' share of the store (docs/accounts.md, Notices): the queue of notices still to
// send (so a mail server that is down delays them, across restarts, and every node sees them)
// and the tokens of the links in mails (only their SHA-256 is kept). Implemented by both stores
// beside Store and AccountStore. Thread-safe, never throws.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carc/storage/records.hpp"
#include "carc/storage/result.hpp"
#include "carc/storage/token_hash.hpp"

namespace carc::storage {

// One notice to send on one channel.
struct QueuedNotice {
    std::int64_t id = 0;        // given by the store
    std::string person_id;
    std::string channel;        // "email", "webhook" or "push"
    std::string kind;           // "your_turn", "time_running_out", "challenge", "confirm_email", "password_reset"
    std::string room_id;        // empty for the account's own mails
    TimeMs deadline_ms = 0;
    TimeMs created_at_ms = 0;
    int attempts = 0;           // failed attempts so far
    TimeMs next_attempt_ms = 0;
    std::int64_t subscription_id = 0;  // channel "push": the one browser it goes to
};

// One browser's Web Push subscription (RFC 8030; its keys per RFC 8291, base64url), made while
// signed in to a session: ending the session ends it.
struct PushSubscription {
    std::int64_t id = 0;     // given by the store
    std::string person_id;
    std::string session_id;  // the session's public id
    std::string endpoint;    // the push service's URL for this browser
    std::string p256dh;
    std::string auth;
    TimeMs created_at_ms = 0;
};

// One mail the server sends unasked (a confirmation, a reset, a challenge), to be counted
// against its limits before it goes: at most `per_address` to `address` and `per_account` for
// `person_id` within each clock window of `window_ms` (the window holding `now_ms`).
struct UnaskedMail {
    std::string address;  // compared ignoring ASCII case
    std::string person_id;
    TimeMs now_ms = 0;
    TimeMs window_ms = 0;
    int per_address = 0;
    int per_account = 0;
};

// A link's token: what it may do, for whom, until when.
struct LinkToken {
    TokenHash hash;
    std::string person_id;
    std::string purpose;  // "unsubscribe", "confirm_email" or "password_reset"
    std::string email;    // the address the mail went to (a confirmation confirms only it)
    TimeMs expires_at_ms = 0;
};

class NoticeStore {
public:
    virtual ~NoticeStore() = default;

    // Stores the notice; its id.
    virtual Result<std::int64_t> enqueue_notice(const QueuedNotice& notice) = 0;
    // The due notice of `channel` (next attempt at or before `now_ms`) that is oldest, claimed:
    // its next attempt moves to `claim_until_ms`, so no other node sends it meanwhile. nullopt
    // when none is due or another node claimed it first.
    virtual Result<std::optional<QueuedNotice>> claim_due_notice(TimeMs now_ms, TimeMs claim_until_ms,
                                                                 std::string_view channel) = 0;
    // The person's other turn notices ("your_turn", "time_running_out") on `channel` whose next
    // attempt is at or before `due_by_ms` (so none another node holds), claimed as above: they go
    // in one mail with the one being sent.
    virtual Result<std::vector<QueuedNotice>> claim_turn_notices(std::string_view person_id, std::string_view channel,
                                                                 TimeMs due_by_ms, TimeMs claim_until_ms) = 0;
    // Sent (or given up): the notice leaves the queue.
    virtual Status remove_notice(std::int64_t id) = 0;
    // Not sent: one more failed attempt, tried again at `next_attempt_ms`.
    virtual Status retry_notice(std::int64_t id, TimeMs next_attempt_ms) = 0;
    // Not tried (its destination is busy or backing off): tried at `next_attempt_ms`, no
    // attempt counted.
    virtual Status postpone_notice(std::int64_t id, TimeMs next_attempt_ms) = 0;
    // When the earliest queued notice of `channel` is due; nullopt when there is none.
    virtual Result<std::optional<TimeMs>> next_notice_due(std::string_view channel) = 0;
    // How many notices are queued (tests, metrics).
    virtual Result<std::int64_t> queued_notices() = 0;

    // Counts the mail against its limits (UnaskedMail), in one transaction, so the limits hold
    // across nodes and restarts: true when it may go (counted), false when a limit is reached
    // (nothing counted). Windows that ended are forgotten.
    virtual Result<bool> count_unasked_mail(const UnaskedMail& mail) = 0;

    // Stores the token; the expired ones (at `now_ms`) go.
    virtual Status add_link_token(const LinkToken& token, TimeMs now_ms) = 0;
    // The unexpired token of this hash and purpose; nullopt otherwise. With `consume` it is
    // deleted in the same transaction, so it works once.
    virtual Result<std::optional<LinkToken>> use_link_token(const TokenHash& hash, std::string_view purpose,
                                                            TimeMs now_ms, bool consume) = 0;
    // The oldest account whose confirmed e-mail is `email` (compared ignoring ASCII case);
    // nullopt when none.
    virtual Result<std::optional<std::string>> person_with_email(std::string_view email) = 0;

    // The server's key called `name`: the one stored, or `candidate` stored now when there is
    // none (of two nodes starting at once, one's candidate wins and both read it).
    virtual Result<std::string> server_key(std::string_view name, std::string_view candidate) = 0;
    // Stores the subscription, or replaces the one with its endpoint (a browser subscribing
    // again, maybe for another account); its id.
    virtual Result<std::int64_t> save_push_subscription(const PushSubscription& subscription) = 0;
    // The person's subscriptions, oldest first.
    virtual Result<std::vector<PushSubscription>> push_subscriptions_of(std::string_view person_id) = 0;
    // The subscription of this id; nullopt when there is none.
    virtual Result<std::optional<PushSubscription>> push_subscription(std::int64_t id) = 0;
    // Removes the subscription (only the person's, unless `person_id` is empty); false when
    // there was none.
    virtual Result<bool> remove_push_subscription(std::int64_t id, std::string_view person_id) = 0;
};

}  // namespace carc::storage
