#include "http/http_friends.hpp"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "accounts/account_rules.hpp"
#include "accounts/name_skeleton.hpp"
#include "app/shared_state.hpp"
#include "friends/block_list.hpp"
#include "friends/friends_json.hpp"
#include "friends/people_news.hpp"
#include "http/http_routes.hpp"
#include "util/text.hpp"
#include "util/wall_clock.hpp"

namespace carc::server {

namespace http = boost::beast::http;
namespace st = carc::storage;
using nlohmann::json;

namespace {

constexpr std::string_view follows_path = "/api/me/follows/";
constexpr std::string_view blocks_path = "/api/me/blocks/";
constexpr std::string_view lists_path = "/api/me/friends";

http_answer refusal(const http_request& request, http::status status, std::string code, std::string message) {
    return json_error_response(request, status, std::move(code), std::move(message));
}

http_answer store_failed(const http_request& request, const st::Error& error) {
    spdlog::error("event=friends_store_failed error=\"{}\"", error.message);
    return refusal(request, http::status::service_unavailable, "store_failed", "the store is not available; try again");
}

// PUT (on) or DELETE (off) of a follow or a block of the account named at the end of `path`.
http_answer set_edge(shared_state& state, st::FriendStore& friends, const http_request& request,
                     std::string_view path, const st::AccountRecord& me, bool block) {
    const bool on = request.method() == http::verb::put;
    if (!on && request.method() != http::verb::delete_)
        return refusal(request, http::status::method_not_allowed, "method_not_allowed", "PUT or DELETE only");
    const auto name = percent_decoded(path.substr((block ? blocks_path : follows_path).size()));
    if (!name || name->empty() || name->size() > 200)
        return refusal(request, http::status::bad_request, "bad_path", "a malformed player name");
    auto target = accounts::account_named(state.accounts->store(), *name);
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
        state.blocks.set(me.person_id, them, on);
        friends::blocks_changed(state, me.person_id);
    }
    spdlog::info("event={}{} person={} target={}", on ? "" : "un", block ? "block" : "follow", me.person_id, them);
    auto lists = friends.friend_lists(me.person_id);
    if (!lists) return store_failed(request, lists.error());
    return json_text_response(request, friends::lists_json(*lists).dump(), http::status::ok);
}

}  // namespace

bool is_friends_path(std::string_view path) {
    return path == lists_path || (path.starts_with(follows_path) && path.size() > follows_path.size()) ||
           (path.starts_with(blocks_path) && path.size() > blocks_path.size());
}

http_answer answer_friends_call(shared_state& state, const http_request& request, std::string_view path,
                                const st::AccountRecord& me) {
    auto* friends = dynamic_cast<st::FriendStore*>(state.store.get());
    if (!friends) return refusal(request, http::status::service_unavailable, "no_accounts", "this server keeps no friends");
    if (path.starts_with(follows_path)) return set_edge(state, *friends, request, path, me, false);
    if (path.starts_with(blocks_path)) return set_edge(state, *friends, request, path, me, true);
    if (request.method() != http::verb::get)
        return refusal(request, http::status::method_not_allowed, "method_not_allowed", "GET only");
    auto lists = friends->friend_lists(me.person_id);
    if (!lists) return store_failed(request, lists.error());
    return json_text_response(request, friends::lists_json(*lists).dump(), http::status::ok);
}

bool add_profile_stats(shared_state& state, std::string_view name, json& profile) {
    auto* friends = dynamic_cast<st::FriendStore*>(state.store.get());
    if (!friends || !state.accounts) return true;
    auto account = accounts::account_named(state.accounts->store(), name);
    if (!account) return false;
    if (!*account) return true;
    auto stats = friends->stats_of((*account)->person_id);
    if (!stats) return false;
    profile["stats"] = friends::stats_json(*stats);
    return true;
}

}  // namespace carc::server
