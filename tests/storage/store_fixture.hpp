#pragma once
// Shared helpers for the storage tests: a temporary data directory, file bytes, sample records.

#include <filesystem>
#include <memory>
#include <string>

#include "carc/crypto/sha256.hpp"
#include "carc/storage/sqlite_store.hpp"

namespace carc::storage::testing {

using carc::crypto::sha256_hex;

// A fresh directory under the system temp dir, removed with everything in it at scope exit.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

std::string read_bytes(const std::filesystem::path& file);
void write_bytes(const std::filesystem::path& file, const std::string& bytes);

// The backend: SQLite (sqlite_backend.cpp) in carc_storage_tests, PostgreSQL (pg_backend.cpp)
// in carc_storage_pg_tests, which runs the same shared test files. `data_dir` names the store:
// a data folder for SQLite, a schema of the test PostgreSQL server for PostgreSQL, so opening
// the same folder again reopens the same data.
SqliteOptions options_for(const std::filesystem::path& data_dir);
std::filesystem::path database_file(const std::filesystem::path& data_dir);

// Opens a store and fails the test (with the error message) if that does not work.
std::shared_ptr<Store> open_or_fail(const SqliteOptions& options);
std::shared_ptr<Store> open_or_fail(const std::filesystem::path& data_dir);

// The token column of the one stored seat, read beside the store (SQL on the raw database).
std::string stored_token_column(const std::filesystem::path& data_dir);

// The server's journal writes, each in a batch of its own (as its writer commits a lone write),
// named after what they do so the tests read as before.
Status write_one(Store& store, JournalWrite write);
// Status lobby: a waiting room without seats (WaitingRoomWrite, which replaces a stored waiting
// room of the same id). Any other status: a game without seats and initial hash 0
// (BeginGameWrite, which refuses a status other than running).
Status create_room(Store& store, const NewRoom& room);
Status put_seat(Store& store, const std::string& room_id, const SeatRecord& seat);
Status append_action(Store& store, const ActionRecord& action,
                     const std::optional<ClockState>& clock_after = std::nullopt);
Status finish_game(Store& store, const FinishedGame& game);
// The room's highest seq, read through load_room: not_found unless the room is unfinished.
Result<std::int64_t> last_seq(Store& store, const std::string& room_id);

NewRoom sample_room(const std::string& room_id);
// An account of that person id and name (its name key the name as given), with one session.
void add_account(const std::shared_ptr<Store>& store, const std::string& person, const std::string& name);
ActionRecord sample_action(const std::string& room_id, std::int64_t seq);
// A running game `room_id` (sample_room) with its first action (the test fails if it cannot be
// stored).
void add_running_game(Store& store, const std::string& room_id);

}  // namespace carc::storage::testing
