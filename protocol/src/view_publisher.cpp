#include "carc/protocol/view_publisher.hpp"

#include "carc/protocol/engine_json.hpp"
#include "patch_ops.hpp"
#include "view_parts.hpp"

namespace carc::protocol {

using nlohmann::json;

namespace {

void push_op(json* ops, const char* op, std::string path, json value) {
    if (ops) ops->push_back(patch_ops::make(op, std::move(path), std::move(value)));
}

void push_remove(json* ops, std::string path) {
    if (ops) ops->push_back(patch_ops::make_remove(std::move(path)));
}

// Stores `now` in `published` and says whether it differed.
template <typename T>
bool changed(T& published, const T& now) {
    if (published == now) return false;
    published = now;
    return true;
}

json you_json(std::size_t key, const json& legal) {
    return {{"seat", key == 0 ? json(nullptr) : json(key - 1)}, {"legal", legal}};
}

}  // namespace

ViewPublisher::ViewPublisher(const RoomInfo& room)
    : room_(room),
      legal_(room.seats.size() + 1, json::array()),
      shared_({{"room", room_to_json(room)}, {"game", nullptr}}) {}

ViewChange ViewPublisher::update(const RoomInfo& room, bool spectators_changed, const State* state,
                                 const GameExtras& extras) {
    ViewChange change;
    update_room(room, spectators_changed, change.shared);
    update_game(state, extras, change.shared);
    if (!change.shared.empty()) {
        patch_ops::apply(shared_, change.shared);
        shared_text_.clear();
    }
    change.you.assign(legal_.size(), json::array());
    for (std::size_t key = 1; key < legal_.size(); ++key) {
        const int seat = static_cast<int>(key - 1);
        const bool deciding = state && !extras.result && !state->is_over() && state->decider() == seat &&
                              !room.seats[key - 1].resigned && state->phase() != Phase::place_tile;
        json legal = json::array();
        if (deciding) {
            std::vector<Action> actions;
            state->legal_actions(actions);
            legal = actions_to_json(actions);
        } else if (legal_[key].empty()) {
            continue;
        }
        if (legal == legal_[key]) continue;
        push_op(&change.you[key], "replace", "/you/legal", legal);
        legal_[key] = std::move(legal);
    }
    return change;
}

json ViewPublisher::view(std::optional<int> seat) const {
    json out = shared_;
    const std::size_t k = key(seat);
    out["you"] = you_json(k, legal_.at(k));
    return out;
}

std::string ViewPublisher::view_text(std::optional<int> seat) const {
    if (shared_text_.empty()) shared_text_ = shared_.dump();
    const std::size_t k = key(seat);
    std::string out = shared_text_;
    out.pop_back();  // the closing brace: `you` goes in as a third member
    out += ",\"you\":";
    out += you_json(k, legal_.at(k)).dump();
    out += '}';
    return out;
}

std::string patch_text(std::string_view room, std::uint64_t version, std::string_view operations,
                       std::string_view you_operations, std::string_view events) {
    std::string out = "{\"type\":\"patch\",\"room\":";
    out += json(room).dump();
    out += ",\"version\":" + std::to_string(version) + ",\"patch\":";
    const bool more = you_operations.size() > 2;  // not "[]"
    if (!more) {
        out += operations;
    } else if (operations.size() <= 2) {
        out += you_operations;
    } else {
        out += operations.substr(0, operations.size() - 1);
        out += ',';
        out += you_operations.substr(1);
    }
    out += ",\"events\":";
    out += events;
    out += '}';
    return out;
}

std::string snapshot_text(std::string_view room, std::uint64_t version, std::string_view view, const json& id,
                          std::string_view extra_members) {
    std::string out = "{\"type\":\"snapshot\",";
    if (!id.is_null()) out += "\"id\":" + id.dump() + ",";
    out += "\"room\":" + json(room).dump() + ",\"version\":" + std::to_string(version) + ",\"view\":";
    out += view;
    if (!extra_members.empty()) {
        out += ',';
        out += extra_members;
    }
    out += '}';
    return out;
}

// ---- the room ------------------------------------------------------------------------------

void ViewPublisher::update_room(const RoomInfo& room, bool spectators_changed, json& ops) {
    // Set when the room is made; should they ever change, the whole room goes out again.
    if (room.id != room_.id || room.invite != room_.invite || room.settings != room_.settings ||
        room.seats.size() != room_.seats.size()) {
        room_ = room;
        push_op(&ops, "replace", "/room", room_to_json(room));
        return;
    }
    if (changed(room_.status, room.status)) push_op(&ops, "replace", "/room/status", to_string(room.status));
    if (changed(room_.host, room.host)) push_op(&ops, "replace", "/room/host", room.host);
    for (std::size_t i = 0; i < room.seats.size(); ++i)
        if (changed(room_.seats[i], room.seats[i]))
            push_op(&ops, "replace", "/room/seats/" + std::to_string(i), parts::seat(static_cast<int>(i), room.seats[i]));
    if (spectators_changed) update_spectators(room.spectators, ops);
}

// Both lists are sorted by person id, so one merge walk finds who came, left or changed;
// published[0..j) equals now[0..j) throughout, so each operation's index is j.
void ViewPublisher::update_spectators(const std::vector<MemberInfo>& now, json& ops) {
    std::vector<MemberInfo>& published = room_.spectators;
    std::size_t j = 0;
    while (j < now.size() || j < published.size()) {
        const std::string path = "/room/spectators/" + std::to_string(j);
        if (j == now.size() || (j < published.size() && published[j].person < now[j].person)) {
            push_remove(&ops, path);
            published.erase(published.begin() + static_cast<std::ptrdiff_t>(j));
        } else if (j == published.size() || now[j].person < published[j].person) {
            push_op(&ops, "add", path, parts::spectator(now[j]));
            published.insert(published.begin() + static_cast<std::ptrdiff_t>(j), now[j]);
            ++j;
        } else {
            if (changed(published[j], now[j])) push_op(&ops, "replace", path, parts::spectator(now[j]));
            ++j;
        }
    }
}

// ---- the game ------------------------------------------------------------------------------

void ViewPublisher::update_game(const State* state, const GameExtras& extras, json& ops) {
    if (!state) {
        if (game_.present) push_op(&ops, "replace", "/game", nullptr);
        game_ = PublishedGame{};
        return;
    }
    json* out = &ops;
    if (!game_.present) {
        // The game starts (or comes back after a restart): the whole of it, then remember it.
        push_op(&ops, "replace", "/game", game_to_json(*state, extras));
        game_.present = true;
        out = nullptr;
    }
    const State& s = *state;
    const Game& game = s.game();
    if (changed(game_.phase, s.phase())) push_op(out, "replace", "/game/phase", to_string(s.phase()));
    if (changed(game_.turn, static_cast<int>(s.turn_number()))) push_op(out, "replace", "/game/turn", game_.turn);
    if (changed(game_.turn_player, static_cast<int>(s.turn_player())))
        push_op(out, "replace", "/game/turn_player", game_.turn_player);
    if (changed(game_.decider, static_cast<int>(s.decider()))) push_op(out, "replace", "/game/decider", game_.decider);
    if (changed(game_.drawn, s.drawn_tile())) push_op(out, "replace", "/game/drawn_tile", parts::drawn_tile(s));
    if (changed(game_.tiles_left, s.tiles_left())) push_op(out, "replace", "/game/tiles_left", game_.tiles_left);

    const std::vector<int> remaining = s.remaining_tiles();
    if (remaining.size() != game_.remaining.size()) {
        game_.remaining = remaining;
        push_op(out, "replace", "/game/remaining", remaining);
    } else {
        for (std::size_t i = 0; i < remaining.size(); ++i)
            if (changed(game_.remaining[i], remaining[i]))
                push_op(out, "replace", "/game/remaining/" + std::to_string(i), remaining[i]);
    }

    // The board only grows; The Tower raises published tiles.
    const auto tiles = s.tiles();
    for (std::size_t i = 0; i < game_.board; ++i)
        if (changed(game_.heights[i], tiles[i].tower_height))
            push_op(out, "replace", "/game/board/" + std::to_string(i) + "/height", tiles[i].tower_height);
    for (; game_.board < tiles.size(); ++game_.board) {
        push_op(out, "add", "/game/board/-", parts::board_entry(game.tiles(), tiles[game_.board]));
        game_.heights.push_back(tiles[game_.board].tower_height);
    }

    // Followers come at the end and leave from anywhere: removals are found by a merge walk,
    // anything else is replaced entry by entry.
    const auto followers = s.followers();
    std::vector<Follower>& published = game_.followers;
    for (std::size_t j = 0; published.size() > followers.size();) {
        while (j < followers.size() && published[j] == followers[j]) ++j;
        push_remove(out, "/game/followers/" + std::to_string(j));
        published.erase(published.begin() + static_cast<std::ptrdiff_t>(j));
    }
    for (std::size_t i = 0; i < published.size(); ++i)
        if (changed(published[i], followers[i]))
            push_op(out, "replace", "/game/followers/" + std::to_string(i), parts::follower(s, followers[i]));
    for (std::size_t i = published.size(); i < followers.size(); ++i) {
        published.push_back(followers[i]);
        push_op(out, "add", "/game/followers/-", parts::follower(s, followers[i]));
    }

    game_.players.resize(static_cast<std::size_t>(game.players()));
    for (int p = 0; p < game.players(); ++p)
        if (changed(game_.players[static_cast<std::size_t>(p)], s.player(p)))
            push_op(out, "replace", "/game/players/" + std::to_string(p), parts::player(s, p));

    if (changed(game_.clock, extras.clock)) push_op(out, "replace", "/game/clock", parts::clock(extras.clock));
    if (changed(game_.seed_commitment, extras.seed_commitment))
        push_op(out, "replace", "/game/seed_commitment", extras.seed_commitment);
    if (changed(game_.seed, extras.seed)) push_op(out, "replace", "/game/seed", parts::optional_string(extras.seed));
    if (changed(game_.seed_nonce, extras.seed_nonce))
        push_op(out, "replace", "/game/seed_nonce", parts::optional_string(extras.seed_nonce));
    if (changed(game_.result, extras.result)) push_op(out, "replace", "/game/result", parts::result(extras.result));

    if (game.config().rules == RuleSystem::castle) {
        const CastleState& c = s.castle();
        if (changed(game_.towers_with_token, static_cast<std::uint32_t>(c.towers_with_token)))
            push_op(out, "replace", "/game/castle/towers_with_token", parts::castle_towers(c));
        game_.castle_players.resize(c.players.size());
        for (std::size_t i = 0; i < c.players.size(); ++i)
            if (changed(game_.castle_players[i], c.players[i]))
                push_op(out, "replace", "/game/castle/players/" + std::to_string(i), parts::castle_player(c.players[i]));
        // Usually empty; compared as JSON since it carries each feature's cells.
        if (json pending = parts::castle_pending(s); pending != game_.castle_pending) {
            push_op(out, "replace", "/game/castle/pending", pending);
            game_.castle_pending = std::move(pending);
        }
        if (changed(game_.extra_turn, c.extra_turn)) push_op(out, "replace", "/game/castle/extra_turn", c.extra_turn);
    }
    const Expansions& e = game.config().expansions;
    if (e.count) {
        if (changed(game_.count_quarter, s.count_quarter()))
            push_op(out, "replace", "/game/count_quarter", to_string(s.count_quarter()));
        json onto = parts::redeploy_onto(s);
        if (onto != game_.redeploy_onto) {
            if (onto.is_null()) push_remove(out, "/game/redeploy_onto");
            else push_op(out, game_.redeploy_onto.is_null() ? "add" : "replace", "/game/redeploy_onto", onto);
            game_.redeploy_onto = std::move(onto);
        }
    }
    if (e.king_robber) {
        if (changed(game_.king, s.king())) push_op(out, "replace", "/game/king", s.king());
        if (changed(game_.robber, s.robber())) push_op(out, "replace", "/game/robber", s.robber());
    }
}

}  // namespace carc::protocol
