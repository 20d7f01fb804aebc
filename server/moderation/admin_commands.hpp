#pragma once
// The operator's commands (carc-admin, docs/moderation.md): each one reads or changes the store
// every node shares and writes its audit entry there in the same transaction. The same code
// runs in the tool (PostgreSQL, or SQLite with no server running) and in a SQLite server on the
// tool's behalf (its admin socket, moderation/admin_socket.hpp), so an action means the same
// wherever it runs.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "carc/storage/stores.hpp"

namespace carc::server::moderation {

struct admin_outcome {
    int exit_code = 0;
    std::string out;  // what the operator reads
    std::string err;  // why a command was refused
};

// Runs one command (`args` without the program's name and store options), acting as
// `operator_name` at `now_ms`.
admin_outcome run_admin_command(const storage::Stores& stores, const std::vector<std::string>& args,
                                const std::string& operator_name, std::int64_t now_ms);

// The usage text: every command with its arguments.
std::string admin_usage();

// "90s", "30m", "12h", "7d" in milliseconds; nullopt for anything else.
std::optional<std::int64_t> parse_duration_ms(const std::string& text);

}  // namespace carc::server::moderation
