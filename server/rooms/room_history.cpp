// What a room remembers for people who arrive late or come back: the game's events so far and
// the last chat lines. Both go out with every snapshot and answer the `history` request, so a
// reload, a reconnect or a late spectator sees the same log and chat as everyone else.
#include "rooms/room.hpp"

#include "rooms/room_services.hpp"

namespace carc::server {

using nlohmann::json;

void room::keep_chat(const protocol::ChatMessage& message, std::optional<int> seat) {
    static_assert(chat_history_size == storage::kept_chat_lines, "a room keeps as many lines as the store");
    remember_chat(message);
    // Only a room the store brings back keeps its chat: a waiting room or a running game.
    const bool stored = stored_waiting_.has_value() || (session_.started() && !session_.finished());
    if (stored)
        state_.journal->append_chat({id_, message.from, seat.value_or(-1), message.name, message.text, message.time});
}

namespace {

// A line the operator removed: who said it and when, not what.
json removed_line(const std::string& from, const std::string& name, std::int64_t time_ms) {
    return {{"from", from}, {"name", name}, {"time", time_ms}, {"removed", true}};
}

}  // namespace

void room::restore_chat(std::vector<chat_line> lines) {
    boost::asio::post(strand_, [self = shared_from_this(), lines = std::move(lines)] {
        for (const chat_line& line : lines)
            self->remember_chat(line.removed ? removed_line(line.person, line.name, line.time_ms)
                                             : json{{"from", line.person},
                                                    {"name", line.name},
                                                    {"text", line.text},
                                                    {"time", line.time_ms}});
    });
}

void room::remember_chat(const protocol::ChatMessage& message) {
    remember_chat({{"from", message.from}, {"name", message.name}, {"text", message.text}, {"time", message.time}});
}

void room::remember_chat(json line) {
    spectator_snapshot_.reset();
    chat_history_.push_back(std::move(line));
    while (chat_history_.size() > chat_history_size) chat_history_.pop_front();
}

void room::remove_chat(std::string person, std::int64_t time_ms) {
    boost::asio::post(strand_, [self = shared_from_this(), person = std::move(person), time_ms] {
        for (json& line : self->chat_history_)
            if (line["from"] == person && line["time"] == time_ms && !line.contains("removed"))
                line = removed_line(person, line["name"].get<std::string>(), time_ms);
        self->spectator_snapshot_.reset();
        // Everyone, even those who never got the line (they block its sender): a client drops
        // only a line it shows.
        const auto message = shared_text(protocol::encode(protocol::ChatRemoved{self->id_, person, time_ms}));
        for (const auto& [member_person, m] : self->seating_.members())
            if (m.link) self->send_to(m.link, message);
    });
}

json room::chat_log(const std::set<std::string>& hidden) const {
    json out = json::array();
    for (const json& line : chat_history_)
        if (hidden.empty() || !hidden.contains(line["from"].get<std::string>())) out.push_back(line);
    return out;
}

void room::on_message(requester& who, protocol::HistoryRequest&, bool) {
    if (!require_member(who)) return;
    reply(who, protocol::encode(protocol::History{id_, version_, json::parse(session_.events_text()),
                                                      chat_log(state_.blocks.blocked_by(who.person))},
                                   who.id));
}

}  // namespace carc::server
