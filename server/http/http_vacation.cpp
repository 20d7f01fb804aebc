#include "http/http_vacation.hpp"

#include <chrono>
#include <future>
#include <memory>

#include <nlohmann/json.hpp>

#include "app/shared_state.hpp"
#include "cluster/cluster_node.hpp"
#include "http/http_routes.hpp"
#include "rooms/room.hpp"

namespace carc::server {

namespace http = boost::beast::http;
using nlohmann::json;
using protocol::ErrorCode;

namespace {

constexpr std::string_view prefix = "/api/me/games/";
constexpr std::string_view suffix = "/vacation";
// The room answers after one store call, whose waits are bounded; this only keeps a worker
// from waiting forever on a room that went away meanwhile.
constexpr auto room_answer_limit = std::chrono::seconds(30);

http::status status_of(ErrorCode code) {
    switch (code) {
        case ErrorCode::journal_failed: return http::status::service_unavailable;
        case ErrorCode::not_in_room: return http::status::not_found;
        default: return http::status::conflict;
    }
}

}  // namespace

std::string_view vacation_room_of(std::string_view path) {
    if (!path.starts_with(prefix) || !path.ends_with(suffix) || path.size() <= prefix.size() + suffix.size()) return {};
    return path.substr(prefix.size(), path.size() - prefix.size() - suffix.size());
}

http_answer take_vacation_over_http(shared_state& state, const http_request& request, const std::string& person_id,
                                    const std::string& room_id) {
    const auto answer = [&](http::status status, const json& body) {
        return json_text_response(request, body.dump(), status);
    };
    std::shared_ptr<room> target = state.rooms.find(room_id);
    if (!target && state.cluster) {
        // Another node runs the game: the same call there (307 keeps the method and body).
        if (auto owner = state.cluster->owner_elsewhere(room_id)) {
            const std::string location = *owner + std::string(request.target());
            http_answer res = answer(http::status::temporary_redirect,
                                     {{"error", "other_node"}, {"message", "the game runs at " + *owner}, {"url", *owner}});
            res.set(http::field::location, location);
            return res;
        }
        target = state.rooms.find(room_id);  // taken over here just now
    }
    if (!target || !target->turn_based())
        return answer(http::status::not_found,
                      {{"error", "no_such_game"}, {"message", "no running turn-based game " + room_id}});
    auto promise = std::make_shared<std::promise<room::vacation_answer>>();
    auto future = promise->get_future();
    target->take_vacation(person_id, [promise](room::vacation_answer a) { promise->set_value(std::move(a)); });
    if (future.wait_for(room_answer_limit) != std::future_status::ready)
        return answer(http::status::service_unavailable, {{"error", "store_failed"}, {"message", "try again"}});
    const room::vacation_answer result = future.get();
    if (result.refused) {
        json body{{"error", std::string(protocol::to_string(result.refused->code))}, {"message", result.refused->message}};
        if (result.refused->params.contains("reason")) body["reason"] = result.refused->params["reason"];
        return answer(status_of(result.refused->code), body);
    }
    return answer(http::status::ok,
                  {{"room", room_id}, {"deadline_ms", result.deadline_ms}, {"vacation_days_left", result.days_left}});
}

}  // namespace carc::server
