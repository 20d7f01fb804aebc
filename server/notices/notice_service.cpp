#include "notices/notice_service.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "base/config.hpp"
#include "carc/storage/friend_store.hpp"
#include "friends/people_news.hpp"
#include "notices/curl_transfer.hpp"
#include "notices/mail_text.hpp"
#include "notices/notice_channel.hpp"
#include "notices/push_message.hpp"
#include "notices/push_rules.hpp"
#include "notices/turns_mail.hpp"
#include "people/person_registry.hpp"
#include "people/security.hpp"
#include "util/wall_clock.hpp"

namespace carc::server::notices {

namespace st = carc::storage;
using nlohmann::json;

namespace {

// A claimed notice is no one else's this long (a node that dies while sending frees it then).
constexpr std::int64_t claim_ms = 5 * 60 * 1000;
// Other nodes' notices are looked for at least this often.
constexpr auto poll_interval = std::chrono::seconds(2);

bool is_turn_kind(const std::string& kind) { return kind == "your_turn" || kind == "time_running_out"; }

// A challenge's room: its invite (the link joins by it) and the challenger, seated first.
struct challenge_room {
    std::string invite;
    std::string from_name;
};
std::optional<challenge_room> challenge_room_of(st::Store& store, const std::string& room_id) {
    auto room = store.load_room(room_id);
    if (!room || !*room) return std::nullopt;
    const json config = json::parse((*room)->config_json, nullptr, false);
    if (!config.is_object() || !config.contains("invite") || !config["invite"].is_string()) return std::nullopt;
    challenge_room out{config["invite"].get<std::string>(), ""};
    if (!(*room)->seats.empty()) out.from_name = (*room)->seats.front().player_name;
    return out;
}

// A turn mail's game in words: the room's name and the other players (seats of other persons),
// from the stored room; left as it is when the room cannot be read.
void name_game(st::Store& store, const std::string& person_id, waiting_game& g) {
    auto room = store.load_room(g.room_id);
    if (!room || !*room) return;
    const json config = json::parse((*room)->config_json, nullptr, false);
    if (!config.is_object()) return;
    const json settings = config.value("settings", json::object());
    if (settings.is_object() && settings.contains("name") && settings["name"].is_string())
        g.name = settings["name"].get<std::string>();
    const json persons = config.value("persons", json::array());
    for (const auto& seat : (*room)->seats) {
        const auto i = static_cast<std::size_t>(seat.seat);
        const bool mine = i < persons.size() && persons[i].is_string() && persons[i].get<std::string>() == person_id;
        if (!mine && !seat.player_name.empty()) g.opponents.push_back(seat.player_name);
    }
}

// Whether a challenge's mail or webhook still has to go: it waits for an answer and the person
// does not block the challenger (docs/friends.md). `error` is set when the store failed.
bool challenge_still_wanted(const st::QueuedNotice& notice, std::string& error, st::FriendStore* friends) {
    if (!friends) return true;
    auto challenge = friends->find_challenge(notice.room_id);
    if (!challenge) return error = challenge.message(), false;
    if (!*challenge || (*challenge)->to_person != notice.person_id) return false;  // declined or forgotten
    auto relation = friends->relation(notice.person_id, (*challenge)->from_person);
    if (!relation) return error = relation.message(), false;
    return !relation->blocks;
}

// The account's choices (PATCH /api/me's `notices`): each channel on unless set to false.
bool wants_turn_mail(const st::AccountSettings& s) {
    return s.email && s.email_confirmed && channel_on(s.notices_json, notice_channel::email);
}
bool wants_webhook(const st::AccountSettings& s) {
    return s.webhook_url && channel_on(s.notices_json, notice_channel::webhook);
}
// Web Push goes to the account's subscribed browsers unless it turned the channel off.
bool wants_push(const st::AccountSettings& s) { return channel_on(s.notices_json, notice_channel::web_push); }

// The room's name (its settings'), else its id.
std::string game_name_of(st::Store* store, const std::string& room_id) {
    if (!store) return room_id;
    auto room = store->load_room(room_id);
    if (!room || !*room) return room_id;
    const json config = json::parse((*room)->config_json, nullptr, false);
    if (!config.is_object() || !config.contains("settings") || !config["settings"].is_object()) return room_id;
    const json& settings = config["settings"];
    if (settings.contains("name") && settings["name"].is_string() && !settings["name"].get<std::string>().empty())
        return settings["name"].get<std::string>();
    return room_id;
}

// A notice for the inbox; no `channel` means every channel the account wants.
st::QueuedNotice notice_of(const std::string& person, const char* kind, const std::string& room,
                           std::int64_t deadline_ms, std::optional<notice_channel> channel) {
    st::QueuedNotice n;
    n.person_id = person;
    n.kind = kind;
    n.room_id = room;
    n.deadline_ms = deadline_ms;
    if (channel) n.channel = queue_name(*channel);
    return n;
}

}  // namespace

notice_service::notice_service(const server_config& config, friends::people_reach& reach,
                               std::shared_ptr<st::NoticeStore> store, std::shared_ptr<st::AccountStore> accounts)
    : config_(config),
      reach_(reach),
      store_(std::move(store)),
      accounts_(std::move(accounts)),
      webhook_hosts_(config.notices.retry_first.count(), config.notices.retry_max.count()),
      push_hosts_(config.notices.retry_first.count(), config.notices.retry_max.count()) {
    init_curl();
    if (!config.notices.vapid_subject.empty()) load_push_key();
}

void notice_service::load_push_key() {
    const auto candidate = crypto::generate_p256_key_pair();
    if (!candidate) {
        spdlog::error("event=push_off error=\"no key pair could be made\"");
        return;
    }
    // The first node to start stores its pair; every node then uses the stored one.
    auto stored = store_->server_key("vapid", json{{"private", candidate->private_key}, {"public", candidate->public_key}}.dump());
    if (!stored) {
        spdlog::error("event=push_off error=\"{}\"", stored.message());
        return;
    }
    const json pair = json::parse(*stored, nullptr, false);
    if (!pair.is_object() || !pair.contains("private") || !pair["private"].is_string() || !pair.contains("public") ||
        !pair["public"].is_string()) {
        spdlog::error("event=push_off error=\"the stored VAPID key is malformed\"");
        return;
    }
    vapid_ = crypto::ec_key_pair{pair["private"].get<std::string>(), pair["public"].get<std::string>()};
    spdlog::info("event=push_on public_key={}", vapid_->public_key);
}

notice_service::~notice_service() { stop(); }

void notice_service::start() {
    std::lock_guard lock(mutex_);
    if (started_ || stopping_) return;
    started_ = true;
    threads_.emplace_back([this] { run_inbox(); });
    // Each queued channel's senders, so that no channel waits for another.
    const auto senders_of = [this](notice_channel channel) {
        switch (channel) {
            case notice_channel::email: return 1;
            case notice_channel::webhook: return webhook_senders;
            case notice_channel::web_push: return sends_push() ? push_senders : 0;
            case notice_channel::page: return 0;
        }
        return 0;
    };
    for (const notice_channel channel : queued_channels)
        for (int i = 0; i < senders_of(channel); ++i) threads_.emplace_back([this, channel] { run_sender(channel); });
}

void notice_service::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    abandon_transfers_ = true;
    wake_.notify_all();
    senders_wake_.notify_all();
    for (auto& thread : threads_)
        if (thread.joinable()) thread.join();
    threads_.clear();
}

bool notice_service::sends_mail() const { return !config_.notices.smtp_url.empty(); }

std::string notice_service::public_link(const std::string& path_and_query) const {
    std::string base = config_.public_url;
    while (!base.empty() && base.back() == '/') base.pop_back();
    return base + path_and_query;
}

bool notice_service::watching(const std::string& room_id, const std::string& person_id) const {
    return reach_.persons.watching(person_id, room_id);
}

void notice_service::your_turn(const std::string& room_id, const std::string& person_id, std::int64_t deadline_ms) {
    if (watching(room_id, person_id)) return;
    // The page notice: every open connection of the person, on every node (docs/protocol.md, `notice`).
    friends::page(reach_, person_id, {}, protocol::Notice::your_turn(room_id, deadline_ms), room_id);
    enqueue(notice_of(person_id, "your_turn", room_id, deadline_ms, std::nullopt));
}

void notice_service::time_running_out(const std::string& room_id, const std::string& person_id,
                                      std::int64_t deadline_ms) {
    if (watching(room_id, person_id)) return;
    friends::page(reach_, person_id, {}, protocol::Notice::time_running_out(room_id, deadline_ms), room_id);
    enqueue(notice_of(person_id, "time_running_out", room_id, deadline_ms, std::nullopt));
}

void notice_service::challenged(const std::string& room_id, const std::string& person_id) {
    enqueue(notice_of(person_id, "challenge", room_id, 0, std::nullopt));
}

void notice_service::email_changed(const std::string& person_id) {
    enqueue(notice_of(person_id, "confirm_email", "", 0, notice_channel::email));
}

bool notice_service::password_reset_asked(const std::string& person_id) {
    const std::int64_t now = unix_ms();
    {
        // One reset mail a minute per account: asking again and again must not flood its inbox.
        std::lock_guard lock(mutex_);
        std::erase_if(last_reset_ask_, [&](const auto& asked) { return now - asked.second >= reset_ask_interval_ms; });
        if (!last_reset_ask_.emplace(person_id, now).second) return false;
    }
    enqueue(notice_of(person_id, "password_reset", "", 0, notice_channel::email));
    return true;
}

void notice_service::sign_in_link_asked(const std::string& person_id, const std::string& browser_hash_hex) {
    // The queue's room field carries the browser's nonce hash: a hash, never the nonce.
    enqueue(notice_of(person_id, "sign_in_link", browser_hash_hex, 0, notice_channel::email));
}

void notice_service::enqueue(st::QueuedNotice notice) {
    notice.created_at_ms = unix_ms();
    notice.next_attempt_ms = notice.created_at_ms;
    {
        std::lock_guard lock(mutex_);
        inbox_.push_back(std::move(notice));
    }
    wake_.notify_all();
}

void notice_service::run_inbox() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        wake_.wait(lock, [this] { return stopping_ || !inbox_.empty(); });
        if (stopping_) break;
        std::deque<st::QueuedNotice> inbox;
        inbox.swap(inbox_);
        lock.unlock();
        store_inbox(std::move(inbox));
        lock.lock();
        ++stored_generation_;
        senders_wake_.notify_all();
    }
}

void notice_service::run_sender(notice_channel channel) {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        const std::uint64_t seen = stored_generation_;
        lock.unlock();
        while (send_one_due(channel)) {
            std::lock_guard check(mutex_);
            if (stopping_) break;
        }
        const auto due = store_->next_notice_due(queue_name(channel));
        lock.lock();
        if (stopping_ || stored_generation_ != seen) continue;
        auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(poll_interval);
        if (due && *due) wait = std::clamp(std::chrono::milliseconds(**due - unix_ms()), std::chrono::milliseconds(0), wait);
        senders_wake_.wait_for(lock, wait, [&] { return stopping_ || stored_generation_ != seen; });
    }
}

void notice_service::store_inbox(std::deque<st::QueuedNotice> inbox) {
    for (auto& notice : inbox) {
        std::vector<st::QueuedNotice> rows;
        if (!notice.channel.empty()) {
            if (channel_of_queue(notice.channel) == notice_channel::email && !sends_mail())
                continue;  // no --smtp: no mail to queue
            rows.push_back(notice);
        } else {
            // A turn's or a challenge's notice: rows for the channels the account wants (a guest has none).
            auto account = accounts_->account_of(notice.person_id);
            if (!account) {
                spdlog::error("event=notice_not_queued person={} error=\"{}\"", notice.person_id, account.message());
                continue;
            }
            if (!*account) continue;
            rows = rows_for(notice, **account);
        }
        for (auto& row : rows) {
            // A turn's mail waits, so the games that wait for the player by then go with it.
            row.next_attempt_ms = row.created_at_ms;
            if (channel_of_queue(row.channel) == notice_channel::email && is_turn_kind(row.kind))
                row.next_attempt_ms += config_.notices.turn_mail_delay.count();
            if (auto stored = store_->enqueue_notice(row); !stored)
                spdlog::error("event=notice_not_queued person={} kind={} error=\"{}\"", row.person_id, row.kind,
                              stored.message());
        }
    }
}

std::vector<st::QueuedNotice> notice_service::rows_for(const st::QueuedNotice& notice, const st::AccountRecord& account) {
    std::vector<st::QueuedNotice> rows;
    const auto add = [&](notice_channel channel, std::int64_t subscription_id) {
        rows.push_back(notice);
        rows.back().channel = queue_name(channel);
        rows.back().subscription_id = subscription_id;
    };
    if (sends_mail() && wants_turn_mail(account.settings)) add(notice_channel::email, 0);
    if (wants_webhook(account.settings)) add(notice_channel::webhook, 0);
    if (sends_push() && wants_push(account.settings)) {
        auto subscriptions = store_->push_subscriptions_of(notice.person_id);
        if (!subscriptions)
            spdlog::error("event=notice_not_queued person={} channel=push error=\"{}\"", notice.person_id,
                          subscriptions.message());
        else
            for (const auto& subscription : *subscriptions) add(notice_channel::web_push, subscription.id);
    }
    return rows;
}

bool notice_service::send_one_due(notice_channel channel) {
    const std::int64_t now = unix_ms();
    auto claimed = store_->claim_due_notice(now, now + claim_ms, queue_name(channel));
    if (!claimed) {
        spdlog::warn("event=notice_claim_failed error=\"{}\"", claimed.message());
        return false;
    }
    if (!*claimed) return false;
    const st::QueuedNotice& notice = **claimed;
    delivery d;
    const outcome done = deliver(notice, d);
    settle(notice, done, d);
    return true;
}

void notice_service::settle(const st::QueuedNotice& notice, outcome done, delivery& d) {
    std::vector<const st::QueuedNotice*> all{&notice};
    for (const auto& along : d.along) all.push_back(&along);
    if (done == outcome::postponed) {
        if (auto postponed = store_->postpone_notice(notice.id, d.postpone_until_ms); !postponed)
            spdlog::error("event=notice_not_postponed id={} error=\"{}\"", notice.id, postponed.message());
        return;
    }
    if (done == outcome::failed) {
        ++failed_;
        const bool give_up = unix_ms() - notice.created_at_ms >= give_up_after_ms;
        spdlog::warn("event=notice_failed person={} kind={} channel={} attempts={} given_up={} error=\"{}\"",
                     notice.person_id, notice.kind, notice.channel, notice.attempts + 1, give_up, d.error);
        if (!give_up) {
            for (const auto* n : all)
                if (auto retried = store_->retry_notice(n->id, unix_ms() + retry_delay_ms(n->attempts)); !retried)
                    spdlog::error("event=notice_retry_not_stored id={} error=\"{}\"", n->id, retried.message());
            return;
        }
    } else {
        if (done == outcome::sent) ++sent_;
        spdlog::info("event=notice_{} person={} kind={} channel={} room={} games={}",
                     done == outcome::sent ? "sent" : "dropped", notice.person_id, notice.kind, notice.channel,
                     notice.room_id, all.size());
    }
    for (const auto* n : all)
        if (auto removed = store_->remove_notice(n->id); !removed)
            spdlog::error("event=notice_not_removed id={} error=\"{}\"", n->id, removed.message());
}

std::int64_t notice_service::retry_delay_ms(int attempts) const {
    const auto& config = config_.notices;
    std::int64_t delay = config.retry_first.count();
    for (int i = 0; i < attempts && delay < config.retry_max.count(); ++i) delay *= 2;
    return std::min<std::int64_t>(delay, std::max(config.retry_max.count(), config.retry_first.count()));
}

notice_service::outcome notice_service::deliver(const st::QueuedNotice& notice, delivery& d) {
    std::string& error = d.error;
    auto account = accounts_->account_of(notice.person_id);
    if (!account) {
        error = account.message();
        return outcome::failed;
    }
    if (!*account) return outcome::dropped;  // the account is gone
    // Checked again right before sending: a player who came back to the game needs no mail.
    if (is_turn_kind(notice.kind) && watching(notice.room_id, notice.person_id)) return outcome::dropped;
    if (notice.kind == "challenge" && !challenge_still_wanted(notice, error, reach_.stores.friends.get()))
        return error.empty() ? outcome::dropped : outcome::failed;
    switch (channel_of_queue(notice.channel).value_or(notice_channel::email)) {
        case notice_channel::webhook: return deliver_webhook(notice, **account, d);
        case notice_channel::web_push: return deliver_push(notice, **account, d);
        case notice_channel::email: return deliver_mail(notice, **account, d);
        case notice_channel::page: return outcome::dropped;  // never queued
    }
    return outcome::dropped;
}

notice_service::outcome notice_service::deliver_mail(const st::QueuedNotice& notice, const st::AccountRecord& account,
                                                     delivery& d) {
    std::string& error = d.error;
    const st::AccountSettings& settings = account.settings;
    if (!sends_mail() || !settings.email) return outcome::dropped;
    // A mail the person did not ask for goes only within the limits (dropped otherwise).
    const auto over_limits = [&] { return !within_unasked_limits(notice, *settings.email, d); };
    const auto refused = [&] { return error.empty() ? outcome::dropped : outcome::failed; };
    const mail_language language = mail_language_of(settings.language);
    mail m;
    if (is_turn_kind(notice.kind)) {
        if (!wants_turn_mail(settings)) return outcome::dropped;  // unsubscribed meanwhile
        auto turns = coalesced_turn_mail(notice, account, d);
        if (!turns) return error.empty() ? outcome::dropped : outcome::failed;
        m = std::move(*turns);
    } else if (notice.kind == "challenge") {
        if (!wants_turn_mail(settings) || !reach_.stores.games) return outcome::dropped;
        const auto room = challenge_room_of(*reach_.stores.games, notice.room_id);
        if (!room) return outcome::dropped;  // the room is gone (started, closed)
        if (over_limits()) return refused();
        const auto token = issue_token(account, "unsubscribe", unsubscribe_link_ms);
        if (!token) return error = "the link's token was not stored", outcome::failed;
        m = challenge_mail(language, room->from_name, public_link("/#/invite/" + room->invite),
                           public_link("/api/mail/unsubscribe?t=" + *token));
    } else if (notice.kind == "confirm_email") {
        if (settings.email_confirmed) return outcome::dropped;
        if (over_limits()) return refused();
        const auto token = issue_token(account, "confirm_email", confirm_link_ms);
        if (!token) return error = "the link's token was not stored", outcome::failed;
        m = confirm_mail(language, public_link("/api/mail/confirm?t=" + *token));
    } else if (notice.kind == "password_reset") {
        if (!settings.email_confirmed) return outcome::dropped;  // reset links go to a confirmed address only
        if (over_limits()) return refused();
        const auto token = issue_token(account, "password_reset", reset_link_ms);
        if (!token) return error = "the link's token was not stored", outcome::failed;
        m = reset_mail(language, account.name, public_link("/api/password-reset?t=" + *token));
    } else if (notice.kind == "sign_in_link") {
        // Sign-in links go to a confirmed address only, and not once the link would be dead.
        if (!settings.email_confirmed || !reach_.stores.sign_in_links) return outcome::dropped;
        if (unix_ms() - notice.created_at_ms >= sign_in_link_ms) return outcome::dropped;
        const auto browser = st::TokenHash::from_hex(notice.room_id);
        if (!browser) return outcome::dropped;
        if (over_limits()) return refused();
        const std::string token = random_hex(32);
        const st::SignInLink link{.token_hash = st::TokenHash::of_token(token),
                                  .person_id = account.person_id,
                                  .browser_hash = *browser,
                                  .email = *settings.email,
                                  .expires_at_ms = unix_ms() + sign_in_link_ms};
        if (auto stored = reach_.stores.sign_in_links->add_sign_in_link(link, unix_ms()); !stored)
            return error = "the link's token was not stored", outcome::failed;
        m = sign_in_mail(language, account.name, public_link("/api/sign-in-link?t=" + token));
    } else {
        return outcome::dropped;
    }
    m.from = config_.notices.mail_from;
    m.to = *settings.email;
    const std::string text = mail_text(m, unix_ms(), random_hex(12));
    if (auto failed = send_mail(config_.notices.smtp_url, m.from, m.to, text)) {
        error = *failed;
        return outcome::failed;
    }
    return outcome::sent;
}

notice_service::outcome notice_service::deliver_webhook(const st::QueuedNotice& notice,
                                                        const st::AccountRecord& account, delivery& d) {
    if (!wants_webhook(account.settings)) return outcome::dropped;
    std::string url = public_link("/#/room/" + notice.room_id);
    if (notice.kind == "challenge") {
        const auto room = reach_.stores.games ? challenge_room_of(*reach_.stores.games, notice.room_id) : std::nullopt;
        if (!room) return outcome::dropped;
        url = public_link("/#/invite/" + room->invite);
    } else if (!is_turn_kind(notice.kind)) {
        return outcome::dropped;
    }
    const json body = {{"kind", notice.kind}, {"room", notice.room_id}, {"deadline_ms", notice.deadline_ms}, {"url", url}};
    // One transfer at a time per host, and a failing host waits alone (destination_gate).
    const std::string host = destination_of(*account.settings.webhook_url);
    if (const auto later = webhook_hosts_.try_begin(host, unix_ms())) {
        d.postpone_until_ms = *later;
        return outcome::postponed;
    }
    const auto failed =
        post_webhook(*account.settings.webhook_url, body.dump(), config_.accounts.allow_private_webhooks,
                     abandon_transfers_);
    webhook_hosts_.finished(host, !failed, unix_ms());
    if (failed) {
        d.error = *failed;
        return outcome::failed;
    }
    return outcome::sent;
}

notice_service::outcome notice_service::deliver_push(const st::QueuedNotice& notice, const st::AccountRecord& account,
                                                     delivery& d) {
    if (!sends_push() || !wants_push(account.settings)) return outcome::dropped;
    auto found = store_->push_subscription(notice.subscription_id);
    if (!found) {
        d.error = found.message();
        return outcome::failed;
    }
    // Unsubscribed meanwhile, or the browser subscribed for another account since.
    if (!*found || (*found)->person_id != notice.person_id) return outcome::dropped;
    const st::PushSubscription& subscription = **found;
    const mail_language language = mail_language_of(account.settings.language);
    std::string payload;
    if (notice.kind == "challenge") {
        const auto room = reach_.stores.games ? challenge_room_of(*reach_.stores.games, notice.room_id) : std::nullopt;
        if (!room) return outcome::dropped;
        payload = challenge_push(language, notice.room_id, room->from_name, room->invite);
    } else if (is_turn_kind(notice.kind)) {
        payload = turn_push(language, notice.kind, notice.room_id,
                            game_name_of(reach_.stores.games.get(), notice.room_id));
    } else {
        return outcome::dropped;
    }
    const auto public_key = crypto::base64url_decode(subscription.p256dh);
    const auto auth = crypto::base64url_decode(subscription.auth);
    const auto body = public_key && auth ? crypto::encrypt_push_message(payload, {*public_key, *auth}) : std::nullopt;
    const std::int64_t now = unix_ms();
    const std::string audience = origin_of(subscription.endpoint);
    const auto authorization =
        crypto::vapid_authorization(*vapid_, audience, config_.notices.vapid_subject, now / 1000 + vapid_claim_s);
    if (!body || !authorization) {
        spdlog::warn("event=push_not_encrypted person={} subscription={}", notice.person_id, subscription.id);
        return outcome::dropped;
    }
    // One transfer at a time per push service, and a failing one waits alone (destination_gate).
    const std::string host = destination_of(subscription.endpoint);
    if (const auto later = push_hosts_.try_begin(host, now)) {
        d.postpone_until_ms = *later;
        return outcome::postponed;
    }
    const std::vector<std::string> headers = {
        "Authorization: " + *authorization,
        "Content-Encoding: aes128gcm",
        "Content-Type: application/octet-stream",
        "TTL: " + std::to_string(push_ttl_s(notice.kind, notice.deadline_ms, now)),
        std::string("Urgency: ") + (notice.kind == "time_running_out" ? "high" : "normal")};
    const auto answer = post_push(subscription.endpoint, headers, *body, config_.notices.allow_private_push,
                                  abandon_transfers_);
    // The service answered (whatever it said) unless the transfer failed or it asks for patience.
    const bool service_ok = answer.error.empty() && answer.status != 429 && answer.status < 500;
    push_hosts_.finished(host, service_ok, unix_ms());
    if (answer.status >= 200 && answer.status < 300) return outcome::sent;
    if (answer.status == 404 || answer.status == 410) {
        // RFC 8030 section 7.3: the subscription is gone for good.
        if (auto removed = store_->remove_push_subscription(subscription.id, ""); !removed)
            spdlog::error("event=push_subscription_not_removed id={} error=\"{}\"", subscription.id, removed.message());
        spdlog::info("event=push_subscription_gone person={} subscription={} status={}", notice.person_id,
                     subscription.id, answer.status);
        return outcome::dropped;
    }
    if (!service_ok) {
        d.error = answer.error.empty() ? "the push service answered " + std::to_string(answer.status) : answer.error;
        return outcome::failed;
    }
    // Any other refusal (400, 403, 413) would be refused again: logged and dropped.
    spdlog::warn("event=push_refused person={} subscription={} status={}", notice.person_id, subscription.id,
                 answer.status);
    return outcome::dropped;
}

std::optional<mail> notice_service::coalesced_turn_mail(const st::QueuedNotice& notice,
                                                       const st::AccountRecord& account, delivery& d) {
    const std::int64_t now = unix_ms();
    auto others = store_->claim_turn_notices(notice.person_id, queue_name(notice_channel::email),
                                             now + config_.notices.turn_mail_delay.count(), now + claim_ms);
    if (!others) {
        d.error = others.message();
        return std::nullopt;
    }
    d.along = std::move(*others);
    // Each room once, in the order its first notice came; a warning outweighs a turn.
    std::vector<waiting_game> games;
    const auto add = [&](const st::QueuedNotice& n) {
        if (watching(n.room_id, n.person_id)) return;  // back in that game meanwhile
        auto same = std::find_if(games.begin(), games.end(), [&](const waiting_game& g) { return g.room_id == n.room_id; });
        if (same == games.end()) {
            waiting_game g{n.room_id, n.kind, n.deadline_ms, public_link("/#/room/" + n.room_id), "", {}};
            if (reach_.stores.games) name_game(*reach_.stores.games, n.person_id, g);
            games.push_back(std::move(g));
            return;
        }
        if (n.kind == "time_running_out") same->kind = n.kind;
        same->deadline_ms = std::max(same->deadline_ms, n.deadline_ms);
    };
    add(notice);
    for (const auto& n : d.along) add(n);
    if (games.empty()) return std::nullopt;
    const auto token = issue_token(account, "unsubscribe", unsubscribe_link_ms);
    if (!token) {
        d.error = "the link's token was not stored";
        return std::nullopt;
    }
    return turns_mail(mail_language_of(account.settings.language), games,
                      public_link("/api/mail/unsubscribe?t=" + *token));
}

bool notice_service::within_unasked_limits(const st::QueuedNotice& notice, const std::string& address, delivery& d) {
    const auto& config = config_.notices;
    const st::UnaskedMail counted{.address = address,
                                  .person_id = notice.person_id,
                                  .now_ms = unix_ms(),
                                  .window_ms = config.unasked_window.count(),
                                  .per_address = config.unasked_per_address,
                                  .per_account = config.unasked_per_account};
    auto allowed = store_->count_unasked_mail(counted);
    if (!allowed) {
        d.error = allowed.message();
        return false;
    }
    if (*allowed) return true;
    ++over_limit_;
    // Logged without the address: who and what, so an operator sees the abuse.
    spdlog::warn("event=mail_over_limit person={} kind={} per_address={} per_account={}", notice.person_id,
                 notice.kind, config.unasked_per_address, config.unasked_per_account);
    return false;
}

std::optional<std::string> notice_service::issue_token(const st::AccountRecord& account, const std::string& purpose,
                                                       std::int64_t lifetime_ms) {
    std::string token = random_hex(32);
    const std::int64_t now = unix_ms();
    const st::LinkToken row{.hash = st::TokenHash::of_token(token),
                            .person_id = account.person_id,
                            .purpose = purpose,
                            .email = account.settings.email.value_or(""),
                            .expires_at_ms = now + lifetime_ms};
    if (auto added = store_->add_link_token(row, now); !added) {
        spdlog::error("event=link_token_not_stored error=\"{}\"", added.message());
        return std::nullopt;
    }
    return token;
}

}  // namespace carc::server::notices
