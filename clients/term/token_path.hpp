#pragma once
// Where the reconnect token is kept by default: one file per server and player name under
// $XDG_STATE_HOME/carc-term (or ~/.local/state/carc-term), so a quit or a crash can always be
// resumed by starting carc-term again with the same --server and --name.

#include <string>

#include "server_url.hpp"

namespace carc::term {

// "" when neither XDG_STATE_HOME nor HOME is set.
std::string default_token_file(const ServerUrl& url, const std::string& name, const char* xdg_state_home,
                               const char* home);

// Creates the directory of `file` (mode 0700) if missing; false if it cannot.
bool make_token_dir(const std::string& file);

}  // namespace carc::term
