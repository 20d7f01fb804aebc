// The wire messages of docs/protocol.md, each converted in the one direction it travels. Cut in
// three: client messages read from untrusted JSON (from_json, every field checked through
// FieldReader, so bad input becomes `bad_field` naming it); server messages written
// (to_json, and the legal placements answer straight to text); then parse_client_message, which
// checks size, depth and NUL bytes before parsing and dispatches on `type`.
#include "carc/protocol/messages.hpp"

#include <charconv>

#include "carc/protocol/engine_json.hpp"
#include "carc/protocol/field_reader.hpp"

namespace carc::protocol {

namespace {

constexpr std::size_t max_room_id = 32;
constexpr std::size_t max_token = 128;
constexpr std::int64_t max_version = std::int64_t{1} << 52;  // exact in a JavaScript number

json optional_json(const auto& value) {
    if (!value) return nullptr;
    return *value;
}

std::string room_of(const json& in, std::string_view what) {
    return FieldReader(in, what).string("room", max_room_id);
}

RoomRef read_ref(const FieldReader& in) {
    RoomRef ref{in.optional_string("room", max_room_id), in.optional_string("invite", max_room_id)};
    if (!ref.room && !ref.invite) in.fail("room", "present (or 'invite')");
    return ref;
}

}  // namespace

// ---- client messages ------------------------------------------------------------------------

void from_json(const json& in, Hello& m) {
    const FieldReader r(in, "hello");
    m.protocol = static_cast<int>(r.integer("protocol", 0, 1 << 20));
    m.name = r.label("name", 4 * max_name_length);
    m.token = r.optional_string("token", max_token);
    m.session = r.optional_string("session", max_token);
}

void from_json(const json&, GetTiles&) {}
void from_json(const json& in, Watch& m) { m.room = FieldReader(in, "watch").optional_string("room", max_room_id); }
void from_json(const json& in, Visibility& m) { m.visible = FieldReader(in, "visibility").boolean("visible", true); }
void from_json(const json&, ListRooms&) {}
void from_json(const json&, LobbySubscribe&) {}
void from_json(const json&, LobbyUnsubscribe&) {}

void from_json(const json& in, CreateRoom& m) { m.settings = in.get<RoomSettings>(); }

void from_json(const json& in, Join& m) {
    const FieldReader r(in, "join");
    m.ref = read_ref(r);
    const auto seat = r.optional_integer("seat", 0, max_seats - 1);
    m.seat = seat ? std::optional<int>(static_cast<int>(*seat)) : std::nullopt;
}

void from_json(const json& in, Spectate& m) { m.ref = read_ref(FieldReader(in, "spectate")); }

void from_json(const json& in, Leave& m) { m.room = room_of(in, "leave"); }

void from_json(const json& in, Kick& m) {
    const FieldReader r(in, "kick");
    m.room = r.string("room", max_room_id);
    m.person = r.string("person", max_room_id);
}

void from_json(const json& in, SetBot& m) {
    const FieldReader r(in, "set_bot");
    m.room = r.string("room", max_room_id);
    m.seat = static_cast<int>(r.integer("seat", 0, max_seats - 1));
    m.bot.reset();
    if (const auto kind = r.optional_string("bot", 16)) {
        BotKind bot{};
        if (!bot_kind_from_string(*kind, bot))
            r.fail("bot", "random, beginner, greedy, apprentice, amateur, easy, medium, hard or null");
        m.bot = bot;
    }
}

void from_json(const json& in, Start& m) { m.room = room_of(in, "start"); }

void from_json(const json& in, ChatRequest& m) {
    const FieldReader r(in, "chat");
    m.room = r.string("room", max_room_id);
    m.text = r.string("text", 4 * max_chat_length);
}

void from_json(const json& in, PlayAction& m) {
    const FieldReader r(in, "action");
    m.room = r.string("room", max_room_id);
    m.version = static_cast<std::uint64_t>(r.integer("version", 0, max_version));
    m.then.clear();
    const json* action = r.member("action");
    const json* actions = r.member("actions");
    if (action && actions) r.fail("actions", "absent when 'action' is given");
    if (action) {
        m.action = action_from_json(*action);
        return;
    }
    if (!actions) r.fail("action", "present (an object, or 'actions': an array)");
    if (!actions->is_array() || actions->empty() || actions->size() > max_action_steps)
        r.fail("actions", "an array of 1 to " + std::to_string(max_action_steps) + " actions");
    m.action = action_from_json(actions->front());
    for (std::size_t i = 1; i < actions->size(); ++i) m.then.push_back(action_from_json((*actions)[i]));
}

std::vector<Action> PlayAction::steps() const {
    std::vector<Action> out{action};
    out.insert(out.end(), then.begin(), then.end());
    return out;
}

void from_json(const json& in, LegalPlacementsQuery& m) { m.room = room_of(in, "legal_placements"); }

void from_json(const json& in, FollowerOptionsQuery& m) {
    const FieldReader r(in, "follower_options");
    m.room = r.string("room", max_room_id);
    json placement = {{"type", "place_tile"}};
    for (const char* field : {"x", "y", "rotation"}) {
        if (const json* value = r.member(field)) placement[field] = *value;
    }
    m.placement = action_from_json(placement);
}

void from_json(const json& in, Resign& m) { m.room = room_of(in, "resign"); }
void from_json(const json& in, TakeSeatBack& m) { m.room = room_of(in, "take_seat_back"); }
void from_json(const json& in, ClaimWin& m) { m.room = room_of(in, "claim_win"); }
void from_json(const json& in, TakeVacation& m) { m.room = room_of(in, "take_vacation"); }
void from_json(const json& in, BotForOffline& m) {
    const FieldReader r(in, "bot_for_offline");
    m.room = r.string("room", max_room_id);
    m.seat = static_cast<int>(r.integer("seat", 0, max_seats - 1));
}

void from_json(const json& in, SnapshotRequest& m) { m.room = room_of(in, "snapshot"); }

void from_json(const json& in, HistoryRequest& m) { m.room = room_of(in, "history"); }

void from_json(const json&, MyGamesRequest&) {}
void from_json(const json& in, Challenge& m) {
    FieldReader f(in, "challenge");
    m.name = f.string("name", max_name_length * 4);
    const auto settings = in.find("settings");
    m.settings = settings == in.end() ? json::object().get<RoomSettings>() : settings->get<RoomSettings>();
}
void from_json(const json& in, DeclineChallenge& m) { m.room = room_of(in, "decline_challenge"); }
void from_json(const json& in, RoomInfoRequest& m) { m.ref = read_ref(FieldReader(in, "room_info")); }

// ---- server messages ------------------------------------------------------------------------

void to_json(json& out, const Welcome& m) {
    out = {{"protocol", m.protocol},
           {"server", m.server},
           {"person", m.person},
           {"name", m.name},
           {"token", m.token},
           {"resumed", m.resumed},
           {"rooms", m.rooms},
           {"limits",
            {{"max_message", m.max_message},
             {"max_depth", m.max_depth},
             {"rate_per_second", m.rate_per_second},
             {"burst", m.burst}}}};
    if (m.account) out["account"] = *m.account;
}

void to_json(json& out, const Tiles& m) { out = {{"tiles", m.tiles}}; }

void to_json(json& out, const Lobby& m) { out = {{"rooms", m.rooms}}; }

void to_json(json& out, const LobbyRoom& m) { out = {{"room", m.room}}; }

void to_json(json& out, const LobbyRoomRemoved& m) { out = {{"room", m.room}}; }

void to_json(json& out, const LobbyChanges& m) { out = {{"rooms", m.rooms}, {"removed", m.removed}}; }

void to_json(json& out, const RoomCreated& m) { out = {{"room", m.room}, {"invite", m.invite}}; }

void to_json(json& out, const Joined& m) { out = {{"room", m.room}, {"seat", optional_json(m.seat)}}; }

void to_json(json& out, const Left& m) { out = {{"room", m.room}}; }
void to_json(json& out, const Kicked& m) { out = {{"room", m.room}}; }

void to_json(json& out, const History& m) {
    out = {{"room", m.room}, {"version", m.version}, {"log", m.log}, {"chat", m.chat}};
}

void to_json(json& out, const RoomInfoReply& m) {
    out = {{"room", m.room}, {"private", m.is_private}, {"member", m.member}, {"seat", optional_json(m.seat)}};
    if (m.invite) out["invite"] = *m.invite;
}

void to_json(json& out, const Ack& m) {
    out = json::object();
    if (m.version) out["version"] = *m.version;
}

void to_json(json& out, const ChatMessage& m) {
    out = {{"room", m.room}, {"from", m.from}, {"name", m.name}, {"text", m.text}, {"time", m.time}};
}

void to_json(json& out, const ChatRemoved& m) { out = {{"room", m.room}, {"from", m.from}, {"time", m.time}}; }

std::string encode(const LegalPlacements& m, const json& id) {
    // Keys in the order json::dump gives them (sorted), as encode() writes every other message.
    std::string out;
    out.reserve(96 + 32 * m.placements.size());
    const auto number = [&out](long value) {
        char digits[24];
        const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
        out.append(digits, end);
    };
    out += '{';
    if (!id.is_null()) {
        out += "\"id\":";
        out += id.dump();
        out += ',';
    }
    out += "\"placements\":[";
    for (std::size_t i = 0; i < m.placements.size(); ++i) {
        const Action& a = m.placements[i];
        out += i == 0 ? "{\"rotation\":" : ",{\"rotation\":";
        number(a.rotation);
        out += ",\"x\":";
        number(a.at.x);
        out += ",\"y\":";
        number(a.at.y);
        out += '}';
    }
    out += "],\"room\":";
    out += json(m.room).dump();
    out += ",\"tile\":";
    out += m.tile ? json(*m.tile).dump() : "null";
    out += ",\"type\":\"legal_placements\",\"version\":";
    out += std::to_string(m.version);
    out += '}';
    return out;
}

void to_json(json& out, const FollowerOptions& m) {
    out = {{"room", m.room},
           {"version", m.version},
           {"placement",
            {{"x", m.placement.at.x}, {"y", m.placement.at.y}, {"rotation", m.placement.rotation}}},
           {"options", actions_to_json(m.options)},
           {"features", m.features}};
}

void to_json(json& out, const ErrorMessage& m) {
    json params = m.params.is_object() ? m.params : json::object();
    out = {{"code", to_string(m.code)}, {"message", m.message}};
    if (m.room) out["room"] = *m.room;
    if (m.rule) out["rule"] = params["rule"] = *m.rule;
    if (m.version) out["version"] = params["version"] = *m.version;
    out["params"] = std::move(params);
}

std::string_view to_string(NoticeKind kind) {
    switch (kind) {
        case NoticeKind::your_turn: return "your_turn";
        case NoticeKind::time_running_out: return "time_running_out";
        case NoticeKind::challenge: return "challenge";
        case NoticeKind::challenge_declined: return "challenge_declined";
        case NoticeKind::renamed: return "renamed";
    }
    return "unknown";
}

namespace {
Notice notice_of(NoticeKind kind, std::optional<std::string> room) {
    Notice n;
    n.kind = kind;
    n.room = std::move(room);
    return n;
}
}  // namespace

Notice Notice::your_turn(std::string room, std::int64_t deadline_ms) {
    Notice n = notice_of(NoticeKind::your_turn, std::move(room));
    n.deadline_ms = deadline_ms;
    return n;
}
Notice Notice::time_running_out(std::string room, std::int64_t deadline_ms) {
    Notice n = notice_of(NoticeKind::time_running_out, std::move(room));
    n.deadline_ms = deadline_ms;
    return n;
}
Notice Notice::challenge(std::string room, std::string invite, std::string from, std::int64_t move_time_s) {
    Notice n = notice_of(NoticeKind::challenge, std::move(room));
    n.invite = std::move(invite);
    n.from = std::move(from);
    n.move_time_s = move_time_s;
    return n;
}
Notice Notice::challenge_declined(std::string room, std::string from) {
    Notice n = notice_of(NoticeKind::challenge_declined, std::move(room));
    n.from = std::move(from);
    return n;
}
Notice Notice::renamed(std::string name) {
    Notice n = notice_of(NoticeKind::renamed, std::nullopt);
    n.name = std::move(name);
    return n;
}

void to_json(json& out, const Notice& m) {
    out = {{"kind", to_string(m.kind)}};
    if (m.room) out["room"] = *m.room;
    if (m.deadline_ms) out["deadline_ms"] = *m.deadline_ms;
    if (m.invite) out["invite"] = *m.invite;
    if (m.from) out["from"] = *m.from;
    if (m.move_time_s) out["move_time_s"] = *m.move_time_s;
    if (m.name) out["name"] = *m.name;
}

Redirect Redirect::to(const std::string& url, std::optional<std::string> room) {
    std::string ws = url;
    if (ws.starts_with("http://")) ws = "ws://" + ws.substr(7);
    else if (ws.starts_with("https://")) ws = "wss://" + ws.substr(8);
    return {url, ws + "/ws", std::move(room)};
}

void to_json(json& out, const Redirect& m) {
    out = {{"url", m.url}, {"ws", m.ws}};
    if (m.room) out["room"] = *m.room;
}

void to_json(json& out, const MyGame& m) {
    out = {{"room", m.room},
           {"status", m.status},
           {"seat", m.seat},
           {"your_turn", m.your_turn},
           {"deadline_ms", optional_json(m.deadline_ms)},
           {"created_ms", m.created_ms}};
    if (m.name) out["name"] = *m.name;
    if (m.rules) out["rules"] = *m.rules;
    if (m.move_time_s) out["move_time_s"] = *m.move_time_s;
    if (m.resigned) out["resigned"] = true;
    if (m.away) out["away"] = true;
    if (m.game) out["game"] = *m.game;
}

void to_json(json& out, const MyGames& m) { out = {{"games", m.games}}; }

void to_json(json& out, const TournamentRound& m) {
    out = {{"tournament", m.tournament}, {"round", m.round}, {"room", optional_json(m.room)}};
}

// ---- parsing --------------------------------------------------------------------------------

namespace {

template <typename Message>
bool try_parse(std::string_view type, const json& in, std::optional<ClientMessage>& out) {
    if (type != Message::type) return false;
    out = in.get<Message>();
    return true;
}

template <typename... Messages>
bool parse_any(std::string_view type, const json& in, std::optional<ClientMessage>& out,
               std::variant<Messages...>*) {
    return (try_parse<Messages>(type, in, out) || ...);
}

ErrorMessage error(ErrorCode code, std::string message) {
    ErrorMessage e;
    e.code = code;
    e.message = std::move(message);
    return e;
}

json read_id(const json& in) {
    const auto it = in.find("id");
    if (it == in.end()) return nullptr;
    if (it->is_number_integer()) return *it;
    if (it->is_string() && it->get_ref<const std::string&>().size() <= max_id_length) return *it;
    throw WireError(ErrorCode::bad_field, "field 'id' must be an integer or a short string", "id");
}

}  // namespace

ParsedRequest parse_client_message(std::string_view text, const ParseLimits& limits) {
    ParsedRequest out;
    if (text.size() > limits.max_message) {
        out.error = error(ErrorCode::too_large, "message of " + std::to_string(text.size()) +
                                                    " bytes; the limit is " +
                                                    std::to_string(limits.max_message));
        out.error->params = {{"limit", limits.max_message}, {"size", text.size()}};
        return out;
    }
    if (json_nesting_depth(text, limits.max_depth) > limits.max_depth) {
        out.error = error(ErrorCode::too_deep,
                          "JSON nested deeper than " + std::to_string(limits.max_depth));
        out.error->params = {{"limit", limits.max_depth}};
        return out;
    }
    // JSON has no raw NUL anywhere, but the parser would stop at one and take what came before.
    if (text.find('\0') != std::string_view::npos) {
        out.error = error(ErrorCode::bad_json, "a NUL byte is not JSON");
        return out;
    }
    const json in = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (in.is_discarded() || !in.is_object()) {
        out.error = error(ErrorCode::bad_json, "expected one JSON object");
        return out;
    }
    try {
        out.id = read_id(in);
        const auto type = in.find("type");
        if (type == in.end() || !type->is_string()) {
            out.error = error(ErrorCode::bad_field, "field 'type' must be a string");
            out.error->params["field"] = "type";
            return out;
        }
        const auto& name = type->get_ref<const std::string&>();
        if (!parse_any(name, in, out.message, static_cast<ClientMessage*>(nullptr))) {
            out.error = error(ErrorCode::unknown_type,
                              "unknown message type '" + name.substr(0, 32) + "'");
            out.error->params["type"] = name.substr(0, 32);
        }
    } catch (const WireError& e) {
        out.error = error(e.code(), e.what());
        if (!e.field().empty()) out.error->params["field"] = e.field();
    } catch (const json::exception& e) {
        out.error = error(ErrorCode::bad_field, e.what());
    }
    return out;
}

std::string_view type_of(const ClientMessage& message) {
    return std::visit([](const auto& m) { return std::decay_t<decltype(m)>::type; }, message);
}

}  // namespace carc::protocol
