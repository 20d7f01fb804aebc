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

void write_ref(json& out, const RoomRef& ref) {
    if (ref.room) out["room"] = *ref.room;
    if (ref.invite) out["invite"] = *ref.invite;
}

std::vector<Action> read_actions(const json& in, std::string_view name) {
    std::vector<Action> out;
    const auto it = in.find(name);
    if (it == in.end() || !it->is_array())
        throw WireError(ErrorCode::bad_field, "field '" + std::string(name) + "' must be an array",
                        std::string(name));
    for (const json& item : *it) out.push_back(action_from_json(item));
    return out;
}

}  // namespace

// ---- client messages ------------------------------------------------------------------------

void to_json(json& out, const Hello& m) {
    out = {{"protocol", m.protocol}, {"name", m.name}};
    if (m.token) out["token"] = *m.token;
}
void from_json(const json& in, Hello& m) {
    const FieldReader r(in, "hello");
    m.protocol = static_cast<int>(r.integer("protocol", 0, 1 << 20));
    m.name = r.label("name", 4 * max_name_length);
    m.token = r.optional_string("token", max_token);
}

void to_json(json& out, const GetTiles&) { out = json::object(); }
void from_json(const json&, GetTiles&) {}
void to_json(json& out, const ListRooms&) { out = json::object(); }
void from_json(const json&, ListRooms&) {}
void to_json(json& out, const LobbySubscribe&) { out = json::object(); }
void from_json(const json&, LobbySubscribe&) {}
void to_json(json& out, const LobbyUnsubscribe&) { out = json::object(); }
void from_json(const json&, LobbyUnsubscribe&) {}

void to_json(json& out, const CreateRoom& m) { out = m.settings; }
void from_json(const json& in, CreateRoom& m) { m.settings = in.get<RoomSettings>(); }

void to_json(json& out, const Join& m) {
    out = json::object();
    write_ref(out, m.ref);
    if (m.seat) out["seat"] = *m.seat;
}
void from_json(const json& in, Join& m) {
    const FieldReader r(in, "join");
    m.ref = read_ref(r);
    const auto seat = r.optional_integer("seat", 0, max_seats - 1);
    m.seat = seat ? std::optional<int>(static_cast<int>(*seat)) : std::nullopt;
}

void to_json(json& out, const Spectate& m) {
    out = json::object();
    write_ref(out, m.ref);
}
void from_json(const json& in, Spectate& m) { m.ref = read_ref(FieldReader(in, "spectate")); }

void to_json(json& out, const Leave& m) { out = {{"room", m.room}}; }
void from_json(const json& in, Leave& m) { m.room = room_of(in, "leave"); }

void to_json(json& out, const Kick& m) { out = {{"room", m.room}, {"person", m.person}}; }
void from_json(const json& in, Kick& m) {
    const FieldReader r(in, "kick");
    m.room = r.string("room", max_room_id);
    m.person = r.string("person", max_room_id);
}

void to_json(json& out, const SetBot& m) {
    out = {{"room", m.room}, {"seat", m.seat}, {"bot", nullptr}};
    if (m.bot) out["bot"] = to_string(*m.bot);
}
void from_json(const json& in, SetBot& m) {
    const FieldReader r(in, "set_bot");
    m.room = r.string("room", max_room_id);
    m.seat = static_cast<int>(r.integer("seat", 0, max_seats - 1));
    m.bot.reset();
    if (const auto kind = r.optional_string("bot", 16)) {
        BotKind bot{};
        if (!bot_kind_from_string(*kind, bot)) r.fail("bot", "random, greedy or null");
        m.bot = bot;
    }
}

void to_json(json& out, const Start& m) { out = {{"room", m.room}}; }
void from_json(const json& in, Start& m) { m.room = room_of(in, "start"); }

void to_json(json& out, const ChatRequest& m) { out = {{"room", m.room}, {"text", m.text}}; }
void from_json(const json& in, ChatRequest& m) {
    const FieldReader r(in, "chat");
    m.room = r.string("room", max_room_id);
    m.text = r.string("text", 4 * max_chat_length);
}

void to_json(json& out, const PlayAction& m) {
    out = {{"room", m.room}, {"version", m.version}, {"action", action_to_json(m.action)}};
}
void from_json(const json& in, PlayAction& m) {
    const FieldReader r(in, "action");
    m.room = r.string("room", max_room_id);
    m.version = static_cast<std::uint64_t>(r.integer("version", 0, max_version));
    const json* action = r.member("action");
    if (!action) r.fail("action", "present (an object)");
    m.action = action_from_json(*action);
}

void to_json(json& out, const LegalPlacementsQuery& m) { out = {{"room", m.room}}; }
void from_json(const json& in, LegalPlacementsQuery& m) { m.room = room_of(in, "legal_placements"); }

void to_json(json& out, const FollowerOptionsQuery& m) {
    out = {{"room", m.room},
           {"x", m.placement.at.x},
           {"y", m.placement.at.y},
           {"rotation", m.placement.rotation}};
}
void from_json(const json& in, FollowerOptionsQuery& m) {
    const FieldReader r(in, "follower_options");
    m.room = r.string("room", max_room_id);
    json placement = {{"type", "place_tile"}};
    for (const char* field : {"x", "y", "rotation"}) {
        if (const json* value = r.member(field)) placement[field] = *value;
    }
    m.placement = action_from_json(placement);
}

void to_json(json& out, const Resign& m) { out = {{"room", m.room}}; }
void from_json(const json& in, Resign& m) { m.room = room_of(in, "resign"); }

void to_json(json& out, const SnapshotRequest& m) { out = {{"room", m.room}}; }
void from_json(const json& in, SnapshotRequest& m) { m.room = room_of(in, "snapshot"); }

void to_json(json& out, const HistoryRequest& m) { out = {{"room", m.room}}; }
void from_json(const json& in, HistoryRequest& m) { m.room = room_of(in, "history"); }

void to_json(json& out, const RoomInfoRequest& m) {
    out = json::object();
    write_ref(out, m.ref);
}
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
}
void from_json(const json& in, Welcome& m) {
    m.protocol = in.at("protocol").get<int>();
    m.server = in.at("server").get<std::string>();
    m.person = in.at("person").get<std::string>();
    m.name = in.at("name").get<std::string>();
    m.token = in.at("token").get<std::string>();
    m.resumed = in.at("resumed").get<bool>();
    m.rooms = in.at("rooms").get<std::vector<std::string>>();
    const json& limits = in.at("limits");
    m.max_message = limits.at("max_message").get<std::int64_t>();
    m.max_depth = limits.at("max_depth").get<int>();
    m.rate_per_second = limits.at("rate_per_second").get<double>();
    m.burst = limits.at("burst").get<double>();
}

void to_json(json& out, const Tiles& m) { out = {{"tiles", m.tiles}}; }
void from_json(const json& in, Tiles& m) { m.tiles = in.at("tiles"); }

void to_json(json& out, const Lobby& m) { out = {{"rooms", m.rooms}}; }
void from_json(const json& in, Lobby& m) { m.rooms = in.at("rooms").get<std::vector<RoomSummary>>(); }

void to_json(json& out, const LobbyRoom& m) { out = {{"room", m.room}}; }
void from_json(const json& in, LobbyRoom& m) { m.room = in.at("room").get<RoomSummary>(); }

void to_json(json& out, const LobbyRoomRemoved& m) { out = {{"room", m.room}}; }
void from_json(const json& in, LobbyRoomRemoved& m) { m.room = in.at("room").get<std::string>(); }

void to_json(json& out, const RoomCreated& m) { out = {{"room", m.room}, {"invite", m.invite}}; }
void from_json(const json& in, RoomCreated& m) {
    m.room = in.at("room").get<std::string>();
    m.invite = in.at("invite").get<std::string>();
}

void to_json(json& out, const Joined& m) { out = {{"room", m.room}, {"seat", optional_json(m.seat)}}; }
void from_json(const json& in, Joined& m) {
    m.room = in.at("room").get<std::string>();
    m.seat = in.at("seat").is_null() ? std::nullopt : std::optional<int>(in.at("seat").get<int>());
}

void to_json(json& out, const Left& m) { out = {{"room", m.room}}; }
void from_json(const json& in, Left& m) { m.room = in.at("room").get<std::string>(); }
void to_json(json& out, const Kicked& m) { out = {{"room", m.room}}; }
void from_json(const json& in, Kicked& m) { m.room = in.at("room").get<std::string>(); }

void to_json(json& out, const Snapshot& m) {
    out = {{"room", m.room}, {"version", m.version}, {"view", m.view}, {"log", m.log}, {"chat", m.chat}};
}
void from_json(const json& in, Snapshot& m) {
    m.room = in.at("room").get<std::string>();
    m.version = in.at("version").get<std::uint64_t>();
    m.view = in.at("view");
    m.log = in.value("log", json::array());
    m.chat = in.value("chat", json::array());
}

void to_json(json& out, const History& m) {
    out = {{"room", m.room}, {"version", m.version}, {"log", m.log}, {"chat", m.chat}};
}
void from_json(const json& in, History& m) {
    m.room = in.at("room").get<std::string>();
    m.version = in.at("version").get<std::uint64_t>();
    m.log = in.at("log");
    m.chat = in.at("chat");
}

void to_json(json& out, const RoomInfoReply& m) {
    out = {{"room", m.room}, {"private", m.is_private}, {"member", m.member}, {"seat", optional_json(m.seat)}};
    if (m.invite) out["invite"] = *m.invite;
}
void from_json(const json& in, RoomInfoReply& m) {
    m.room = in.at("room").get<RoomSummary>();
    m.is_private = in.at("private").get<bool>();
    m.member = in.at("member").get<bool>();
    m.seat = in.at("seat").is_null() ? std::nullopt : std::optional<int>(in.at("seat").get<int>());
    const auto invite = in.find("invite");
    m.invite = invite == in.end() ? std::nullopt : std::optional<std::string>(invite->get<std::string>());
}

void to_json(json& out, const Patch& m) {
    out = {{"room", m.room}, {"version", m.version}, {"patch", m.patch}, {"events", m.events}};
}
void from_json(const json& in, Patch& m) {
    m.room = in.at("room").get<std::string>();
    m.version = in.at("version").get<std::uint64_t>();
    m.patch = in.at("patch");
    m.events = in.at("events");
}

void to_json(json& out, const Ack& m) {
    out = json::object();
    if (m.version) out["version"] = *m.version;
}
void from_json(const json& in, Ack& m) {
    const auto it = in.find("version");
    m.version = it == in.end() ? std::nullopt : std::optional<std::uint64_t>(it->get<std::uint64_t>());
}

void to_json(json& out, const ChatMessage& m) {
    out = {{"room", m.room}, {"from", m.from}, {"name", m.name}, {"text", m.text}, {"time", m.time}};
}
void from_json(const json& in, ChatMessage& m) {
    m.room = in.at("room").get<std::string>();
    m.from = in.at("from").get<std::string>();
    m.name = in.at("name").get<std::string>();
    m.text = in.at("text").get<std::string>();
    m.time = in.at("time").get<std::int64_t>();
}

void to_json(json& out, const LegalPlacements& m) {
    json placements = json::array();
    for (const Action& a : m.placements)
        placements.push_back({{"x", a.at.x}, {"y", a.at.y}, {"rotation", a.rotation}});
    out = {{"room", m.room},
           {"version", m.version},
           {"tile", optional_json(m.tile)},
           {"placements", std::move(placements)}};
}
std::string encode(const LegalPlacements& m, const json& id) {
    // Keys in the order json::dump gives them (sorted), so the text equals the generic encode's.
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

void from_json(const json& in, LegalPlacements& m) {
    m.room = in.at("room").get<std::string>();
    m.version = in.at("version").get<std::uint64_t>();
    m.tile = in.at("tile").is_null() ? std::nullopt
                                     : std::optional<std::string>(in.at("tile").get<std::string>());
    m.placements.clear();
    for (json placement : in.at("placements")) {
        placement["type"] = "place_tile";
        m.placements.push_back(action_from_json(placement));
    }
}

void to_json(json& out, const FollowerOptions& m) {
    out = {{"room", m.room},
           {"version", m.version},
           {"placement",
            {{"x", m.placement.at.x}, {"y", m.placement.at.y}, {"rotation", m.placement.rotation}}},
           {"options", actions_to_json(m.options)}};
}
void from_json(const json& in, FollowerOptions& m) {
    m.room = in.at("room").get<std::string>();
    m.version = in.at("version").get<std::uint64_t>();
    json placement = in.at("placement");
    placement["type"] = "place_tile";
    m.placement = action_from_json(placement);
    m.options = read_actions(in, "options");
}

void to_json(json& out, const ErrorMessage& m) {
    json params = m.params.is_object() ? m.params : json::object();
    out = {{"code", to_string(m.code)}, {"message", m.message}};
    if (m.room) out["room"] = *m.room;
    if (m.rule) out["rule"] = params["rule"] = *m.rule;
    if (m.version) out["version"] = params["version"] = *m.version;
    out["params"] = std::move(params);
}
void from_json(const json& in, ErrorMessage& m) {
    if (!error_code_from_string(in.at("code").get<std::string>(), m.code)) m.code = ErrorCode::internal;
    m.message = in.at("message").get<std::string>();
    const auto text = [&](const char* name) {
        const auto it = in.find(name);
        return it == in.end() ? std::nullopt : std::optional<std::string>(it->get<std::string>());
    };
    m.room = text("room");
    m.rule = text("rule");
    const auto version = in.find("version");
    m.version = version == in.end() ? std::nullopt
                                    : std::optional<std::uint64_t>(version->get<std::uint64_t>());
    m.params = in.value("params", json::object());
    if (m.rule) m.params.erase("rule");
    if (m.version) m.params.erase("version");
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
