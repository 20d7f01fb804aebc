#include "http/http_friends.hpp"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "accounts/account_rules.hpp"
#include "accounts/name_skeleton.hpp"
#include "friends/block_list.hpp"
#include "friends/people_news.hpp"
#include "friends/block_list.hpp"
#include "friends/friends_json.hpp"
#include "friends/people_news.hpp"
#include "http/http_routes.hpp"
#include "http/route_table.hpp"
#include "util/text.hpp"
#include "util/wall_clock.hpp"

namespace carc::server {

namespace http = boost::beast::http;
namespace st = carc::storage;
using nlohmann::json;

namespace {

http_answer refusal(const http_request& request, http::status status, std::string code, std::string message) {
    return json_error_response(request, status, std::move(code), std::move(message));
}

http_answer store_failed(const http_request& request, const st::Error& error) {
    spdlog::error("event=friends_store_failed error=\"{}\"", error.message);
    return refusal(request, http::status::service_unavailable, "store_failed", "the store is not available; try again");
}

// PUT (on) or DELETE (off) of a follow or a block of the account `name`.
http_answer set_edge(accounts::account_service& accounts, friends::people_reach& reach, st::FriendStore& friends, const http_request& request,
                     const std::string& name, const st::AccountRecord& me, bool block) {
    const bool on = request.method() == http::verb::put;
    if (name.size() > 200) return refusal(request, http::status::bad_request, "bad_path", "a malformed player name");
    auto target = accounts::account_named(accounts.store(), name);
    if (!target) return store_failed(request, target.error());
    if (!*target) return refusal(request, http::status::not_found, "no_such_player", "there is no account of that name");
    const std::string& them = (*target)->person_id;
    if (them == me.person_id)
        return refusal(request, http::status::bad_request, "self", "you cannot follow or block yourself");
    if (!block && on) {
        auto relation = friends.relation(me.person_id, them);
        if (!relation) return store_failed(request, relation.error());
        if (relation->blocks)
            return refusal(request, http::status::conflict, "blocked", "you block this player: unblock them first");
        if (relation->blocked_by)
            return refusal(request, http::status::forbidden, "blocked", "this player does not accept your follow");
    }
    const auto set = block ? friends.set_block(me.person_id, them, on, unix_ms())
                           : friends.set_follow(me.person_id, them, on, unix_ms());
    if (!set) return store_failed(request, set.error());
    if (block) {
        // This node's cache at once; the other nodes read the list again when they hear of it.
        reach.blocks.set(me.person_id, them, on);
        friends::blocks_changed(reach, me.person_id);
    }
    spdlog::info("event={}{} person={} target={}", on ? "" : "un", block ? "block" : "follow", me.person_id, them);
    auto lists = friends.friend_lists(me.person_id);
    if (!lists) return store_failed(request, lists.error());
    return json_text_response(request, friends::lists_json(*lists).dump(), http::status::ok);
}

}  // namespace

void add_friends_routes(route_table& routes, accounts::account_service& accounts, friends::people_reach& reach,
                        st::FriendStore& friends) {
    using http::verb;
    const auto edge = [&](verb method, std::string pattern, bool block) {
        routes.add({method, std::move(pattern), answer_with([&accounts, &reach, &friends, block](const route_call& rc) {
                        return set_edge(accounts, reach, friends, rc.request, rc.param("name"), rc.me->account, block);
                    }),
                    access::signed_in});
    };
    edge(verb::put, "/api/me/follows/{name}", false);
    edge(verb::delete_, "/api/me/follows/{name}", false);
    edge(verb::put, "/api/me/blocks/{name}", true);
    edge(verb::delete_, "/api/me/blocks/{name}", true);
    routes.add({verb::get, "/api/me/friends", answer_with([&friends](const route_call& rc) {
                    auto lists = friends.friend_lists(rc.me->account.person_id);
                    if (!lists) return store_failed(rc.request, lists.error());
                    return json_text_response(rc.request, friends::lists_json(*lists).dump(), http::status::ok);
                }),
                access::signed_in});
}

bool add_profile_stats(st::FriendStore* friends, accounts::account_service& accounts, std::string_view name,
                       json& profile) {
    if (!friends) return true;
    auto account = accounts::account_named(accounts.store(), name);
    if (!account) return false;
    if (!*account) return true;
    auto stats = friends->stats_of((*account)->person_id);
    if (!stats) return false;
    profile["stats"] = friends::stats_json(*stats);
    return true;
}

}  // namespace carc::server
