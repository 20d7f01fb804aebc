#include "http/http_vacation.hpp"

#include <chrono>
#include <memory>

#include <nlohmann/json.hpp>

#include "cluster/cluster_node.hpp"
#include "http/http_routes.hpp"
#include "http/route_table.hpp"
#include "rooms/lobby.hpp"
#include "rooms/room.hpp"

namespace carc::server {

namespace http = boost::beast::http;
using nlohmann::json;
using protocol::ErrorCode;

namespace {

constexpr std::string_view prefix = "/api/me/games/";
constexpr std::string_view suffix = "/vacation";

http::status status_of(ErrorCode code) {
    switch (code) {
        case ErrorCode::journal_failed: return http::status::service_unavailable;
        case ErrorCode::not_in_room: return http::status::not_found;
        default: return http::status::conflict;
    }
}

// The room answers on its strand once the day is stored; no thread waits for it meanwhile.
void take_vacation(lobby& rooms, cluster_node* cluster, const http_request& request, const std::string& person_id,
                   const std::string& room_id, http_reply reply) {
    const auto answer = [version = request.version(), keep_alive = request.keep_alive()](http::status status,
                                                                                        const json& body) {
        http_request shape;
        shape.version(version);
        shape.keep_alive(keep_alive);
        return json_text_response(shape, body.dump(), status);
    };
    std::shared_ptr<room> target = rooms.find(room_id);
    if (!target && cluster) {
        // Another node runs the game: the same call there (307 keeps the method and body).
        if (auto owner = cluster->owner_elsewhere(room_id)) {
            const std::string location = *owner + std::string(request.target());
            http_answer res = answer(http::status::temporary_redirect,
                                     {{"error", "other_node"}, {"message", "the game runs at " + *owner}, {"url", *owner}});
            res.set(http::field::location, location);
            return reply(std::move(res));
        }
        target = rooms.find(room_id);  // taken over here just now
    }
    if (!target || !target->turn_based())
        return reply(answer(http::status::not_found,
                            {{"error", "no_such_game"}, {"message", "no running turn-based game " + room_id}}));
    target->take_vacation(person_id, [answer, room_id, reply = std::move(reply)](room::vacation_answer result) {
        if (result.refused) {
            json body{{"error", std::string(protocol::to_string(result.refused->code))},
                      {"message", result.refused->message}};
            if (result.refused->params.contains("reason")) body["reason"] = result.refused->params["reason"];
            return reply(answer(status_of(result.refused->code), body));
        }
        reply(answer(http::status::ok,
                     {{"room", room_id}, {"deadline_ms", result.deadline_ms}, {"vacation_days_left", result.days_left}}));
    });
}

}  // namespace

void add_vacation_route(route_table& routes, lobby& rooms, cluster_node* cluster) {
    routes.add({boost::beast::http::verb::post, std::string(prefix) + "{room}" + std::string(suffix),
                [&rooms, cluster](const route_call& rc, http_reply reply) {
                    take_vacation(rooms, cluster, rc.request, rc.me->account.person_id, rc.param("room"), std::move(reply));
                },
                access::signed_in});
}

}  // namespace carc::server
