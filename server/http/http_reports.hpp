#pragma once
// Reports (docs/moderation.md, docs/protocol.md): POST /api/reports, for signed-in accounts.
// A report names an account and a reason from a short list, with an optional note, the game it
// happened in and the chat line as the reporter saw it. Limited per reporter and day; never
// shown to the reported account (no endpoint lists reports about anyone).

#include "carc/storage/moderation_store.hpp"

namespace carc::server {

class route_table;
namespace accounts {
class account_service;
}

// How many reports one account may make in a day.
inline constexpr int reports_per_day = 10;

void add_report_routes(route_table& routes, accounts::account_service& accounts, storage::ModerationStore& moderation);

}  // namespace carc::server
