#include "client_model.hpp"

#include "event_text.hpp"

namespace carc::term {

namespace {
constexpr std::size_t max_lines = 300;
const json null_json;
}  // namespace

void ClientModel::connected() {
    json hello = {{"type", "hello"}, {"protocol", 1}, {"name", name_}};
    if (!token_.empty()) hello["token"] = token_;
    request(std::move(hello));
    status_ = "connected, saying hello";
}

void ClientModel::disconnected() {
    online_ = false;
    placements_asked_ = UINT64_MAX;
    status_ = "connection lost, reconnecting...";
}

void ClientModel::request(json message) {
    message["id"] = next_id_++;
    outbox_.push_back(std::move(message));
}

std::vector<json> ClientModel::take_outbox() {
    std::vector<json> out;
    out.swap(outbox_);
    return out;
}

void ClientModel::handle(const json& m) {
    if (!m.is_object()) return;
    const std::string type = m.value("type", std::string());
    if (type == "welcome") {
        online_ = true;
        person_ = m.value("person", std::string());
        token_ = m.value("token", std::string());
        name_ = m.value("name", name_);
        status_ = m.value("resumed", false) ? "reconnected" : "welcome, " + name_;
        if (tiles_.empty()) request({{"type", "get_tiles"}});
        request({{"type", "lobby_subscribe"}});
    } else if (type == "tiles") {
        tiles_ = TileBook(m.value("tiles", json::array()));
    } else if (type == "lobby") {
        rooms_ = m.value("rooms", json::array());
    } else if (type == "snapshot") {
        snapshot(m);
    } else if (type == "patch") {
        patch(m);
    } else if (type == "legal_placements") {
        if (m.value("room", std::string()) != room_id_) return;
        placements_.clear();
        for (const auto& p : m.value("placements", json::array()))
            placements_.push_back({p.value("x", 0), p.value("y", 0), p.value("rotation", 0)});
        placements_version_ = m.value("version", std::uint64_t{0});
    } else if (type == "chat") {
        if (m.value("room", std::string()) == room_id_)
            chat_.push_back(m.value("name", std::string("?")) + ": " + m.value("text", std::string()));
        while (chat_.size() > max_lines) chat_.pop_front();
    } else if (type == "room_created") {
        status_ = "room " + m.value("room", std::string()) + " created, invite " + m.value("invite", std::string());
    } else if (type == "left" || type == "kicked") {
        if (m.value("room", std::string()) == room_id_) leave_room();
        if (type == "kicked") status_ = "you were removed from the room";
    } else if (type == "error") {
        const std::string code = m.value("code", std::string());
        if (code == "unknown_token") {  // expired: start again as a new person
            token_.clear();
            connected();
            return;
        }
        status_ = "error: " + m.value("message", code);
        if (code == "stale_version" && !room_id_.empty())
            request({{"type", "snapshot"}, {"room", room_id_}});
    }
}

void ClientModel::snapshot(const json& m) {
    const std::string room = m.value("room", std::string());
    if (!room_id_.empty() && room != room_id_) return;  // one room at a time
    if (room != room_id_) {
        log_.clear();
        chat_.clear();
    }
    room_id_ = room;
    view_ = m.value("view", json());
    version_ = m.value("version", std::uint64_t{0});
    after_view_change();
}

void ClientModel::patch(const json& m) {
    if (m.value("room", std::string()) != room_id_ || !view_.is_object()) return;
    const std::uint64_t version = m.value("version", std::uint64_t{0});
    if (version != version_ + 1) {  // missed a change: start again from a snapshot
        request({{"type", "snapshot"}, {"room", room_id_}});
        return;
    }
    try {
        view_ = view_.patch(m.value("patch", json::array()));
    } catch (const json::exception&) {
        request({{"type", "snapshot"}, {"room", room_id_}});
        return;
    }
    version_ = version;
    const SeatNamer namer = [this](int seat) { return seat_name(seat); };
    for (const auto& ev : m.value("events", json::array())) add_log(describe_event(ev, namer));
    after_view_change();
}

void ClientModel::after_view_change() {
    if (my_placement() && placements_version_ != version_ && placements_asked_ != version_) {
        placements_asked_ = version_;
        placements_.clear();
        request({{"type", "legal_placements"}, {"room", room_id_}});
    }
}

void ClientModel::add_log(std::string line) {
    if (line.empty()) return;
    log_.push_back(std::move(line));
    while (log_.size() > max_lines) log_.pop_front();
}

void ClientModel::leave_room() {
    room_id_.clear();
    view_ = json();
    version_ = 0;
    placements_.clear();
    placements_version_ = UINT64_MAX;
    placements_asked_ = UINT64_MAX;
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
    return seat && g.is_object() && g["result"].is_null() && g.value("phase", std::string()) == "place_tile" &&
           g.value("decider", -1) == *seat && view_["room"].value("status", std::string()) == "playing";
}

bool ClientModel::my_decision() const {
    const json& g = game();
    const auto seat = my_seat();
    return seat && g.is_object() && g["result"].is_null() && g.value("decider", -1) == *seat &&
           !view_["you"].value("legal", json::array()).empty();
}

std::string ClientModel::seat_name(int seat) const {
    if (view_.is_object())
        for (const auto& s : view_["room"].value("seats", json::array()))
            if (s.value("seat", -1) == seat && s.contains("name")) return s["name"].get<std::string>();
    return "seat " + std::to_string(seat + 1);
}

}  // namespace carc::term
