// What a room remembers for people who arrive late or come back: the game's events so far and
// the last chat lines. Both go out with every snapshot and answer the `history` request, so a
// reload, a reconnect or a late spectator sees the same log and chat as everyone else.
#include "rooms/room.hpp"

namespace carc::server {

using nlohmann::json;

void room::remember_chat(const protocol::ChatMessage& message) {
    spectator_snapshot_.reset();
    chat_history_.push_back(
        {{"from", message.from}, {"name", message.name}, {"text", message.text}, {"time", message.time}});
    while (chat_history_.size() > chat_history_size) chat_history_.pop_front();
}

json room::chat_log() const {
    json out = json::array();
    for (const json& line : chat_history_) out.push_back(line);
    return out;
}

void room::on_message(requester& who, protocol::HistoryRequest&, bool) {
    if (!require_member(who)) return;
    reply(who, protocol::encode(protocol::History{id_, version_, json::parse(session_.events_text()), chat_log()}, who.id));
}

}  // namespace carc::server
