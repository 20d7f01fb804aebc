#pragma once
// The operator's rename of an account whose name offends (docs/moderation.md): the account keeps
// its person, sessions, games, ratings and friends; only its name (with its key and look-alike
// skeleton) changes, logged in the same transaction. Works on any store that keeps moderation.

#include <string>
#include <string_view>

#include "carc/storage/moderation_store.hpp"
#include "carc/storage/result.hpp"
#include "carc/storage/stores.hpp"

namespace carc::storage {

struct AccountRename {
    std::string person_id;
    std::string name;      // as the name rule accepted it
    std::string name_key;  // compared ignoring case
    std::string skeleton;  // its look-alike skeleton
};

// not_found when there is no such account; already_exists when another account has that name or
// one that looks like it; unavailable when the store keeps no accounts.
Status rename_account(const Stores& stores, const AccountRename& rename, const AuditEntry& audit);

}  // namespace carc::storage
