#pragma once
// Names as look-alikes compare (docs/accounts.md, "Names"): the Unicode confusable skeleton
// (UTS #39, ICU's spoof checker) of the name case-folded, so `Olga`, `OLGA`, `Оlga` (a
// Cyrillic О) and `0lga` are one name. Accounts are unique by it; names typed to find an
// account (profiles, follows, challenges, sign-in) find it by it.

#include <optional>
#include <string>
#include <string_view>

#include "carc/storage/store.hpp"

namespace carc::server::accounts {

// The skeleton of `name` (already through the name rule, or as typed to look one up).
std::string name_skeleton(std::string_view name);

// The account named `typed`: its exact name (ASCII case ignored) first, else the one whose name
// looks like it. nullopt when none.
storage::Result<std::optional<storage::AccountRecord>> account_named(storage::AccountStore& store,
                                                                   std::string_view typed);

// Computes the skeleton of accounts stored before skeletons were (on opening). Of two old
// accounts that look alike, the older keeps the skeleton; the other stays findable by its
// exact name. Returns how many were filled.
int fill_missing_skeletons(storage::AccountStore& store);

}  // namespace carc::server::accounts
