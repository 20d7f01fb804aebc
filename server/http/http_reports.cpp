#include "http/http_reports.hpp"

#include <array>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "accounts/name_skeleton.hpp"
#include "accounts/account_service.hpp"
#include "carc/protocol/messages.hpp"
#include "http/http_routes.hpp"
#include "http/route_table.hpp"
#include "util/text.hpp"
#include "util/wall_clock.hpp"

namespace carc::server {

namespace http = boost::beast::http;
namespace st = carc::storage;
using nlohmann::json;

namespace {

// The reasons a report may give (the clients show them by these names).
constexpr std::array<std::string_view, 6> report_reasons = {"cheating", "abuse",   "spam",
                                                             "offensive_name", "boosting", "other"};
constexpr std::size_t max_note_length = 500;
constexpr std::size_t max_room_id_length = 64;

http_answer refusal(const http_request& request, http::status status, std::string code, std::string message) {
    return json_error_response(request, status, std::move(code), std::move(message));
}

std::string reasons_text() {
    std::string text;
    for (const auto r : report_reasons) text += (text.empty() ? "" : ", ") + std::string(r);
    return text;
}

// An optional string field: nullopt when absent or null; `bad` set when it is not a string.
std::optional<std::string> optional_string(const json& body, const char* field, bool& bad) {
    const auto it = body.find(field);
    if (it == body.end() || it->is_null()) return std::nullopt;
    if (!it->is_string()) {
        bad = true;
        return std::nullopt;
    }
    return it->get<std::string>();
}

// POST /api/reports {name, reason, note?, room?, chat: {text, time}?}
http_answer report(accounts::account_service& accounts, st::ModerationStore& moderation, const route_call& rc) {
    const http_request& request = rc.request;
    const json body = json::parse(request.body(), nullptr, false);
    if (body.is_discarded() || !body.is_object())
        return refusal(request, http::status::bad_request, "bad_json", "the body must be a JSON object");
    bool bad = false;
    const auto name = optional_string(body, "name", bad);
    const auto reason = optional_string(body, "reason", bad);
    const auto note = optional_string(body, "note", bad);
    const auto room = optional_string(body, "room", bad);
    if (bad || !name || !reason)
        return refusal(request, http::status::bad_request, "bad_field",
                       "fields 'name' and 'reason' are strings; 'note' and 'room' strings or absent");
    bool known_reason = false;
    for (const auto r : report_reasons) known_reason = known_reason || r == *reason;
    if (!known_reason)
        return refusal(request, http::status::bad_request, "bad_reason", "field 'reason': one of " + reasons_text());
    const std::string trimmed_note = note ? trim(*note) : std::string();
    if (utf8_length(trimmed_note) > max_note_length)
        return refusal(request, http::status::bad_request, "bad_field", "field 'note': at most 500 characters");
    if (room && (room->empty() || room->size() > max_room_id_length))
        return refusal(request, http::status::bad_request, "bad_field", "field 'room': a room or game id");

    st::NewReport made{.reporter_id = rc.me->account.person_id, .reason = *reason, .note = trimmed_note,
                       .room_id = room, .made_at_ms = unix_ms()};
    if (const auto chat = body.find("chat"); chat != body.end() && !chat->is_null()) {
        if (!chat->is_object() || !chat->value("text", json()).is_string() ||
            !chat->value("time", json()).is_number_integer() || !room)
            return refusal(request, http::status::bad_request, "bad_field",
                           "field 'chat': {text, time} of a line of the room named by 'room'");
        const auto text = trimmed_within((*chat)["text"].get<std::string>(), protocol::max_chat_length);
        if (!text)
            return refusal(request, http::status::bad_request, "bad_field", "field 'chat.text': 1 to 500 characters");
        made.chat_text = *text;
        made.chat_time_ms = (*chat)["time"].get<std::int64_t>();
    }
    auto target = accounts::account_named(accounts.store(), *name);
    if (!target) {
        spdlog::error("event=report_store_failed error=\"{}\"", target.message());
        return refusal(request, http::status::service_unavailable, "store_failed", "the store is not available; try again");
    }
    if (!*target) return refusal(request, http::status::not_found, "no_such_player", "there is no account of that name");
    if ((*target)->person_id == made.reporter_id)
        return refusal(request, http::status::bad_request, "self", "you cannot report yourself");
    made.target_id = (*target)->person_id;
    auto stored = moderation.add_report(made, reports_per_day);
    if (!stored) {
        spdlog::error("event=report_store_failed error=\"{}\"", stored.message());
        return refusal(request, http::status::service_unavailable, "store_failed", "the store is not available; try again");
    }
    if (!stored->stored)
        return refusal(request, http::status::too_many_requests, "reports_limited",
                       "you made " + std::to_string(reports_per_day) + " reports in the last day; try again tomorrow");
    spdlog::info("event=report_made report={} reporter={}", stored->id, made.reporter_id);
    return json_text_response(request, json{{"report", stored->id}}.dump(), http::status::created);
}

}  // namespace

void add_report_routes(route_table& routes, accounts::account_service& accounts, st::ModerationStore& moderation) {
    routes.add({http::verb::post, "/api/reports", answer_with([&accounts, &moderation](const route_call& rc) {
                    return report(accounts, moderation, rc);
                }),
                access::signed_in});
}

}  // namespace carc::server
