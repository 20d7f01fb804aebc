#pragma once
// Start-up recovery: every game the store holds as running is replayed through the engine, its
// state hashes checked, and its room brought back so that players reconnect with their tokens.
// A room that fails to replay is logged and marked abandoned in the store; it never stops the
// server. Runs once, before the server accepts connections.

#include "carc/storage/store.hpp"

namespace carc::server {

class shared_state;

struct recovery_report {
    int restored = 0;
    int abandoned = 0;
};

// Also reserves every id the store knows, so new rooms never reuse one.
recovery_report recover_rooms(shared_state& state, storage::Store& store);

}  // namespace carc::server
