#include "client_model.hpp"

#include <algorithm>

#include "error_text.hpp"
#include "event_text.hpp"
#include "i18n.hpp"
#include "turn_clock.hpp"

namespace carc::term {

namespace {
constexpr std::size_t max_lines = 300;
const json null_json;

// The lobby list with room `id` replaced by `entry` (appended when new), or dropped (null).
void replace_lobby_room(json& rooms, const std::string& id, const json* entry) {
    if (id.empty()) return;
    json out = json::array();
    bool replaced = false;
    for (const auto& r : rooms) {
        if (r.value("id", std::string()) != id) {
            out.push_back(r);
        } else if (entry && !replaced) {
            out.push_back(*entry);
            replaced = true;
        }
    }
    if (entry && !replaced) out.push_back(*entry);
    rooms = std::move(out);
}
}  // namespace

void ClientModel::connected() {
    json hello = {{"type", "hello"}, {"protocol", 1}, {"name", name_}};
    if (!token_.empty()) hello["token"] = token_;
    if (!session_.empty()) hello["session"] = session_;
    request(std::move(hello));
    status_ = tr("status.connected");
}

void ClientModel::disconnected() {
    online_ = false;
    unanswered_.clear();  // lost with the connection (a redirected one is in replay_)
    // Each failed attempt to reconnect comes here: a room still waiting to be created stays said.
    const bool room_waits = std::any_of(replay_.begin(), replay_.end(), [](const json& m) {
        return m.value("type", std::string()) == "create_room";
    });
    status_ = tr(room_waits ? "status.create_when_online" : "status.reconnecting");
}

void ClientModel::request(json message) {
    message["id"] = next_id_++;
    unanswered_[message["id"].get<int>()] = message;
    if (unanswered_.size() > 64) unanswered_.erase(unanswered_.begin());
    outbox_.push_back(std::move(message));
}

void ClientModel::user_request(json message) {
    // Offline, a new room waits for the connection (the welcome sends it): the link would drop
    // it. Other requests would be stale by then.
    if (!online_ && message.value("type", std::string()) == "create_room") {
        replay_.push_back(std::move(message));
        status_ = tr("status.create_when_online");
        return;
    }
    if (online_) status_.clear();
    request(std::move(message));
}

std::string normalise_invite(std::string_view code) {
    std::string out;
    for (const char c : code) {
        if (c == ' ' || c == '\t' || c == '-') continue;
        out += (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
    }
    if (out.size() == 8) out.insert(4, "-");  // the server's form: XXXX-XXXX
    return out;
}

void ClientModel::open_invite(std::string_view code) {
    pending_invite_ = normalise_invite(code);
    if (pending_invite_.empty()) return;
    user_request({{"type", "room_info"}, {"invite", pending_invite_}});
}

// The answer to open_invite: a free seat in a waiting room is taken, anything else is watched
// (the server says whether watching is allowed); a member already there just gets the view.
void ClientModel::room_info(const json& m) {
    const std::string invite = m.value("invite", std::string());
    if (pending_invite_.empty() || invite != pending_invite_) return;
    pending_invite_.clear();
    const json summary = m.value("room", json::object());
    if (!summary.is_object()) return;
    const std::string id = summary.value("id", std::string());
    if (m.value("member", false)) {
        request({{"type", "snapshot"}, {"room", id}});
    } else if (summary.value("status", std::string()) == "waiting" && summary.value("taken", 0) < summary.value("seats", 0)) {
        request({{"type", "join"}, {"invite", invite}});
    } else {
        request({{"type", "spectate"}, {"invite", invite}});
    }
}

std::optional<std::string> ClientModel::take_redirect() {
    std::optional<std::string> out;
    out.swap(redirect_to_);
    return out;
}

// Sent to the node that owns our game or the room asked for: go there with the same token (the
// hello there carries it) and ask again; a redirected hello needs nothing more.
void ClientModel::redirect(const json& m) {
    const auto it = m.contains("id") && m["id"].is_number_integer() ? unanswered_.find(m["id"].get<int>())
                                                                      : unanswered_.end();
    if (it != unanswered_.end() && it->second.value("type", std::string()) != "hello") {
        json again = it->second;
        again.erase("id");
        replay_.push_back(std::move(again));
    }
    redirect_to_ = m.value("ws", std::string());
    status_ = tr("status.reconnecting");
}

std::vector<json> ClientModel::take_outbox() {
    std::vector<json> out;
    out.swap(outbox_);
    return out;
}

void ClientModel::handle(const json& m) {
    if (!m.is_object()) return;
    const std::string type = m.value("type", std::string());
    if (type == "redirect") {
        redirect(m);
        return;
    }
    if (m.contains("id") && m["id"].is_number_integer()) unanswered_.erase(m["id"].get<int>());
    if (type == "welcome") {
        welcome(m);
    } else if (type == "tiles") {
        tiles_ = TileBook(m.value("tiles", json::array()));
    } else if (type == "lobby") {
        rooms_ = m.value("rooms", json::array());
    } else if (type == "lobby_room" || type == "lobby_room_removed") {
        // One room of the lobby changed, appeared or left (after the first full `lobby`).
        const json& entry = m.value("room", json());
        const std::string id = entry.is_object() ? entry.value("id", std::string()) : entry.is_string() ? entry.get<std::string>() : "";
        replace_lobby_room(rooms_, id, type == "lobby_room" ? &entry : nullptr);
    } else if (type == "lobby_changes") {
        // Several rooms at once (one batch of the server's lobby interval).
        for (const auto& entry : m.value("rooms", json::array()))
            if (entry.is_object()) replace_lobby_room(rooms_, entry.value("id", std::string()), &entry);
        for (const auto& id : m.value("removed", json::array()))
            if (id.is_string()) replace_lobby_room(rooms_, id.get<std::string>(), nullptr);
    } else if (type == "snapshot") {
        snapshot(m);
    } else if (type == "patch") {
        patch(m);
    } else if (type == "history") {
        if (m.value("room", std::string()) == room_id_) fill_history(m);
    } else if (type == "chat") {
        if (m.value("room", std::string()) == room_id_) add_chat(m);
    } else if (type == "chat_removed") {
        if (m.value("room", std::string()) == room_id_) remove_chat(m);
    } else if (type == "room_info") {
        room_info(m);
    } else if (type == "my_games") {
        my_games_ = m.value("games", json::array());
        my_games_answered_ = true;
    } else if (type == "room_created") {
        status_ = tr("status.room_created", {{"room", m.value("room", std::string())}, {"invite", m.value("invite", std::string())}});
    } else if (type == "joined") {
        rejoining_ = false;
    } else if (type == "left" || type == "kicked") {
        if (m.value("room", std::string()) == room_id_) leave_room();
        status_ = tr(type == "kicked" ? "status.kicked" : "status.left");
    } else if (type == "error") {
        error(m);
    }
}

void ClientModel::welcome(const json& m) {
    online_ = true;
    person_ = m.value("person", std::string());
    token_ = m.value("token", std::string());
    name_ = m.value("name", name_);
    // The server resumes a saved token too: only a link this run had before was lost and is back.
    const bool resumed = m.value("resumed", false);
    status_ = resumed && welcomed_ ? tr("status.reconnected")
              : resumed            ? tr("status.welcome_back", {{"name", name_}})
                                   : tr("status.welcome", {{"name", name_}});
    welcomed_ = true;
    if (tiles_.empty()) request({{"type", "get_tiles"}});
    request({{"type", "lobby_subscribe"}});
    for (json& again : replay_) request(std::move(again));
    replay_.clear();
    if (!wanted_room_.empty() && room_id_.empty()) request({{"type", "snapshot"}, {"room", wanted_room_}});
    announce_watch(true);
    // The server no longer counts us in the room we show (it restarted and forgot a spectator,
    // or our token expired): watch it again, or give it up if it is gone.
    if (!room_id_.empty()) {
        bool member = false;
        for (const auto& r : m.value("rooms", json::array()))
            if (r.is_string() && r.get<std::string>() == room_id_) member = true;
        if (!member) {
            rejoining_ = true;
            request({{"type", "spectate"}, {"room", room_id_}});
        }
    }
    // A terminal is on screen while the client runs: its player watches what it shows.
    request({{"type", "visibility"}, {"visible", true}});
}

void ClientModel::error(const json& m) {
    const std::string code = m.value("code", std::string());
    if (code == "unknown_session") {  // the account's session ended: play on as a guest
        session_.clear();
        connected();
        return;
    }
    if (code == "unknown_token") {  // expired, or the server restarted: start again as a new person
        token_.clear();
        connected();
        return;
    }
    status_ = error_text(m);
    if (code == "stale_version" && !room_id_.empty()) request({{"type", "snapshot"}, {"room", room_id_}});
    if (!room_id_.empty() && (code == "no_such_room" || code == "spectators_not_allowed") && rejoining_) {
        rejoining_ = false;
        leave_room();
        status_ = tr("status.room_gone");
    }
    // We show a room the server says we are not in: watch it again (once).
    if (code == "not_in_room" && !room_id_.empty() && !rejoining_) {
        rejoining_ = true;
        request({{"type", "spectate"}, {"room", room_id_}});
    }
}

void ClientModel::snapshot(const json& m) {
    const std::string room = m.value("room", std::string());
    if (!room_id_.empty() && room != room_id_) return;  // one room at a time
    if (room_id_.empty() && !wanted_room_.empty() && room != wanted_room_) return;  // --play's game first
    if (room == wanted_room_) wanted_room_.clear();
    if (room != room_id_) {
        log_.clear();
        clear_chat();
    }
    room_id_ = room;
    announce_watch();
    view_ = m.value("view", json());
    version_ = m.value("version", std::uint64_t{0});
    rejoining_ = false;
    fill_history(m);
    after_view_change();
}

void ClientModel::patch(const json& m) {
    if (m.value("room", std::string()) != room_id_ || !view_.is_object()) return;
    const std::uint64_t version = m.value("version", std::uint64_t{0});
    if (version != version_ + 1) {  // missed a change: start again from a snapshot
        request({{"type", "snapshot"}, {"room", room_id_}});
        return;
    }
    const json clock_before = game().is_object() ? game().value("clock", json()) : json();
    try {
        view_ = view_.patch(m.value("patch", json::array()));
    } catch (const json::exception&) {
        request({{"type", "snapshot"}, {"room", room_id_}});
        return;
    }
    version_ = version;
    // The server played for a seat whose time ran out: said before the moves it made.
    const json& room = view_["room"];
    const json settings = room.is_object() ? room.value("settings", json::object()) : json::object();
    const json clock_rules = settings.is_object() ? settings.value("clock", json::object()) : json::object();
    const bool forfeit = clock_rules.is_object() && clock_rules.value("on_timeout", std::string()) == "forfeit";
    for (const int seat : clock_moves(clock_before, game().is_object() ? game().value("clock", json()) : json())) {
        log_.push_back(tr(forfeit ? "log.clock_forfeit" : "log.clock_move", {{"who", seat_name(seat)}}));
        while (log_.size() > max_lines) log_.pop_front();
    }
    for (const auto& ev : m.value("events", json::array())) add_event(ev);
    after_view_change();
}

void ClientModel::after_view_change() {
    // The placements come with the view while it is my placement; a held one stays while they
    // do not change.
    const json& now = view_.is_object() && view_["you"].is_object() ? view_["you"].value("placements", json()) : json();
    if (now == placements_seen_) return;
    placements_seen_ = now;
    placements_ = read_placements(now);
    held_.reset();
}

std::vector<Placement> read_placements(const json& compact) {
    std::vector<Placement> out;
    if (!compact.is_array()) return out;
    for (const json& entry : compact) {
        if (!entry.is_array() || entry.size() < 3) continue;
        Placement p{entry[0].get<int>(), entry[1].get<int>(), entry[2].get<int>(), {}};
        for (std::size_t i = 3; i < entry.size(); ++i) {
            const json& o = entry[i];
            if (!o.is_number_integer()) p.options.push_back(o);
            else if (o.get<int>() < 0) p.options.push_back({{"type", "pass"}});
            else p.options.push_back({{"type", "place_follower"}, {"segment", o.get<int>()}});
        }
        out.push_back(std::move(p));
    }
    return out;
}

void ClientModel::choose_after_placement(const json& option) {
    if (!held_) return;
    const json tile = {{"type", "place_tile"}, {"x", held_->x}, {"y", held_->y}, {"rotation", held_->rotation}};
    user_request({{"type", "action"}, {"room", room_id_}, {"version", version_}, {"actions", {tile, option}}});
    held_.reset();
}

void ClientModel::add_event(const json& ev) {
    if (ev.value("type", std::string()) == "tile_placed" && ev.contains("player"))
        last_tiles_[ev.value("player", 0)] = {ev.value("x", 0), ev.value("y", 0)};
    std::string line = describe_event(ev, [this](int seat) { return seat_name(seat); });
    if (line.empty()) return;
    log_.push_back(std::move(line));
    while (log_.size() > max_lines) log_.pop_front();
}

// The whole history (a snapshot's or a history reply's `log` and `chat`) replaces what the
// client had: after a reconnect it is complete again. Servers without it leave things as they are.
void ClientModel::fill_history(const json& m) {
    if (m.contains("log") && m["log"].is_array()) {
        log_.clear();
        last_tiles_.clear();
        for (const auto& ev : m["log"]) add_event(ev);
    }
    if (m.contains("chat") && m["chat"].is_array()) {
        clear_chat();
        for (const auto& c : m["chat"])
            if (c.is_object()) add_chat(c);
    }
}

namespace {

std::string chat_text(const std::string& name, const json& line) {
    if (line.value("removed", false)) return name + ": " + tr("side.chat_removed");
    return name + ": " + line.value("text", std::string());
}

}  // namespace

void ClientModel::add_chat(const json& line) {
    const std::string name = line.value("name", std::string("?"));
    chat_.push_back(chat_text(name, line));
    chat_senders_.push_back({line.value("from", std::string()), name, line.value("time", std::int64_t{0})});
    while (chat_.size() > max_lines) {
        chat_.pop_front();
        chat_senders_.pop_front();
    }
}

void ClientModel::clear_chat() {
    chat_.clear();
    chat_senders_.clear();
}

void ClientModel::remove_chat(const json& m) {
    const std::string from = m.value("from", std::string());
    const std::int64_t time = m.value("time", std::int64_t{0});
    for (std::size_t i = 0; i < chat_.size(); ++i) {
        if (chat_senders_[i].from == from && chat_senders_[i].time == time)
            chat_[i] = chat_text(chat_senders_[i].name, json{{"removed", true}});
    }
}

void ClientModel::leave_room() {
    room_id_.clear();
    announce_watch();
    rejoining_ = false;
    log_.clear();
    clear_chat();
    last_tiles_.clear();
    view_ = json();
    version_ = 0;
    placements_.clear();
    placements_seen_ = json();
    held_.reset();
}

void ClientModel::request_my_games() {
    my_games_answered_ = false;
    request({{"type", "my_games"}});
}

void ClientModel::open_game(const std::string& room) {
    wanted_room_ = room;
    user_request({{"type", "snapshot"}, {"room", room}});
}

void ClientModel::close_game() {
    leave_room();
    request_my_games();
}

void ClientModel::announce_watch(bool always) {
    if (!always && watched_ == room_id_) return;
    watched_ = room_id_;
    if (!online_) return;  // said again after the next hello
    request({{"type", "watch"}, {"room", room_id_.empty() ? json(nullptr) : json(room_id_)}});
}

std::optional<int> ClientModel::my_seat() const {
    if (!view_.is_object()) return std::nullopt;
    const json& seat = view_["you"]["seat"];
    if (!seat.is_number_integer()) return std::nullopt;
    return seat.get<int>();
}

bool ClientModel::is_host() const {
    return view_.is_object() && view_["room"].value("host", std::string()) == person_;
}

const json& ClientModel::game() const {
    if (!view_.is_object() || !view_.contains("game")) return null_json;
    return view_["game"];
}

bool ClientModel::my_placement() const {
    const json& g = game();
    const auto seat = my_seat();
    return seat && !held_ && g.is_object() && g["result"].is_null() && g.value("phase", std::string()) == "place_tile" &&
           g.value("decider", -1) == *seat && view_["room"].value("status", std::string()) == "playing";
}

bool ClientModel::my_decision() const {
    const json& g = game();
    const auto seat = my_seat();
    return seat && g.is_object() && g["result"].is_null() && g.value("decider", -1) == *seat &&
           (held_ || !view_["you"].value("legal", json::array()).empty());
}

std::string ClientModel::seat_name(int seat, bool short_bot) const {
    if (view_.is_object())
        for (const auto& s : view_["room"].value("seats", json::array())) {
            if (s.value("seat", -1) != seat) continue;
            if (s.value("kind", std::string()) == "bot")
                return tr(short_bot ? "seat.bot_short" : "seat.bot", {{"n", std::to_string(seat + 1)}, {"kind", tr("bot." + s.value("bot", std::string("random")))}});
            if (s.contains("name") && s["name"].is_string()) return s["name"].get<std::string>();
        }
    return tr("seat.n", {{"n", std::to_string(seat + 1)}});
}

bool ClientModel::seat_is_bot(int seat) const {
    if (view_.is_object())
        for (const auto& s : view_["room"].value("seats", json::array()))
            if (s.value("seat", -1) == seat) return s.value("kind", std::string()) == "bot";
    return false;
}

}  // namespace carc::term
