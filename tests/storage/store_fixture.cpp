#include "store_fixture.hpp"

#include <catch2/catch.hpp>
#include <stdlib.h>

#include <fstream>
#include <iterator>
#include <stdexcept>

namespace carc::storage::testing {

TempDir::TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "carc-storage-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
}

TempDir::~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
}

std::string read_bytes(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + file.string());
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::filesystem::path& file, const std::string& bytes) {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) throw std::runtime_error("cannot write " + file.string());
}

Status write_one(Store& store, JournalWrite write) {
    std::vector<JournalWrite> batch;
    batch.push_back(std::move(write));
    return store.write_batch(batch).front();
}

Status create_room(Store& store, const NewRoom& room) {
    if (room.status == RoomStatus::lobby) return write_one(store, WaitingRoomWrite{room, {}, false});
    return write_one(store, BeginGameWrite{room, {}, Checkpoint{0, 0}});
}

Status put_seat(Store& store, const std::string& room_id, const SeatRecord& seat) {
    return write_one(store, SeatWrite{room_id, seat});
}

Status append_action(Store& store, const ActionRecord& action, const std::optional<ClockState>& clock_after) {
    return write_one(store, ActionWrite{action, clock_after});
}

Status finish_game(Store& store, const FinishedGame& game) { return write_one(store, FinishWrite{game}); }

Result<std::int64_t> last_seq(Store& store, const std::string& room_id) {
    auto room = store.load_room(room_id);
    if (!room) return room.error();
    if (!*room) return Error{ErrorCode::not_found, "room " + room_id + ": no unfinished room"};
    return static_cast<std::int64_t>((*room)->actions.size());
}

NewRoom sample_room(const std::string& room_id) {
    NewRoom room;
    room.room_id = room_id;
    room.config_json = R"({"rules":"base","expansions":["river"],"seats":2})";
    room.seed = 0xfedcba9876543210ULL;  // above INT64_MAX: exercises the uint64 round trip
    room.seed_commitment = sha256_hex("seed");
    room.engine_version = "engine-1";
    room.created_at_ms = 1'700'000'000'000;
    return room;
}

void add_running_game(Store& store, const std::string& room_id) {
    NewRoom game = sample_room(room_id);
    game.status = RoomStatus::running;
    REQUIRE(create_room(store, game).ok());
    REQUIRE(append_action(store, sample_action(room_id, 1)).ok());
}

ActionRecord sample_action(const std::string& room_id, std::int64_t seq) {
    ActionRecord action;
    action.room_id = room_id;
    action.seq = seq;
    action.actor_seat = static_cast<int>(seq % 2);
    action.action_json = R"({"type":"place_tile","x":)" + std::to_string(seq) + R"(,"y":0,"r":90})";
    action.events_json = R"([{"type":"tile_placed","seq":)" + std::to_string(seq) + "}]";
    action.state_hash = 0x8000000000000000ULL + static_cast<std::uint64_t>(seq);
    action.time_ms = 1'700'000'000'000 + seq * 1000;
    return action;
}

void add_account(const std::shared_ptr<Store>& store, const std::string& person, const std::string& name) {
    auto& accounts = dynamic_cast<AccountStore&>(*store);
    const AccountRecord account{.person_id = person,
                                .name = name,
                                .name_key = name,
                                .password_hash = "$argon2id$x",
                                .person_token_hash = TokenHash::of_token("t" + person),
                                .created_at_ms = 1,
                                .settings = {}};
    const SessionRecord session{.secret_hash = TokenHash::of_token("s" + person),
                                .public_id = "s" + person,
                                .person_id = person,
                                .kind = "token",
                                .device = "test",
                                .created_at_ms = 1,
                                .last_seen_ms = 1};
    REQUIRE(accounts.create_account(account, session).ok());
}

}  // namespace carc::storage::testing
