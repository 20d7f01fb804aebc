#pragma once
// What the tournaments' HTTP API does (docs/protocol.md, "Tournaments"): create, read, list,
// join, withdraw, start. Each returns a status and a JSON body; run on the account workers.

#include <string>

#include <nlohmann/json.hpp>

#include "accounts/account_service.hpp"

namespace carc::server {
namespace tournaments {

class tournament_service;

struct answer {
    int status = 200;
    nlohmann::json body;
};

// The most Swiss rounds a tournament may have, and the longest name.
inline constexpr int max_swiss_rounds = 20;
inline constexpr std::size_t max_name_length = 64;

answer create(tournament_service& service, const accounts::signed_in& me, const nlohmann::json& body);
answer read(tournament_service& service, const std::string& id);
answer list(tournament_service& service);
answer join(tournament_service& service, const accounts::signed_in& me, const std::string& id);
answer withdraw(tournament_service& service, const accounts::signed_in& me, const std::string& id);
answer start(tournament_service& service, const accounts::signed_in& me, const std::string& id);

}  // namespace tournaments
}  // namespace carc::server
