#pragma once
// A server `error` worded in the client's language from its `code` and `params`
// (docs/protocol.md "Errors"), the same codes the browser words; the server's English
// `message` when the client has no words for the code.

#include <string>

#include <nlohmann/json.hpp>

namespace carc::term {

std::string error_text(const nlohmann::json& error);

}  // namespace carc::term
