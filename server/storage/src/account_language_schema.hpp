#pragma once
// The account's language step (docs/accounts.md): the language its mails are written in, "en"
// or "ru"; NULL for an account made before (its mails are in English). The same SQL on both
// databases; a step of its own in each database's list (schema.cpp, pg_schema.cpp), so its
// place in the list can change without touching it.

namespace carc::storage::account_language_schema {

inline constexpr const char* step = R"sql(
ALTER TABLE accounts ADD COLUMN language TEXT;
)sql";

}  // namespace carc::storage::account_language_schema
