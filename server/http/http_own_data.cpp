#include "http/http_own_data.hpp"

#include <chrono>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "accounts/account_rules.hpp"
#include "accounts/name_skeleton.hpp"
#include "http/own_data.hpp"
#include "accounts/password_hash.hpp"
#include "http/record_cache.hpp"
#include "rooms/room_services.hpp"
#include "http/http_routes.hpp"
#include "http/route_table.hpp"
#include "util/wall_clock.hpp"

namespace carc::server {

namespace http = boost::beast::http;
using nlohmann::json;

namespace {

http_answer store_failed(const http_request& request, const storage::Error& error) {
    spdlog::error("event=own_data_store_failed error=\"{}\"", error.message);
    return json_error_response(request, http::status::service_unavailable, "store_failed",
                               "the store is not available; try again");
}

http_answer retry_later(const http_request& request, accounts::account_service::clock::duration wait,
                        const std::string& what) {
    const auto seconds = std::max<long long>(1, std::chrono::ceil<std::chrono::seconds>(wait).count());
    http_answer res = json_error_response(request, http::status::too_many_requests, "rate_limited",
                                          what + "; try again in " + std::to_string(seconds) + " s");
    res.set(http::field::retry_after, std::to_string(seconds));
    return res;
}

// GET /api/me/export: the account's data as a file to keep.
http_answer export_data(accounts::account_service& service, const storage::Stores& stores, const route_call& rc) {
    const auto now = service.now();
    const std::string& person = rc.me->account.person_id;
    if (auto wait = service.exports().wait_before(person, now))
        return retry_later(rc.request, *wait, "too many exports of your data");
    service.exports().count(person, now);
    auto exported = accounts::export_own_data(stores, rc.me->account, unix_ms());
    if (!exported) return store_failed(rc.request, exported.error());
    http_answer res = json_text_response(rc.request, exported->dump(2));
    res.set(http::field::content_disposition, "attachment; filename=\"carc-personal-data.json\"");
    res.set(http::field::cache_control, "no-store");
    spdlog::info("event=own_data_exported person={}", person);
    return res;
}

// DELETE /api/me {password}: checked like a sign-in (a wrong one counts toward the name's limit).
http_answer delete_me(accounts::account_service& service, room_services& rooms, record_cache& records,
                      const http_request& request, const std::string& address, const accounts::signed_in& me) {
    const json body = json::parse(request.body(), nullptr, false);
    const auto field = body.is_object() ? body.find("password") : body.end();
    if (!body.is_object() || field == body.end() || !field->is_string() || field->get<std::string>().empty())
        return json_error_response(request, http::status::forbidden, "password_required",
                                   "deleting the account needs your password: send it as 'password'");
    const std::string typed = field->get<std::string>();
    const auto now = service.now();
    const std::string key = accounts::name_at_address(accounts::name_skeleton(me.account.name), address);
    if (auto wait = service.name_failures().wait_before(key, now))
        return retry_later(request, *wait, "too many sign-in attempts");
    if (typed.size() > accounts::max_password_bytes || !accounts::verify_password(me.account.password_hash, typed)) {
        service.name_failures().count(key, now);
        return json_error_response(request, http::status::forbidden, "wrong_password", "the password is wrong");
    }
    auto deleted = accounts::delete_account(rooms, service, records, me.account, unix_ms());
    if (!deleted) {
        if (deleted.code() == storage::ErrorCode::not_found)
            return json_error_response(request, http::status::not_found, "no_such_account", "the account is gone already");
        return store_failed(request, deleted.error());
    }
    http_answer res = json_text_response(request, json{{"deleted", true}, {"rooms_left", *deleted}}.dump());
    set_session_cookie(rooms.config, res, "");
    return res;
}

}  // namespace

void add_own_data_routes(route_table& routes, accounts::account_service& accounts, room_services& rooms,
                         record_cache& records) {
    routes.add({http::verb::get, "/api/me/export",
                answer_with([&accounts, &rooms](const route_call& rc) { return export_data(accounts, rooms.stores, rc); }), access::signed_in});
    routes.add({http::verb::delete_, "/api/me",
                [&accounts, &rooms, &records](const route_call& rc, http_reply reply) {
                    // The password's hash runs on the hashing threads, like a sign-in's.
                    const bool queued = accounts.post_hashing(
                        [&accounts, &rooms, &records, &request = rc.request, address = rc.address, me = *rc.me, reply] {
                            try {
                                reply(delete_me(accounts, rooms, records, request, address, me));
                            } catch (const std::exception& e) {
                                spdlog::error("event=account_delete_failed error=\"{}\"", e.what());
                                reply(json_error_response(request, http::status::internal_server_error, "internal",
                                                          "the request could not be answered"));
                            }
                        });
                    if (!queued) reply(hashing_busy(rc.request));
                },
                access::signed_in, runs_on::io});
}

}  // namespace carc::server
