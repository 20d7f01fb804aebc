#pragma once
// Notices at run time (docs/accounts.md, Notices): a turn of a turn-based game passed to someone
// not watching it, or its time is running out; an e-mail address to confirm; a password reset.
// What the rooms and the account workers hand over goes into an inbox in memory at once (they
// never wait); the notices' inbox thread stores it in the queue (storage::NoticeStore). Senders
// of their own then send what is due, so that no channel waits for another: one thread sends
// mail through the operator's SMTP server, a few POST webhooks, a few POST Web Push messages to
// browsers' push services (RFC 8030/8291/8292, one queued notice per subscription), at most one
// at a time to a host and a failing host backing off alone (destination_gate). A sending that fails is tried again
// with back-off; the queue is in the store, so notices survive restarts and every node may send
// them. A mail server that is down only delays notices, never a game.
//
// A turn's mail waits a little (turn_mail_delay) and then names every game waiting for the
// player; mails sent unasked (confirmations, resets, challenges) are counted in the store per
// address and per account, and those over the limits are dropped.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "rooms/turn_notices.hpp"
#include "carc/crypto/web_push.hpp"
#include "carc/storage/notice_store.hpp"
#include "carc/storage/store.hpp"
#include "notices/destination_gate.hpp"
#include "notices/mail_text.hpp"
#include "notices/notice_channel.hpp"

namespace carc::server {

struct server_config;
namespace friends {
struct people_reach;
}

namespace notices {

// How long a link in a mail works.
inline constexpr std::int64_t reset_link_ms = 60LL * 60 * 1000;                 // one hour, once
inline constexpr std::int64_t sign_in_link_ms = 15LL * 60 * 1000;               // 15 minutes, once
inline constexpr std::int64_t confirm_link_ms = 7LL * 24 * 60 * 60 * 1000;      // a week
inline constexpr std::int64_t unsubscribe_link_ms = 365LL * 24 * 60 * 60 * 1000;  // a year
// At most one password reset mail per account within this long.
inline constexpr std::int64_t reset_ask_interval_ms = 60 * 1000;
// Webhooks are POSTed by this many threads (one per host at a time).
inline constexpr int webhook_senders = 4;
// Web Push messages are POSTed by this many threads (one per push service at a time).
inline constexpr int push_senders = 4;
// A push service's claim (VAPID JWT) is valid this long.
inline constexpr std::int64_t vapid_claim_s = 12 * 60 * 60;
// A notice not sent within this long is given up (logged).
inline constexpr std::int64_t give_up_after_ms = 2LL * 24 * 60 * 60 * 1000;

class notice_service final : public turn_notices {
public:
    // `reach`: who watches what here, paging a person on every node, and the stores (the
    // friends', the games', the sign-in links').
    notice_service(const server_config& config, friends::people_reach& reach, std::shared_ptr<storage::NoticeStore> store,
                   std::shared_ptr<storage::AccountStore> accounts);
    ~notice_service() override;

    // Starts the notices' threads; stop() finishes the mails being sent, gives up the webhooks
    // under way (tried again later) and joins them.
    void start();
    void stop();

    // turn_notices: on a room's strand; never blocks.
    void your_turn(const std::string& room_id, const std::string& person_id, std::int64_t deadline_ms) override;
    void time_running_out(const std::string& room_id, const std::string& person_id,
                          std::int64_t deadline_ms) override;
    // A friend's challenge (docs/friends.md): a mail and webhook as for a turn (the page notice
    // goes through friends::page, as a turn's does), dropped when sent if the challenge was declined meanwhile or
    // the person blocks the challenger.
    void challenged(const std::string& room_id, const std::string& person_id);
    // An account's e-mail address was set or changed: a confirmation mail goes to it.
    void email_changed(const std::string& person_id);
    // Someone asked to reset this account's password: a mail with a link goes to its address,
    // unless one was asked for less than reset_ask_interval_ms ago (false then).
    bool password_reset_asked(const std::string& person_id);
    // Someone asked for a sign-in link for this account from the browser whose nonce hashes to
    // `browser_hash_hex`: a mail with a link only that browser can use goes to its confirmed
    // address (within the limits on mails sent unasked). The queue keeps the hash, never a secret.
    void sign_in_link_asked(const std::string& person_id, const std::string& browser_hash_hex);

    // Whether the person is looking at the room: one of their connections on this node shows
    // it (person_registry::watching).
    bool watching(const std::string& room_id, const std::string& person_id) const;

    // Whether mail can be sent (--smtp given).
    bool sends_mail() const;
    // Whether Web Push is on (--vapid-subject given and the key pair read from the store), and
    // the server's VAPID public key (base64url) that browsers subscribe with.
    bool sends_push() const { return vapid_.has_value(); }
    std::string push_public_key() const { return vapid_ ? vapid_->public_key : std::string(); }
    // --public-url + `path_and_query`.
    std::string public_link(const std::string& path_and_query) const;

    // What the senders did so far (tests, logs).
    std::uint64_t sent() const { return sent_; }
    std::uint64_t failed_attempts() const { return failed_; }
    // Mails dropped because a limit on mails sent unasked was reached.
    std::uint64_t over_limit() const { return over_limit_; }

private:
    enum class outcome { sent, dropped, failed, postponed };
    // One delivery's result besides its outcome.
    struct delivery {
        std::string error;
        std::int64_t postpone_until_ms = 0;        // outcome::postponed
        std::vector<storage::QueuedNotice> along;  // the turn notices sent in the same mail
    };

    void enqueue(storage::QueuedNotice notice);
    void run_inbox();
    void run_sender(notice_channel channel);
    void store_inbox(std::deque<storage::QueuedNotice> inbox);
    // Claims and sends one due notice of `channel`; false when none was due.
    bool send_one_due(notice_channel channel);
    void settle(const storage::QueuedNotice& notice, outcome done, delivery& d);
    outcome deliver(const storage::QueuedNotice& notice, delivery& d);
    outcome deliver_mail(const storage::QueuedNotice& notice, const storage::AccountRecord& account, delivery& d);
    outcome deliver_webhook(const storage::QueuedNotice& notice, const storage::AccountRecord& account,
                            delivery& d);
    outcome deliver_push(const storage::QueuedNotice& notice, const storage::AccountRecord& account, delivery& d);
    // The queued rows for a turn's or a challenge's notice: one per channel the account wants,
    // and on `push` one per subscription.
    std::vector<storage::QueuedNotice> rows_for(const storage::QueuedNotice& notice,
                                                const storage::AccountRecord& account);
    // The VAPID key pair from the store, made there by the first node that starts.
    void load_push_key();
    // A turn's mail for `notice` and the person's other turn notices due soon (claimed into
    // d.along): nullopt when no game is left to tell of.
    std::optional<mail> coalesced_turn_mail(const storage::QueuedNotice& notice,
                                            const storage::AccountRecord& account, delivery& d);
    // Counts a mail sent unasked against its limits: false when it must not go (d.error set
    // when the store failed, else the mail is over a limit).
    bool within_unasked_limits(const storage::QueuedNotice& notice, const std::string& address, delivery& d);
    // A new link token for `purpose`, its hash stored; the token (for the link) or nullopt.
    std::optional<std::string> issue_token(const storage::AccountRecord& account, const std::string& purpose,
                                           std::int64_t lifetime_ms);
    std::int64_t retry_delay_ms(int attempts) const;

    const server_config& config_;
    friends::people_reach& reach_;
    std::shared_ptr<storage::NoticeStore> store_;
    std::shared_ptr<storage::AccountStore> accounts_;
    destination_gate webhook_hosts_;
    destination_gate push_hosts_;
    std::optional<crypto::ec_key_pair> vapid_;  // set once, before the threads start

    mutable std::mutex mutex_;
    std::condition_variable wake_;          // the inbox thread: something in the inbox
    std::condition_variable senders_wake_;  // the senders: something new in the queue
    std::uint64_t stored_generation_ = 0;   // counts the inbox batches stored
    std::deque<storage::QueuedNotice> inbox_;
    std::map<std::string, std::int64_t> last_reset_ask_;  // person -> Unix ms
    bool stopping_ = false;
    bool started_ = false;
    std::atomic<bool> abandon_transfers_{false};  // stop(): webhooks under way give up
    std::vector<std::thread> threads_;
    std::atomic<std::uint64_t> sent_{0};
    std::atomic<std::uint64_t> failed_{0};
    std::atomic<std::uint64_t> over_limit_{0};
};


}  // namespace notices
}  // namespace carc::server
