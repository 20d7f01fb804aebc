#pragma once
// The sessions' address step (docs/accounts.md): the client address a session was made from
// (behind --trusted-proxy, the one the proxy names), shown in the account's sessions list;
// empty for a session made before. The same SQL on both databases; a step of its own in each
// database's list (schema.cpp, pg_schema.cpp), so its place in the list can change without
// touching it.

namespace carc::storage::session_address_schema {

inline constexpr const char* step = R"sql(
ALTER TABLE account_sessions ADD COLUMN address TEXT NOT NULL DEFAULT '';
)sql";

}  // namespace carc::storage::session_address_schema
