// A connection's challenges (docs/friends.md): `challenge` checks in the store that the named
// account is a friend and neither blocks the other, then opens a private room with the given
// settings (create_room's checks and caps, the challenger seated), stores the challenge and
// invites the friend through the notices; `decline_challenge`, at any node, takes the stored
// challenge and tells the challenger wherever they are connected, unless they block the friend.
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "accounts/account_rules.hpp"
#include "accounts/name_skeleton.hpp"
#include "app/shared_state.hpp"
#include "carc/storage/friend_store.hpp"
#include "friends/people_news.hpp"
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
    auto* friend_store = state_.stores.friends.get();
    if (!person_token_hash_ || !state_.accounts || !friend_store) {
        send_error(id, ErrorCode::challenge_refused, "challenges are for accounts: sign up or sign in first",
                   {{"reason", "account_required"}});
        return;
    }
    off_thread([self = shared_from_this(), friend_store, id, challenge]() -> std::function<void()> {
        const auto refuse = [self, id](std::string reason, std::string message) -> std::function<void()> {
            return [self, id, reason = std::move(reason), message = std::move(message)] {
                self->send_error(id, ErrorCode::challenge_refused, message, {{"reason", reason}});
            };
        };
        auto target = accounts::account_named(self->state_.accounts->store(), challenge.name);
        if (!target) return refuse("store_failed", "the store is not available; try again");
        if (!*target) return refuse("no_such_player", "there is no account of that name");
        const std::string them = (*target)->person_id;
        if (them == *self->person_) return refuse("self", "you cannot challenge yourself");
        auto relation = friend_store->relation(*self->person_, them);
        if (!relation) return refuse("store_failed", "the store is not available; try again");
        if (auto refused = check_friend(*relation)) return refuse(refused->reason, refused->message);
        return [self, friend_store, id, challenge, them, their_name = (*target)->name] {
            protocol::CreateRoom create{challenge.settings};
            create.settings.is_private = true;  // the friend comes in by the invite the notice carries
            self->on_create_room(id, create, [self, friend_store, them, their_name, settings = create.settings](
                                                 const std::string& room_id, const std::string& invite) {
                // Stored before the friend hears of it, so their decline finds it at any node.
                const storage::StoredChallenge made{room_id, *self->person_, self->name_, them, their_name, unix_ms()};
                self->state_.blocking.post([self, friend_store, made, invite, settings] {
                    if (auto stored = friend_store->add_challenge(made); !stored)
                        spdlog::error("event=challenge_not_stored room={} error=\"{}\"", made.room_id, stored.message());
                    const std::int64_t move_time_s = settings.move_time_s.value_or(0);
                    friends::page(self->state_.reach, made.to_person, made.from_person,
                                  protocol::Notice::challenge(made.room_id, invite, made.from_name, move_time_s));
                    if (auto* sender = self->state_.notice_sender.get()) sender->challenged(made.room_id, made.to_person);
                    spdlog::info("event=challenge room={} from={} to={}", made.room_id, made.from_person, made.to_person);
                });
            });
        };
    });
}

void websocket_session::on_decline_challenge(const json& id, const protocol::DeclineChallenge& decline) {
    auto* friend_store = state_.stores.friends.get();
    if (!person_token_hash_ || !friend_store) {
        send_error(id, ErrorCode::challenge_refused, "no challenge of that room is waiting for you",
                   {{"reason", "no_such_challenge"}});
        return;
    }
    off_thread([self = shared_from_this(), friend_store, id, room = decline.room]() -> std::function<void()> {
        auto found = friend_store->take_challenge(room, *self->person_);
        if (!found || !*found) {
            const bool failed = !found;
            return [self, id, failed] {
                if (failed)
                    self->send_error(id, ErrorCode::challenge_refused, "the store is not available; try again",
                                     {{"reason", "store_failed"}});
                else
                    self->send_error(id, ErrorCode::challenge_refused, "no challenge of that room is waiting for you",
                                     {{"reason", "no_such_challenge"}});
            };
        }
        const storage::StoredChallenge& c = **found;
        // A challenger who blocks the friend meanwhile hears nothing from them.
        auto relation = friend_store->relation(c.from_person, c.to_person);
        if (relation && !relation->blocks)
            friends::page(self->state_.reach, c.from_person, c.to_person,
                          protocol::Notice::challenge_declined(c.room_id, c.to_name));
        spdlog::info("event=challenge_declined room={} by={}", c.room_id, c.to_person);
        return [self, id] { self->send_text(protocol::encode(protocol::Ack{}, id)); };
    });
}

}  // namespace carc::server
