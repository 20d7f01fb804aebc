#include "rooms/seating.hpp"

#include <algorithm>

#include "rooms/room_error.hpp"

namespace carc::server {

using protocol::ErrorCode;
using protocol::ErrorMessage;
using protocol::RoomStatus;
using protocol::SeatInfo;
using nlohmann::json;

namespace {

// Bots are told apart by their seat: "Bot 2 (greedy)", "Bot 3 (greedy)".
std::string bot_name(BotKind kind, int seat) {
    return "Bot " + std::to_string(seat + 1) + " (" + std::string(protocol::to_string(kind)) + ")";
}

ErrorMessage refusal(ErrorCode code, std::string message, json params = json::object()) {
    return make_error(code, std::move(message), std::move(params));
}

}  // namespace

seating::seating(std::string id, std::string invite, protocol::RoomSettings settings) {
    info_.id = std::move(id);
    info_.invite = std::move(invite);
    info_.settings = std::move(settings);
    info_.seats.resize(static_cast<std::size_t>(info_.settings.config.players));
    for (const protocol::BotSeat& bot : info_.settings.bots) {
        SeatInfo& seat = info_.seats[static_cast<std::size_t>(bot.seat)];
        seat.kind = SeatInfo::Kind::bot;
        seat.bot = bot.kind;
        seat.name = bot_name(bot.kind, bot.seat);
    }
}

const seating::member* seating::find(const std::string& person) const {
    const auto it = members_.find(person);
    return it == members_.end() ? nullptr : &it->second;
}

seating::member* seating::find_mutable(const std::string& person) {
    const auto it = members_.find(person);
    return it == members_.end() ? nullptr : &it->second;
}

std::optional<int> seating::open(const std::string& person, const std::string& name,
                                 std::shared_ptr<client_link> link) {
    info_.host = person;
    std::optional<int> seat;
    for (std::size_t i = 0; i < info_.seats.size() && !seat; ++i)
        if (info_.seats[i].kind == SeatInfo::Kind::empty) seat = static_cast<int>(i);
    add(person, name, std::move(link), seat);
    return seat;
}

seating::join_outcome seating::join(const std::string& person, const std::string& name,
                                    std::shared_ptr<client_link> link, std::optional<int> wanted) {
    member* existing = find_mutable(person);
    if (info_.status != RoomStatus::waiting) {
        if (existing && existing->seat && (!wanted || wanted == existing->seat)) {
            existing->link = std::move(link);
            set_online(*existing, true);
            return {std::nullopt, existing->seat, true};
        }
        return {refusal(ErrorCode::wrong_status, "the game has started; you can spectate", {{"reason", "game_started"}}), std::nullopt, false};
    }
    std::optional<int> seat = wanted;
    if (seat) {
        if (*seat >= seat_count()) {
            return {refusal(ErrorCode::bad_field,
                            "field 'seat': the room has " + std::to_string(info_.seats.size()) + " seats",
                            {{"field", "seat"}, {"seats", info_.seats.size()}}), std::nullopt, false};
        }
        const SeatInfo& s = this->seat(*seat);
        const bool mine = s.kind == SeatInfo::Kind::human && s.person == person;
        if (s.kind != SeatInfo::Kind::empty && !mine)
            return {refusal(ErrorCode::seat_taken, "seat " + std::to_string(*seat) + " is not free", {{"seat", *seat}}), std::nullopt, false};
    } else if (existing && existing->seat) {
        seat = existing->seat;
    } else {
        for (std::size_t i = 0; i < info_.seats.size() && !seat; ++i)
            if (info_.seats[i].kind == SeatInfo::Kind::empty) seat = static_cast<int>(i);
        if (!seat) return {refusal(ErrorCode::seat_taken, "the room is full", {{"reason", "full"}}), std::nullopt, false};
    }
    if (existing && existing->seat && existing->seat != seat) free_seat(*existing->seat);
    add(person, name, std::move(link), seat);
    return {std::nullopt, seat, false};
}

std::optional<ErrorMessage> seating::spectate(const std::string& person, const std::string& name,
                                              std::shared_ptr<client_link> link) {
    const member* existing = find(person);
    if (!info_.settings.spectators && info_.host != person)
        return refusal(ErrorCode::spectators_not_allowed, "this room does not allow spectators");
    if (existing && existing->seat) {
        if (info_.status != RoomStatus::waiting)
            return refusal(ErrorCode::wrong_status, "you hold a seat in this game", {{"reason", "seated_in_game"}});
        free_seat(*existing->seat);
    }
    add(person, name, std::move(link), std::nullopt);
    return std::nullopt;
}

void seating::add(const std::string& person, const std::string& name, std::shared_ptr<client_link> link,
                  std::optional<int> seat) {
    member& m = members_[person];
    m.name = name;
    m.link = std::move(link);
    m.seat = seat;
    m.needs_snapshot = true;
    if (seat) seat_person(*seat, person, name);
    sync_spectator(person);
}

void seating::remove(const std::string& person) {
    const auto it = members_.find(person);
    if (it == members_.end()) return;
    if (it->second.seat && info_.status == RoomStatus::waiting) free_seat(*it->second.seat);
    if (it->second.seat) set_online(it->second, false);
    members_.erase(it);
    sync_spectator(person);
    if (info_.host == person) pick_new_host();
}

std::optional<ErrorMessage> seating::check_kick(const std::string& host, const std::string& target) const {
    const member* m = find(target);
    if (!m || target == host)
        return refusal(ErrorCode::bad_field, "field 'person': not another member of this room", {{"field", "person"}});
    if (m->seat && info_.status != RoomStatus::waiting)
        return refusal(ErrorCode::wrong_status, "seated players cannot be kicked once the game started",
                       {{"reason", "game_started"}});
    return std::nullopt;
}

std::optional<ErrorMessage> seating::set_bot(int index, std::optional<BotKind> bot) {
    if (info_.status != RoomStatus::waiting)
        return refusal(ErrorCode::wrong_status, "bots can only be changed before the start", {{"reason", "game_started"}});
    if (index >= seat_count()) return refusal(ErrorCode::bad_field, "field 'seat': no such seat", {{"field", "seat"}});
    SeatInfo& s = info_.seats[static_cast<std::size_t>(index)];
    if (bot) {
        if (s.kind == SeatInfo::Kind::human) return refusal(ErrorCode::seat_taken, "a person sits there", {{"seat", index}});
        s = SeatInfo{};
        s.kind = SeatInfo::Kind::bot;
        s.bot = *bot;
        s.name = bot_name(*bot, index);
    } else {
        if (s.kind != SeatInfo::Kind::bot) return refusal(ErrorCode::bad_field, "field 'seat': no bot there", {{"field", "seat"}});
        free_seat(index);
    }
    return std::nullopt;
}

bool seating::attach(const std::string& person, const std::string& name, std::shared_ptr<client_link> link) {
    member* m = find_mutable(person);
    if (!m) return false;
    m->link = std::move(link);
    // A hello with the token and a new name renames the person here too.
    m->name = name;
    if (m->seat) info_.seats[static_cast<std::size_t>(*m->seat)].name = name;
    m->needs_snapshot = true;
    if (m->seat) set_online(*m, true);
    sync_spectator(person);
    return true;
}

bool seating::detach(const std::string& person, std::uint64_t link_id) {
    member* m = find_mutable(person);
    if (!m || !m->link || m->link->id() != link_id) return false;
    m->link.reset();
    if (m->seat) set_online(*m, false);
    sync_spectator(person);
    return true;
}

void seating::relink(const std::string& person, std::shared_ptr<client_link> link) {
    member* m = find_mutable(person);
    if (!m) return;
    m->link = std::move(link);
    sync_spectator(person);
}

seating::grace_end seating::grace_over(const std::string& person) const {
    const member* m = find(person);
    if (!m || m->link) return grace_end::ignored;
    return m->seat && info_.status != RoomStatus::waiting ? grace_end::stays : grace_end::leaves;
}

bool seating::anyone_online() const {
    return std::any_of(members_.begin(), members_.end(), [](const auto& e) { return e.second.link != nullptr; });
}

bool seating::humans_playing() const {
    return std::any_of(info_.seats.begin(), info_.seats.end(),
                       [](const SeatInfo& s) { return s.kind == SeatInfo::Kind::human && !s.resigned; });
}

int seating::active_seats() const {
    return static_cast<int>(
        std::count_if(info_.seats.begin(), info_.seats.end(), [](const SeatInfo& s) { return !s.resigned; }));
}

bool seating::seat_is_automatic(int index) const {
    const SeatInfo& s = seat(index);
    return s.kind == SeatInfo::Kind::bot || s.resigned || s.away;
}

bool seating::mark_offline_long(const std::string& person) {
    const member* m = find(person);
    if (!m || m->link || !m->seat) return false;
    SeatInfo& s = info_.seats[static_cast<std::size_t>(*m->seat)];
    if (s.offline_long) return false;
    s.offline_long = true;
    return true;
}

bool seating::set_away(int index, bool away) {
    SeatInfo& s = info_.seats[static_cast<std::size_t>(index)];
    if (s.kind != SeatInfo::Kind::human || s.resigned || s.away == away) return false;
    s.away = away;
    return true;
}

void seating::restore_host(std::string person) {
    info_.host = std::move(person);
    if (!find(info_.host)) pick_new_host();
}

bool seating::resign(int index) {
    SeatInfo& s = info_.seats[static_cast<std::size_t>(index)];
    if (s.resigned) return false;
    s.resigned = true;
    return true;
}

bool seating::restore_seat(std::size_t index, const journal_seat& stored, bool resigned) {
    SeatInfo& s = info_.seats[index];
    s = SeatInfo{};
    s.name = stored.name;
    s.resigned = resigned;
    if (stored.bot) {
        s.kind = SeatInfo::Kind::bot;
        s.bot = *stored.bot;
        return false;
    }
    s.kind = SeatInfo::Kind::human;
    s.person = stored.person;
    if (resigned) return false;
    member& m = members_[stored.person];
    m.name = stored.name;
    m.seat = static_cast<int>(index);
    return true;
}

void seating::free_seat(int index) { info_.seats[static_cast<std::size_t>(index)] = SeatInfo{}; }

void seating::snapshot_sent(const std::string& person) {
    if (member* m = find_mutable(person)) m->needs_snapshot = false;
}

void seating::snapshots_sent() {
    for (auto& [person, m] : members_) m.needs_snapshot = false;
}

void seating::seat_person(int index, const std::string& person, const std::string& name) {
    SeatInfo& s = info_.seats[static_cast<std::size_t>(index)];
    s = SeatInfo{};
    s.kind = SeatInfo::Kind::human;
    s.person = person;
    s.name = name;
    s.online = true;
}

void seating::set_online(const member& m, bool online) {
    SeatInfo& s = info_.seats[static_cast<std::size_t>(*m.seat)];
    s.online = online;
    if (online) s.offline_long = false;
}

void seating::sync_spectator(const std::string& person) {
    const member* m = find(person);
    const auto it = watching_.find(person);
    if (m && !m->seat) {
        protocol::MemberInfo now{person, m->name, m->link != nullptr};
        if (it == watching_.end()) watching_.emplace(person, std::move(now));
        else if (it->second != now) it->second = std::move(now);
        else return;
    } else if (it != watching_.end()) {
        watching_.erase(it);
    } else {
        return;
    }
    spectators_changed_ = true;
}

bool seating::refresh_spectators() {
    if (!std::exchange(spectators_changed_, false)) return false;
    auto& listed = info_.spectators;
    listed.clear();
    for (auto it = watching_.begin(); it != watching_.end() && listed.size() < protocol::max_listed_spectators; ++it)
        listed.push_back(it->second);
    info_.spectator_count = static_cast<int>(watching_.size());
    return true;
}

void seating::pick_new_host() {
    info_.host.clear();
    for (const auto& [person, m] : members_) {
        if (m.seat) {
            info_.host = person;
            return;
        }
    }
    if (!members_.empty()) info_.host = members_.begin()->first;
}

}  // namespace carc::server
