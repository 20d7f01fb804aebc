#include "carc/protocol/view_publisher.hpp"

#include "carc/protocol/engine_json.hpp"
#include "patch_ops.hpp"
#include "view_fields.hpp"

namespace carc::protocol {

using nlohmann::json;

struct ViewPublisher::Published {
    view::Published<view::RoomSource, std::remove_const_t<decltype(view::room_fields)>> room;
    bool game_present = false;
    view::Published<view::GameSource, std::remove_const_t<decltype(view::game_fields)>> game;
    std::vector<view::Published<view::ViewerSource, std::remove_const_t<decltype(view::you_fields)>>> you;  // per key
};

namespace {

std::optional<int> seat_of(std::size_t key) {
    return key == 0 ? std::nullopt : std::optional<int>(static_cast<int>(key - 1));
}

}  // namespace

ViewPublisher::ViewPublisher(const RoomInfo& room)
    : published_(std::make_unique<Published>()),
      shared_({{"room", room_to_json(room)}, {"game", nullptr}}) {
    const GameExtras none;
    published_->room.publish(view::room_fields, view::RoomSource{room, true}, nullptr);
    published_->you.resize(room.seats.size() + 1);
    you_.resize(room.seats.size() + 1);
    for (std::size_t key = 0; key < published_->you.size(); ++key)
        published_->you[key].publish(view::you_fields, view::ViewerSource{nullptr, none, seat_of(key)}, nullptr);
}

ViewPublisher::ViewPublisher(ViewPublisher&&) noexcept = default;
ViewPublisher& ViewPublisher::operator=(ViewPublisher&&) noexcept = default;
ViewPublisher::~ViewPublisher() = default;

ViewChange ViewPublisher::update(const RoomInfo& room, bool spectators_changed, const State* state,
                                 const GameExtras& extras) {
    ViewChange change;
    Published& p = *published_;
    p.room.publish(view::room_fields, view::RoomSource{room, spectators_changed}, &change.shared);
    if (!state) {
        if (p.game_present) change.shared.push_back(patch_ops::make("replace", "/game", nullptr));
        p.game_present = false;
    } else if (!p.game_present) {
        // The game starts (or comes back after a restart): the whole of it, then remember it.
        change.shared.push_back(patch_ops::make("replace", "/game", game_to_json(*state, extras)));
        p.game = {};
        p.game.publish(view::game_fields, view::GameSource{*state, extras}, nullptr);
        p.game_present = true;
    } else {
        p.game.publish(view::game_fields, view::GameSource{*state, extras}, &change.shared);
    }
    if (!change.shared.empty()) {
        patch_ops::apply(shared_, change.shared);
        shared_text_.clear();
    }
    change.you.assign(p.you.size(), json::array());
    for (std::size_t key = 0; key < p.you.size(); ++key) {
        const std::optional<int> seat = seat_of(key);
        p.you[key].publish(view::you_fields, view::ViewerSource{state, extras, seat, view::seat_resigned(room, seat)},
                           &change.you[key]);
        if (!change.you[key].empty()) you_[key] = nullptr;
    }
    return change;
}

const json& ViewPublisher::you(std::optional<int> seat) const {
    json& you = you_.at(key(seat));
    if (you.is_null()) {
        const GameExtras none;
        json doc = json::object();
        published_->you[key(seat)].write(view::you_fields, view::ViewerSource{nullptr, none, seat}, doc);
        you = std::move(doc["you"]);
    }
    return you;
}

json ViewPublisher::view(std::optional<int> seat) const {
    json out = shared_;
    out["you"] = you(seat);
    return out;
}

std::string ViewPublisher::view_text(std::optional<int> seat) const {
    if (shared_text_.empty()) shared_text_ = shared_.dump();
    std::string out = shared_text_;
    out.pop_back();  // the closing brace: `you` goes in as a third member
    out += ",\"you\":";
    out += you(seat).dump();
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

}  // namespace carc::protocol
