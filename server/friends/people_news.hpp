#pragma once
// What one person must hear wherever they are connected (docs/friends.md). A page notice (a
// challenge, a declined challenge) goes to the person's connections on this node and, with
// several nodes, through PostgreSQL's carc_people channel to every other node, which hands it to
// the person's connections there. A change of someone's blocks goes the same way, so every node
// reads that list again. Each receiving node leaves out a page notice whose sender the
// person blocks. With several nodes the calls that send query the store: off the I/O threads.

#include <string>

namespace carc::server {
class shared_state;
}

namespace carc::server::friends {

// The WebSocket message `text` (a notice naming `sender`) to `person`'s connections, on every node.
void page(shared_state& state, const std::string& person, const std::string& sender, const std::string& text);
// `person` blocked or unblocked someone: the other nodes read their list again.
void blocks_changed(shared_state& state, const std::string& person);

// The cluster's feed heard `payload` on carc_people (the feed's thread).
void on_people_news(shared_state& state, const std::string& payload);
// The feed was opened again: news sent meanwhile is lost, so every list kept here is read again.
void on_people_news_lost(shared_state& state);

}  // namespace carc::server::friends
