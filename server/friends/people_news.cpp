#include "friends/people_news.hpp"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "base/blocking_pool.hpp"
#include "cluster/cluster_node.hpp"
#include "friends/block_list.hpp"
#include "people/person_registry.hpp"

namespace carc::server::friends {

using nlohmann::json;

namespace {

void page_here(people_reach& state, const std::string& person, const std::string& sender, const std::string& text,
               const std::string& room) {
    if (!sender.empty() && state.blocks.blocks(person, sender)) return;
    if (!room.empty() && state.persons.watching(person, room)) return;
    if (auto links = state.persons.online_links(person)) links->send(shared_text(text));
}

void tell_other_nodes(people_reach& state, const json& news) {
    if (!state.cluster) return;
    if (auto told = state.cluster->tell_people(news.dump()); !told)
        spdlog::warn("event=people_news_not_sent kind={} error=\"{}\"", news.value("kind", ""), told.message());
}

}  // namespace

namespace {

void page_text(people_reach& state, const std::string& person, const std::string& sender, std::string text,
               const std::string& room) {
    page_here(state, person, sender, text, room);
    if (!state.cluster) return;
    json news = {{"kind", "page"},
                 {"node", state.cluster->node_id()},
                 {"to", person},
                 {"from", sender},
                 {"room", room},
                 {"text", std::move(text)}};
    state.blocking.post([&state, news = std::move(news)] { tell_other_nodes(state, news); });
}

}  // namespace

void page(people_reach& state, const std::string& person, const std::string& sender, const protocol::Notice& notice,
          const std::string& room) {
    page_text(state, person, sender, protocol::encode(notice), room);
}

void page(people_reach& state, const std::string& person, const protocol::TournamentRound& round) {
    page_text(state, person, {}, protocol::encode(round), {});
}

void blocks_changed(people_reach& state, const std::string& person) {
    if (state.cluster) tell_other_nodes(state, {{"kind", "blocks"}, {"node", state.cluster->node_id()}, {"person", person}});
}

void on_people_news(people_reach& state, const std::string& payload) {
    const json news = json::parse(payload, nullptr, false);
    if (!news.is_object() || !state.cluster) return;
    // This node's own news was handled when it was sent.
    if (news.value("node", "") == state.cluster->node_id()) return;
    const std::string kind = news.value("kind", "");
    if (kind == "page") {
        page_here(state, news.value("to", ""), news.value("from", ""), news.value("text", ""), news.value("room", ""));
    } else if (kind == "blocks") {
        const std::string person = news.value("person", "");
        if (state.blocks.knows(person)) load_blocks(state.blocks, state.stores.friends.get(), person);
    }
}

void on_people_news_lost(people_reach& state) { reload_all_blocks(state.blocks, state.stores.friends.get()); }

}  // namespace carc::server::friends
