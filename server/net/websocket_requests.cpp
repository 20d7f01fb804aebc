// The requests a connection answers itself (hello, tiles, lobby, create_room) and the routing
// of room requests to their room.
#include <algorithm>

#include <spdlog/spdlog.h>

#include "accounts/my_games.hpp"
#include "cluster/cluster_node.hpp"
#include "friends/block_list.hpp"
#include "moderation/sanction_checks.hpp"

#include "carc/protocol/engine_json.hpp"
#include "carc/bots.hpp"
#include "carc/tiles.hpp"
#include "rooms/recovery.hpp"
#include "ratings/game_rating.hpp"
#include "rooms/room.hpp"
#include "people/security.hpp"
#include "app/shared_state.hpp"
#include "net/websocket_session.hpp"
#include "moderation/sanction_checks.hpp"
#include "util/name_rule.hpp"
#include "util/text.hpp"

namespace carc::server {

namespace websocket = boost::beast::websocket;
namespace net = boost::asio;
using nlohmann::json;
using protocol::ErrorCode;

namespace {

constexpr const char* server_name = "carc-server 0.1.0";
// A room's name, in characters (the protocol caps it at 64 bytes before).
constexpr std::size_t max_room_name_length = 64;

// The room a room request names, if it names one by id.
std::optional<std::string> room_id_of(const protocol::ClientMessage& message) {
    return std::visit(
        [](const auto& m) -> std::optional<std::string> {
            if constexpr (requires { m.ref; }) return m.ref.room;
            else if constexpr (requires { m.room; }) return m.room;
            else return std::nullopt;
        },
        message);
}

std::optional<std::string> invite_of(const protocol::ClientMessage& message) {
    return std::visit(
        [](const auto& m) -> std::optional<std::string> {
            if constexpr (requires { m.ref; }) return m.ref.invite;
            else return std::nullopt;
        },
        message);
}

}  // namespace

void websocket_session::send_error(const json& id, ErrorCode code, std::string message, json params) {
    state_.counters.errors_total.fetch_add(1);
    protocol::ErrorMessage error;
    error.code = code;
    error.message = std::move(message);
    error.params = std::move(params);
    spdlog::debug("event=error session={} person={} code={} message=\"{}\"", id_, person_.value_or("-"),
                  protocol::to_string(code), error.message);
    send_text(protocol::encode(error, id));
}

void websocket_session::on_text(std::string_view text) {
    state_.counters.messages_in_total.fetch_add(1);
    if (!rate_.allow(rate_limiter::clock::now())) {
        if (++dropped_in_a_row_ >= state_.config.flood_close_after) {
            close(websocket::close_code::policy_error, "message flood");
            return;
        }
        send_error(nullptr, ErrorCode::rate_limited, "too many messages; this one was dropped");
        return;
    }
    dropped_in_a_row_ = 0;
    protocol::ParsedRequest parsed = protocol::parse_client_message(
        text, {state_.config.max_message, state_.config.max_depth});
    if (parsed.error) {
        if (parsed.error->code != ErrorCode::too_large && parsed.error->code != ErrorCode::too_deep)
            spdlog::debug("event=bad_message session={} code={}", id_, protocol::to_string(parsed.error->code));
        else
            spdlog::warn("event=bad_message session={} code={}", id_, protocol::to_string(parsed.error->code));
        state_.counters.errors_total.fetch_add(1);
        send_text(protocol::encode(*parsed.error, parsed.id));
        return;
    }
    on_request(parsed.id, *parsed.message);
}

void websocket_session::on_request(const json& id, protocol::ClientMessage& message) {
    if (const auto* hello = std::get_if<protocol::Hello>(&message)) {
        on_hello(id, *hello);
        return;
    }
    if (!person_) {
        send_error(id, ErrorCode::hello_required, "say hello first");
        return;
    }
    if (std::holds_alternative<protocol::GetTiles>(message)) {
        protocol::Tiles tiles;
        tiles.tiles = protocol::builtin_catalog_json()["tiles"];
        send_text(protocol::encode(tiles, id));
    } else if (std::holds_alternative<protocol::ListRooms>(message)) {
        send_text(protocol::encode(protocol::Lobby{state_.rooms.public_rooms()}, id));
    } else if (std::holds_alternative<protocol::LobbySubscribe>(message)) {
        state_.rooms.subscribe(shared_from_this(), id);
    } else if (std::holds_alternative<protocol::LobbyUnsubscribe>(message)) {
        state_.rooms.unsubscribe(id_);
        send_text(protocol::encode(protocol::Ack{}, id));
    } else if (const auto* watch = std::get_if<protocol::Watch>(&message)) {
        state_.persons.watch(*person_, id_, watch->room);  // who watches a game: notices
        send_text(protocol::encode(protocol::Ack{}, id));
    } else if (const auto* visibility = std::get_if<protocol::Visibility>(&message)) {
        state_.persons.set_visible(*person_, id_, visibility->visible);  // a hidden page watches nothing
        send_text(protocol::encode(protocol::Ack{}, id));
    } else if (std::holds_alternative<protocol::MyGamesRequest>(message)) {
        on_my_games(id);
    } else if (const auto* create = std::get_if<protocol::CreateRoom>(&message)) {
        on_create_room(id, *create);
    } else if (const auto* challenge = std::get_if<protocol::Challenge>(&message)) {
        on_challenge(id, *challenge);
    } else if (const auto* decline = std::get_if<protocol::DeclineChallenge>(&message)) {
        on_decline_challenge(id, *decline);
    } else {
        on_room_request(id, message);
    }
}

void websocket_session::send_redirect(const json& id, const std::string& url, const std::optional<std::string>& room) {
    // docs/protocol.md "Several nodes": reconnect to `ws` and say hello again with the same token.
    send_text(protocol::encode(protocol::Redirect::to(url, room), id));
    spdlog::info("event=redirect session={} to={} room={}", id_, url, room.value_or(""));
}

void websocket_session::on_hello(const json& id, const protocol::Hello& hello) {
    if (person_) {
        send_error(id, ErrorCode::already_hello, "this connection already said hello");
        return;
    }
    if (hello.protocol != protocol::protocol_version) {
        send_error(id, ErrorCode::protocol_version,
                   "this server speaks protocol " + std::to_string(protocol::protocol_version),
                   {{"version", protocol::protocol_version}});
        close(websocket::close_code::policy_error, "unsupported protocol version");
        return;
    }
    const checked_name checked = check_name(hello.name, protocol::max_name_length);
    if (!checked.ok()) {
        send_error(id, ErrorCode::bad_field, "field 'name': " + checked.problem,
                   {{"field", "name"}, {"min", 1}, {"max", protocol::max_name_length}});
        return;
    }
    const std::optional<std::string> secret = hello.session ? hello.session : cookie_secret_;
    if (secret && state_.accounts) {
        hello_with_session(id, hello, *secret);
        return;
    }
    if (hello.session) {
        send_error(id, ErrorCode::unknown_session, "unknown session; sign in again");
        return;
    }
    hello_as_guest(id, hello, checked.name);
}

void websocket_session::hello_with_session(const json& id, const protocol::Hello& hello, std::string secret) {
    off_thread([self = shared_from_this(), id, hello, secret = std::move(secret)]() -> std::function<void()> {
        auto me = self->state_.accounts->resolve(secret);
        if (me) friends::load_blocks(self->state_.blocks, self->state_.stores.friends.get(), me->account.person_id);  // chat honours them (docs/friends.md)
        return [self, id, hello, me = std::move(me)] {
            if (self->closing_ || self->disconnected_) return;
            if (me) {
                const person_identity identity = self->state_.persons.adopt(
                    me->account.person_id, me->account.name, me->account.person_token_hash.hex());
                self->session_hash_ = me->session.secret_hash;
                self->person_token_hash_ = me->account.person_token_hash;
                self->state_.accounts->track(me->session.secret_hash, self->shared_from_this());
                self->welcome(id, identity, true, me->account.name);
            } else if (hello.session) {
                self->send_error(id, ErrorCode::unknown_session, "unknown session; sign in again");
            } else {
                // A stale cookie (signed out elsewhere, expired): the browser plays on as a guest.
                self->hello_as_guest(id, hello, check_name(hello.name, protocol::max_name_length).name);
            }
        };
    });
}

void websocket_session::hello_as_guest(const json& id, const protocol::Hello& hello, const std::string& name) {
    // The token's games may live on another node (go there), or on none (taken over here), and
    // a new person is stored: questions for the store, asked off the I/O threads.
    off_thread([self = shared_from_this(), id, token = hello.token, name]() -> std::function<void()> {
        shared_state& state = self->state_;
        if (state.stores.moderation)
            if (auto banned = moderation::address_ban_of(*state.stores.moderation, self->address_))
                return [self, message = std::move(banned->message)] {
                    self->close(boost::beast::websocket::close_code::policy_error, message);
                };
        if (token && state.cluster) {
            if (auto owner = state.cluster->route_token(*token))
                return [self, id, owner = std::move(*owner)] { self->send_redirect(id, owner, std::nullopt); };
        }
        std::optional<person_identity> identity = token ? state.persons.resume(*token, name) : state.persons.create(name);
        // A banned account's person token does not take its seats back as a guest.
        if (identity && token && state.stores.moderation)
            if (auto banned = moderation::ban_of(*state.stores.moderation, identity->id))
                return [self, id, message = std::move(banned->message)] {
                    self->send_error(id, ErrorCode::unknown_token, message);
                };
        if (!token && state.cluster) state.cluster->remember(*identity);
        return [self, id, identity = std::move(identity), resumed = token.has_value()] {
            if (!identity) {
                self->send_error(id, ErrorCode::unknown_token, "unknown or expired token; say hello without one");
                return;
            }
            self->welcome(id, *identity, resumed, std::nullopt);
        };
    });
}

void websocket_session::welcome(const json& id, const person_identity& identity, bool resumed,
                                std::optional<std::string> account) {
    hello_timer_.cancel();
    person_ = identity.id;
    name_ = identity.name;
    // Several tabs and devices of one person all stay connected (person_links).
    member_link_ = state_.persons.attach(*person_, shared_from_this());

    protocol::Welcome reply;
    reply.server = server_name;
    reply.person = identity.id;
    reply.name = identity.name;
    reply.token = identity.token;
    reply.resumed = resumed;
    reply.rooms = state_.persons.rooms_of(*person_);
    reply.account = std::move(account);
    reply.max_message = static_cast<std::int64_t>(state_.config.max_message);
    reply.max_depth = state_.config.max_depth;
    reply.rate_per_second = state_.config.rate_per_second;
    reply.burst = state_.config.burst;
    send_text(protocol::encode(reply, id));
    spdlog::info("event=hello session={} person={} resumed={} account={} rooms={}", id_, *person_,
                 reply.resumed, reply.account.has_value(), reply.rooms.size());
    if (reply.rooms.empty()) return;
    // An adjourned game comes back from its journal when one of its players returns.
    off_thread([self = shared_from_this(), rooms = reply.rooms, person = *person_, name = name_,
                link = member_link_] {
        for (const auto& room_id : rooms) {
            const auto r = self->state_.rooms.find_or_resume(room_id, [&] { return resume_adjourned(self->state_.room_needs, room_id); });
            if (r) r->attach(person, name, link);
        }
        return std::function<void()>();
    });
}

void websocket_session::on_my_games(const json& id) {
    if (!state_.accounts) {
        send_error(id, ErrorCode::internal, "this server keeps no games");
        return;
    }
    auto token_hash = person_token_hash_ ? person_token_hash_
                                         : storage::TokenHash::from_hex(state_.persons.token_sha256(*person_));
    if (!token_hash) {
        send_text(protocol::encode(protocol::MyGames{}, id));
        return;
    }
    state_.accounts->post([self = shared_from_this(), id, hash = *token_hash] {
        auto games = accounts::my_games(self->state_.rooms, self->state_.accounts->store(), hash);
        if (!games) {
            self->send_error(id, ErrorCode::internal, "the store is not available; try again");
            return;
        }
        self->send_text(protocol::encode(*games, id));
    });
}

void websocket_session::on_create_room(const json& id, const protocol::CreateRoom& create, room_opened opened) {
    protocol::RoomSettings settings = create.settings;
    if (trim(settings.name).empty()) {
        settings.name = name_ + "'s room";
    } else if (const checked_name checked = check_name(settings.name, max_room_name_length); checked.ok()) {
        settings.name = checked.name;
    } else {
        send_error(id, ErrorCode::bad_field, "field 'name': " + checked.problem,
                   {{"field", "name"}, {"min", 1}, {"max", max_room_name_length}});
        return;
    }
    std::string error;
    if (!Game::create(settings.config, &error)) {
        send_error(id, ErrorCode::bad_settings, error, {{"detail", error}});
        return;
    }
    if (settings.rated && !person_token_hash_) {
        send_error(id, ErrorCode::bad_settings, "a rated game is for accounts: sign in first",
                   {{"reason", "rated_needs_account"}});
        return;
    }
    if (const auto refusal = ratings::rated_settings_refusal(settings)) {
        send_error(id, ErrorCode::bad_settings, refusal->message, {{"reason", refusal->reason}});
        return;
    }
    if (settings.move_time_s) {
        if (!protocol::move_time_allowed(*settings.move_time_s, state_.config.turn_based.short_move_times)) {
            send_error(id, ErrorCode::bad_field,
                       "move_time_s must be 4 or 12 hours or 1, 2, 3, 5, 7 or 14 days, in seconds",
                       {{"field", "move_time_s"}});
            return;
        }
        if (!person_token_hash_) {
            send_error(id, ErrorCode::wrong_status, "only accounts sit in turn-based games: sign up or sign in first",
                       {{"reason", "account_required"}});
            return;
        }
        within_turn_based_limit(id, [self = shared_from_this(), id, settings = std::move(settings),
                                     opened = std::move(opened)]() mutable {
            self->create_counted_room(id, std::move(settings), std::move(opened));
        });
        return;
    }
    create_counted_room(id, std::move(settings), std::move(opened));
}

void websocket_session::within_turn_based_limit(const json& id, std::function<void()> then) {
    auto* store = state_.stores.turns.get();
    if (!store || !person_token_hash_) {
        then();
        return;
    }
    // Counted in the store (games on every node), off the I/O thread.
    off_thread([self = shared_from_this(), store, id, hash = *person_token_hash_,
                then = std::move(then)]() mutable -> std::function<void()> {
        const auto running = store->running_turn_based_games(hash);
        const int limit = self->state_.config.turn_based.max_games_per_person;
        if (!running)
            return [self, id] { self->send_error(id, ErrorCode::journal_failed, "the store failed; try again"); };
        if (*running >= limit)
            return [self, id, limit] {
                self->send_error(id, ErrorCode::too_many_rooms,
                                 "you play " + std::to_string(limit) +
                                     " running turn-based games, the most one may; finish one first",
                                 {{"reason", "turn_based_games"}, {"limit", limit}});
            };
        return std::move(then);
    });
}

void websocket_session::create_counted_room(const json& id, protocol::RoomSettings settings, room_opened opened) {
    // Caps per person and address (usage_caps.hpp), checked before an id is taken.
    const auto search_bots = static_cast<int>(std::ranges::count_if(
        settings.bots, [](const protocol::BotSeat& b) { return is_search_bot(b.kind); }));
    auto charged = state_.caps.open_room(*person_, address_, search_bots);
    if (const auto* refused = std::get_if<protocol::ErrorMessage>(&charged)) {
        send_error(id, refused->code, refused->message, refused->params);
        return;
    }
    auto charge = std::get<std::shared_ptr<usage_caps::charge>>(std::move(charged));
    if (!state_.cluster && !state_.rooms.ids_from_store()) {
        open_room(id, state_.rooms.next_room_id(), std::move(settings), std::move(charge), std::move(opened));
        return;
    }
    // The new id is taken from the store's counter (and leased, with several nodes) first: off
    // the I/O threads.
    off_thread([self = shared_from_this(), id, settings = std::move(settings), charge = std::move(charge),
                opened = std::move(opened), person = *person_, address = address_,
                search_bots]() mutable -> std::function<void()> {
        try {
            auto& state = self->state_;
            std::string room_id = state.cluster ? state.cluster->claim_room_id() : state.rooms.next_room_id();
            if (const auto& cluster = state.cluster) {
                // The caps once more over every node (docs/scaling.md, "Caps").
                if (auto refused = cluster->charge_new_room(room_id, person, address, search_bots)) {
                    cluster->release_new(room_id);
                    return [self, id, refused = std::move(*refused)] {
                        self->send_error(id, refused.code, refused.message, refused.params);
                    };
                }
                charge->when_released([weak = std::weak_ptr<cluster_node>(cluster), room_id] {
                    if (auto node = weak.lock()) node->uncharge_later(room_id);
                });
            }
            return [self, id, room_id = std::move(room_id), settings = std::move(settings),
                    charge = std::move(charge), opened = std::move(opened)]() mutable {
                self->open_room(id, room_id, std::move(settings), std::move(charge), std::move(opened));
            };
        } catch (const std::exception& e) {
            return [self, id, why = std::string(e.what())] { self->send_error(id, ErrorCode::journal_failed, why); };
        }
    });
}

void websocket_session::open_room(const json& id, const std::string& room_id, protocol::RoomSettings settings,
                                  std::shared_ptr<usage_caps::charge> charge, room_opened opened) {
    const std::string invite = random_invite_code();
    auto r = std::make_shared<room>(state_.room_needs, room_id, invite, std::move(settings));
    r->charge_to(std::move(charge));
    state_.rooms.add(r, room_id, invite);
    r->open(as_requester(id));
    if (opened) opened(room_id, invite);
}

void websocket_session::on_room_request(const json& id, protocol::ClientMessage& message) {
    std::shared_ptr<room> target;
    bool by_invite = false;
    if (const auto invite = invite_of(message)) {
        target = state_.rooms.find_by_invite(*invite);
        by_invite = target != nullptr;
    }
    if (!target) {
        if (const auto room_id = room_id_of(message)) target = state_.rooms.find(*room_id);
    }
    if (target || !state_.cluster || (!room_id_of(message) && !invite_of(message))) {
        deliver(id, std::move(target), std::move(message), by_invite);
        return;
    }
    // Several nodes: another node may own the room, named by its id or its invite code, or
    // nobody (then it is taken over here).
    off_thread([self = shared_from_this(), id, message = std::move(message)]() mutable -> std::function<void()> {
        const auto invite = invite_of(message);
        const auto room_id = room_id_of(message);
        std::optional<std::string> owner;
        if (invite) owner = self->state_.cluster->invite_owner_elsewhere(*invite);
        if (!owner && room_id) owner = self->state_.cluster->owner_elsewhere(*room_id);
        // A private room's id is not told to someone who only has its code.
        if (owner) return [self, id, url = std::move(*owner), named = invite ? std::nullopt : room_id] {
            self->send_redirect(id, url, named);
        };
        return [self, id, message = std::move(message), invite, room_id]() mutable {
            // Taken over just now, or nowhere.
            std::shared_ptr<room> found = invite ? self->state_.rooms.find_by_invite(*invite) : nullptr;
            const bool found_by_invite = found != nullptr;
            if (!found && room_id) found = self->state_.rooms.find(*room_id);
            self->deliver(id, std::move(found), std::move(message), found_by_invite);
        };
    });
}

void websocket_session::deliver(const json& id, std::shared_ptr<room> target, protocol::ClientMessage message,
                                bool by_invite) {
    if (!target) {
        const auto room_id = room_id_of(message);
        if (room_id && state_.rooms.is_adjourned_in_public(*room_id)) {
            send_error(id, ErrorCode::wrong_status, "the game is adjourned until one of its players comes back");
            return;
        }
        send_error(id, ErrorCode::no_such_room, no_such_room_message);
        return;
    }
    if (std::holds_alternative<protocol::Join>(message) && target->turn_based()) {
        within_turn_based_limit(id, [self = shared_from_this(), id, target, message = std::move(message),
                                     by_invite]() mutable {
            target->handle(self->as_requester(id), std::move(message), by_invite);
        });
        return;
    }
    if (std::holds_alternative<protocol::ChatRequest>(message) && person_token_hash_ && state_.stores.moderation) {
        // An account's line: a mute made by the operator's tool counts from its answer on, at
        // every node (docs/moderation.md). Several nodes: who blocks the sender is read from the
        // store too, so a block made at any node counts from its answer on (docs/friends.md).
        off_thread([self = shared_from_this(), id, target, message = std::move(message),
                    by_invite]() mutable -> std::function<void()> {
            auto mute = moderation::mute_of(*self->state_.stores.moderation, *self->person_);
            if (self->state_.cluster)
                friends::load_blockers(self->state_.blocks, self->state_.stores.friends.get(), *self->person_);
            return [self, id, target, message = std::move(message), by_invite, mute = std::move(mute)]() mutable {
                if (mute) {
                    self->send_error(id, ErrorCode::muted, mute->message, mute->params);
                    return;
                }
                target->handle(self->as_requester(id), std::move(message), by_invite);
            };
        });
        return;
    }
    if (std::holds_alternative<protocol::ChatRequest>(message) && state_.cluster && person_token_hash_) {
        off_thread([self = shared_from_this(), id, target, message = std::move(message),
                    by_invite]() mutable -> std::function<void()> {
            friends::load_blockers(self->state_.blocks, self->state_.stores.friends.get(), *self->person_);
            return [self, id, target, message = std::move(message), by_invite]() mutable {
                target->handle(self->as_requester(id), std::move(message), by_invite);
            };
        });
        return;
    }
    target->handle(as_requester(id), std::move(message), by_invite);
}

requester websocket_session::as_requester(const json& id) {
    return requester{*person_, name_, shared_from_this(), id, member_link_, person_token_hash_.has_value()};
}

}  // namespace carc::server
