#pragma once
// An error answer of the room's, built in one place (the seating's refusals, the game's).

#include <string>

#include <nlohmann/json.hpp>

#include "carc/protocol/messages.hpp"

namespace carc::server {

inline protocol::ErrorMessage make_error(protocol::ErrorCode code, std::string message,
                                         nlohmann::json params = nlohmann::json::object()) {
    protocol::ErrorMessage e;
    e.code = code;
    e.message = std::move(message);
    e.params = std::move(params);
    return e;
}

}  // namespace carc::server
