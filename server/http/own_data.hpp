#pragma once
// A person's own data (docs/accounts.md, "Your own data"): everything the store holds about an
// account as one JSON document, and what deleting the account does beyond the store (its
// running games resigned, its sockets closed). Both read or wait on the store: they run on the
// blocking pool or a hashing thread, never on an I/O thread or a room's strand.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "accounts/deleted_seats.hpp"
#include "carc/storage/records.hpp"
#include "carc/storage/result.hpp"
#include "carc/storage/stores.hpp"

namespace carc::server {

struct room_services;
class record_cache;

namespace accounts {

class account_service;

// The export's format name, and its version.
inline constexpr const char* export_format = "carc-personal-data";
inline constexpr int export_format_version = 1;

// The export of `account`: account, settings, sessions (their devices, no secret), games with
// the records of the finished ones, chat lines, ratings and rating changes, statistics,
// follows and blocks, and "reports" (the reports the account made, empty on a server that
// takes none). Never a password hash, a session's secret or a link's token.
storage::Result<nlohmann::json> export_own_data(const storage::Stores& stores, const storage::AccountRecord& account,
                                                storage::TimeMs now_ms);

// Deletes `account` (storage::PersonalDataStore::delete_account), closes its sessions' sockets on
// this node, and resigns its seats in the running games and leaves the waiting rooms this node
// runs or can resume. The number of rooms left; an error when the store refused.
// Running rooms another node holds are named in the store's audit log instead
// (storage::AccountDeletion::rooms_elsewhere) and counted as left. `records`: the finished games'
// records kept in memory, which show the old name.
storage::Result<int> delete_account(room_services& state, account_service& accounts, record_cache& records,
                                    const storage::AccountRecord& account, storage::TimeMs now_ms);

}  // namespace accounts
}  // namespace carc::server
