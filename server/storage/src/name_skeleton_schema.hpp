#pragma once
// The look-alike names' schema step (docs/accounts.md, "Names"): each account's name also as
// its confusable skeleton (UTS #39, case-folded), unique, so `Olga` and `Оlga` (a Cyrillic О)
// cannot both be accounts. Rows made before this step hold NULL until the server, on opening,
// computes theirs (the store knows no Unicode). A step of its own in each database's list
// (schema.cpp, pg_schema.cpp), so its place in the list can change without touching it.

namespace carc::storage::name_skeleton_schema {

inline constexpr const char* sqlite_step = R"sql(
ALTER TABLE accounts ADD COLUMN name_skeleton TEXT;
CREATE UNIQUE INDEX accounts_by_skeleton ON accounts (name_skeleton);
)sql";

inline constexpr const char* postgres_step = R"sql(
ALTER TABLE accounts ADD COLUMN IF NOT EXISTS name_skeleton TEXT;
CREATE UNIQUE INDEX IF NOT EXISTS accounts_by_skeleton ON accounts (name_skeleton);
)sql";

}  // namespace carc::storage::name_skeleton_schema
