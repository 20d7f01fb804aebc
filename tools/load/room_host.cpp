#include "room_host.hpp"

#include <charconv>
#include <stdexcept>

#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>

namespace carc::load {

namespace net = boost::asio;
using std::chrono::duration;

namespace {

double ms_between(steady::time_point from, steady::time_point to) {
    return duration<double, std::milli>(to - from).count();
}

// The version of a patch frame of any room, or 0 for other frames. The server writes object
// keys in order, so the top-level "version" is the last one in the text.
std::uint64_t patch_version(std::string_view text) {
    if (text.find("\"type\":\"patch\"") == std::string_view::npos) return 0;
    const auto at = text.rfind("\"version\":");
    if (at == std::string_view::npos) return 0;
    const char* first = text.data() + at + 10;
    std::uint64_t version = 0;
    std::from_chars(first, text.data() + text.size(), version);
    return version;
}

}  // namespace

room_host::room_host(net::io_context& ioc, std::uint64_t seed, play_stats& stats)
    : conn_(std::make_shared<ws_conn>(ioc, true)),
      stats_(stats),
      rng_(seed),
      changed_(ioc),
      pacer_(ioc) {}

net::awaitable<void> room_host::connect(const net::ip::tcp::endpoint& endpoint, const std::string& name) {
    co_await conn_->connect(endpoint);
    conn_->on_message([this](std::string_view, const nlohmann::json* parsed, steady::time_point) {
        if (parsed) absorb(*parsed);
    });
    const nlohmann::json welcome = co_await conn_->hello(name);
    token_ = welcome["token"];
}

void room_host::absorb(const nlohmann::json& m) {
    const std::string type = m.value("type", "");
    if ((type != "snapshot" && type != "patch") || m.value("room", "") != room_) return;
    const auto version = m["version"].get<std::uint64_t>();
    if (type == "snapshot") {
        view_ = m["view"];
    } else {
        if (version != version_ + 1)
            throw std::runtime_error("room " + room_ + ": patch " + std::to_string(version) + " after " +
                                     std::to_string(version_));
        view_.patch_inplace(m["patch"]);
        if (stats_.recording)
            for (const auto& event : m.value("events", nlohmann::json::array()))
                if (event.value("type", "") == "tile_placed") ++stats_.turns;
    }
    version_ = version;
    changed_.cancel();
}

net::awaitable<void> room_host::open_room(nlohmann::json settings) {
    settings["type"] = "create_room";
    room_.clear();
    view_ = nullptr;
    version_ = 0;
    sent_at_.clear();
    const nlohmann::json created = co_await conn_->request(settings);
    if (created.value("type", "") != "room_created") throw std::runtime_error("create_room: " + created.dump());
    room_ = created["room"];
    // The snapshot follows room_created; it was read before this coroutine resumed unless it
    // is still on its way.
    while (version_ == 0) co_await wait_change();
    seat_ = view_["you"]["seat"].is_null() ? -1 : view_["you"]["seat"].get<int>();
}

net::awaitable<void> room_host::start() {
    nlohmann::json start = {{"type", "start"}, {"room", room_}};
    const nlohmann::json reply = co_await conn_->request(std::move(start));
    if (reply.value("type", "") != "ack") throw std::runtime_error("start: " + reply.dump());
}

bool room_host::game_over() const {
    return view_.is_object() && view_["game"].is_object() && !view_["game"]["result"].is_null();
}

const steady::time_point* room_host::sent_at(std::uint64_t version) const {
    const auto it = sent_at_.find(version);
    return it == sent_at_.end() ? nullptr : &it->second;
}

net::awaitable<void> room_host::wait_change() {
    changed_.expires_after(std::chrono::seconds(60));
    boost::system::error_code ec;
    co_await changed_.async_wait(net::redirect_error(net::use_awaitable, ec));
    if (!ec) throw std::runtime_error("room " + room_ + ": nothing happened for 60 s");
}

nlohmann::json room_host::pick_action() {
    const nlohmann::json& legal = view_["you"]["legal"];
    if (legal.empty()) return nullptr;
    std::uniform_int_distribution<std::size_t> pick(0, legal.size() - 1);
    return legal[pick(rng_)];
}

nlohmann::json room_host::pick_whole_turn() {
    const nlohmann::json& all = view_["you"].value("placements", nlohmann::json::array());
    if (all.empty()) return nullptr;
    const nlohmann::json& entry = all[std::uniform_int_distribution<std::size_t>(0, all.size() - 1)(rng_)];
    nlohmann::json steps = {{{"type", "place_tile"}, {"x", entry[0]}, {"y", entry[1]}, {"rotation", entry[2]}}};
    if (entry.size() > 3) {  // compact options: a segment, -1 for pass, or an action object
        const nlohmann::json& o = entry[std::uniform_int_distribution<std::size_t>(3, entry.size() - 1)(rng_)];
        if (!o.is_number_integer()) steps.push_back(o);
        else if (o.get<int>() < 0) steps.push_back({{"type", "pass"}});
        else steps.push_back({{"type", "place_follower"}, {"segment", o}});
    }
    return steps;
}

net::awaitable<bool> room_host::play(int max_actions) {
    int made = 0;
    while (!stopping_) {
        if (game_over()) co_return true;
        if (max_actions >= 0 && made >= max_actions) co_return false;
        const nlohmann::json& game = view_["game"];
        if (!game.is_object() || game["decider"] != seat_) {
            co_await wait_change();
            continue;
        }
        nlohmann::json action;
        nlohmann::json steps;  // a whole turn instead of `action`
        if (game["phase"] == "place_tile" && whole_turns_) {
            steps = pick_whole_turn();
            if (steps.is_null()) {
                co_await wait_change();
                continue;
            }
        } else if (game["phase"] == "place_tile") {
            nlohmann::json query = {{"type", "legal_placements"}, {"room", room_}};
            const nlohmann::json answer = co_await conn_->request(std::move(query));
            if (answer.value("version", std::uint64_t{0}) != version_ || answer["placements"].empty()) continue;
            std::uniform_int_distribution<std::size_t> pick(0, answer["placements"].size() - 1);
            const nlohmann::json& p = answer["placements"][pick(rng_)];
            action = {{"type", "place_tile"}, {"x", p["x"]}, {"y", p["y"]}, {"rotation", p["rotation"]}};
        } else {
            action = pick_action();
            if (action.is_null()) {
                co_await wait_change();
                continue;
            }
        }
        if (pace_ > steady::duration::zero()) {
            if (!next_send_) next_send_ = steady::now() + pace_offset_;
            if (steady::now() < *next_send_) {
                pacer_.expires_at(*next_send_);
                co_await pacer_.async_wait(net::use_awaitable);
                if (stopping_) break;
                if (view_["game"]["decider"] != seat_) continue;  // the view moved while waiting
            }
            *next_send_ = std::max(*next_send_ + pace_, steady::now());
        }
        if (gate_) {
            co_await gate_();
            if (stopping_ || view_["game"]["decider"] != seat_) continue;
        }
        const std::uint64_t version = version_;
        const auto sent = steady::now();
        sent_at_[version + 1] = sent;
        nlohmann::json message = {{"type", "action"}, {"room", room_}, {"version", version}};
        if (steps.is_null()) message["action"] = std::move(action);
        else message["actions"] = std::move(steps);
        const nlohmann::json reply = co_await conn_->request(std::move(message));
        if (reply.value("type", "") == "ack") {
            ++made;
            if (stats_.recording) {
                ++stats_.host_actions;
                stats_.ack_ms.push_back(ms_between(sent, steady::now()));
            }
        } else {
            sent_at_.erase(version + 1);
            if (stats_.refused++ == 0) stats_.first_refusal = reply.dump();
        }
    }
    co_return false;
}

spectator::spectator(net::io_context& ioc, play_stats& stats)
    : conn_(std::make_shared<ws_conn>(ioc, false)), stats_(stats) {}

net::awaitable<void> spectator::connect(const net::ip::tcp::endpoint& endpoint, const std::string& name) {
    co_await conn_->connect(endpoint);
    conn_->on_message([this](std::string_view text, const nlohmann::json*, steady::time_point at) {
        on_frame(text, at);
    });
    co_await conn_->hello(name);
}

net::awaitable<void> spectator::watch(const room_host& host) {
    nlohmann::json message = {{"type", "spectate"}, {"room", host.room()}};
    const nlohmann::json reply = co_await conn_->request(std::move(message));
    if (reply.value("type", "") != "joined") throw std::runtime_error("spectate: " + reply.dump());
    host_ = &host;
    room_key_ = "\"room\":\"" + host.room() + "\"";
}

net::awaitable<void> spectator::leave() {
    if (!host_) co_return;
    const std::string room = host_->room();
    host_ = nullptr;
    nlohmann::json message = {{"type", "leave"}, {"room", room}};
    const nlohmann::json reply = co_await conn_->request(std::move(message));
    if (reply.value("type", "") != "left") throw std::runtime_error("leave: " + reply.dump());
}

void spectator::on_frame(std::string_view text, steady::time_point at) {
    if (!host_ || (!stats_.recording && !stats_.count_held)) return;
    const std::uint64_t version = patch_version(text);
    if (version == 0 || text.find(room_key_) == std::string_view::npos) return;
    if (stats_.count_held) ++stats_.held[version];
    if (!stats_.recording) return;
    if (const steady::time_point* sent = host_->sent_at(version))
        stats_.broadcast_ms.push_back(ms_between(*sent, at));
}

}  // namespace carc::load
