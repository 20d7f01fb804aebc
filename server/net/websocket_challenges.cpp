// A connection's challenges (docs/friends.md): `challenge` checks in the store that the named
// account is a friend and neither blocks the other, then opens a private room with the given
// settings (create_room's checks and caps, the challenger seated) and invites the friend through
// the notices; `decline_challenge` tells the challenger.
#include <spdlog/spdlog.h>

#include "accounts/account_rules.hpp"
#include "app/shared_state.hpp"
#include "carc/storage/friend_store.hpp"
#include "net/websocket_session.hpp"
#include "notices/notice_service.hpp"
#include "util/wall_clock.hpp"

namespace carc::server {

using nlohmann::json;
using protocol::ErrorCode;

namespace {

// Why a challenge is refused, for the client to word (error `challenge_refused`).
struct refusal {
    std::string reason;
    std::string message;
};

std::optional<refusal> check_friend(const storage::Relation& r) {
    if (r.blocks) return refusal{"blocked", "you block this player: unblock them first"};
    if (r.blocked_by) return refusal{"blocked", "this player does not take your challenges"};
    if (!r.friends()) return refusal{"not_friends", "you can challenge friends only: you must follow each other"};
    return std::nullopt;
}

}  // namespace

void websocket_session::on_challenge(const json& id, const protocol::Challenge& challenge) {
    auto* friends = dynamic_cast<storage::FriendStore*>(state_.store.get());
    if (!person_token_hash_ || !state_.accounts || !friends) {
        send_error(id, ErrorCode::challenge_refused, "challenges are for accounts: sign up or sign in first",
                   {{"reason", "account_required"}});
        return;
    }
    off_thread([self = shared_from_this(), friends, id, challenge]() -> std::function<void()> {
        const auto refuse = [self, id](std::string reason, std::string message) -> std::function<void()> {
            return [self, id, reason = std::move(reason), message = std::move(message)] {
                self->send_error(id, ErrorCode::challenge_refused, message, {{"reason", reason}});
            };
        };
        auto target = self->state_.accounts->store().account_by_name(accounts::name_key(challenge.name));
        if (!target) return refuse("store_failed", "the store is not available; try again");
        if (!*target) return refuse("no_such_player", "there is no account of that name");
        const std::string them = (*target)->person_id;
        if (them == *self->person_) return refuse("self", "you cannot challenge yourself");
        auto relation = friends->relation(*self->person_, them);
        if (!relation) return refuse("store_failed", "the store is not available; try again");
        if (auto refused = check_friend(*relation)) return refuse(refused->reason, refused->message);
        return [self, id, challenge, them, their_name = (*target)->name] {
            protocol::CreateRoom create{challenge.settings};
            create.settings.is_private = true;  // the friend comes in by the invite the notice carries
            self->on_create_room(id, create, [self, them, their_name, settings = create.settings](
                                                 const std::string& room_id, const std::string& invite) {
                self->state_.challenges.add({room_id, *self->person_, self->name_, them, their_name, unix_ms()});
                if (auto* sender = notices::sender_of(self->state_))
                    sender->challenged(room_id, them, self->name_, invite, settings.move_time_s.value_or(0));
                spdlog::info("event=challenge room={} from={} to={}", room_id, *self->person_, them);
            });
        };
    });
}

void websocket_session::on_decline_challenge(const json& id, const protocol::DeclineChallenge& decline) {
    const auto found = state_.challenges.take(decline.room, *person_);
    if (!found) {
        send_error(id, ErrorCode::challenge_refused, "no challenge of that room is waiting for you",
                   {{"reason", "no_such_challenge"}});
        return;
    }
    if (auto links = state_.persons.online_links(found->from_person))
        links->send(shared_text(
            json{{"type", "notice"}, {"kind", "challenge_declined"}, {"room", found->room}, {"from", found->to_name}}
                .dump()));
    spdlog::info("event=challenge_declined room={} by={}", found->room, *person_);
    send_text(protocol::encode(protocol::Ack{}, id));
}

}  // namespace carc::server
