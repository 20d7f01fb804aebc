#pragma once
// The PostgreSQL store's round trips, for tests and measurements (apart from postgres_store.hpp,
// which most of the server includes).

#include <cstdint>

#include "carc/storage/store.hpp"

namespace carc::storage {

// How many times the store's connection (the journal's writes, the loads) has sent statements
// and waited for their answers; 0 for a store that is not on PostgreSQL. A group commit of
// actions is one.
std::int64_t postgres_round_trips(Store& store);

}  // namespace carc::storage
