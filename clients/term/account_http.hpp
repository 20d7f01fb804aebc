#pragma once
// The accounts' HTTP calls the terminal client makes (docs/protocol.md, "Accounts"): signing in
// (the session token comes back in the body and is kept in the session file next to the token
// file), listing "my games", signing out. Blocking; called before the terminal UI starts.

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "server_url.hpp"

namespace carc::term {

struct AccountReply {
    int status = 0;  // 0: the server could not be reached
    nlohmann::json body;
    std::string error;  // the server's message, or why the call failed
};

AccountReply account_call(const ServerUrl& server, const std::string& method, const std::string& target,
                          const nlohmann::json& body, const std::string& session);

// The session token on success; otherwise nullopt and `error` says why.
std::optional<std::string> sign_in(const ServerUrl& server, const std::string& name, const std::string& password,
                                   std::string& error);

}  // namespace carc::term
