// PostgresStore: what each person and address holds across nodes, for the caps on open rooms
// and search-bot seats (docs/scaling.md, "Caps"). A room's charge counts while its lease is
// live, so the rooms of a node that died stop counting when their leases run out, and count
// again at the node that takes them over. Charges of rooms whose lease went are deleted on the
// way, one person's or address's at a time.
#include "pg_store.hpp"

namespace carc::storage {

using pg::number;
using pg::text;

namespace {

// Transaction-scoped locks on the person and on the address (in that order, so two charges
// never wait for each other in a circle): charges of one person or address go one at a time.
constexpr const char* lock_sql = "SELECT pg_advisory_xact_lock(7305444, hashtext($1))";

constexpr const char* held_by_person_sql =
    "SELECT count(*), coalesce(sum(c.search_bots), 0) FROM room_charges c JOIN room_leases l ON l.room_id = c.room_id"
    " WHERE c.person_id = $1 AND c.room_id <> $2 AND l.expires_at > clock_timestamp()";
constexpr const char* held_at_address_sql =
    "SELECT count(*), coalesce(sum(c.search_bots), 0) FROM room_charges c JOIN room_leases l ON l.room_id = c.room_id"
    " WHERE c.address = $1 AND c.room_id <> $2 AND l.expires_at > clock_timestamp()";

bool over(int cap, std::int64_t held, std::int64_t more) { return cap > 0 && more > 0 && held + more > cap; }

}  // namespace

Result<LeaseStore::ChargeRefusal> PostgresStore::over_caps_locked(std::string_view room_id, std::string_view person,
                                                                  std::string_view address, int search_bots,
                                                                  bool new_room, const ChargeCaps& caps) {
    if (auto locked = lease_conn_.run(lock_sql, {text("person:" + std::string(person))}); !locked) return locked.error();
    if (!address.empty()) {
        if (auto locked = lease_conn_.run(lock_sql, {text("address:" + std::string(address))}); !locked)
            return locked.error();
    }
    auto mine = lease_conn_.query(held_by_person_sql, {text(person), text(room_id)});
    if (!mine) return mine.error();
    const int rooms = new_room ? 1 : 0;
    if (over(caps.rooms_per_person, mine->int64(0, 0), rooms)) return ChargeRefusal::rooms_per_person;
    if (over(caps.search_bots_per_person, mine->int64(0, 1), search_bots)) return ChargeRefusal::bots_per_person;
    if (!address.empty()) {
        auto here = lease_conn_.query(held_at_address_sql, {text(address), text(room_id)});
        if (!here) return here.error();
        if (over(caps.rooms_per_address, here->int64(0, 0), rooms)) return ChargeRefusal::rooms_per_address;
        if (over(caps.search_bots_per_address, here->int64(0, 1), search_bots)) return ChargeRefusal::bots_per_address;
    }
    // Charges whose room's lease went (the room closed, or its node died and nobody took it).
    if (auto swept = lease_conn_.run(
            "DELETE FROM room_charges c WHERE (c.person_id = $1 OR ($2 <> '' AND c.address = $2)) AND c.room_id <> $3"
            " AND NOT EXISTS (SELECT 1 FROM room_leases l WHERE l.room_id = c.room_id)",
            {text(person), text(address), text(room_id)});
        !swept)
        return swept.error();
    return ChargeRefusal::none;
}

Result<LeaseStore::ChargeRefusal> PostgresStore::charge_room(std::string_view room_id, std::string_view person,
                                                             std::string_view address, int search_bots,
                                                             const ChargeCaps& caps) {
    std::lock_guard guard(lease_mutex_);
    if (auto begun = lease_conn_.run("BEGIN"); !begun) return begun.error();
    auto result = [&]() -> Result<ChargeRefusal> {
        auto refused = over_caps_locked(room_id, person, address, search_bots, true, caps);
        if (!refused || *refused != ChargeRefusal::none) return refused;
        if (auto put = lease_conn_.run(
                "INSERT INTO room_charges (room_id, person_id, address, search_bots) VALUES ($1, $2, $3, $4)"
                " ON CONFLICT (room_id) DO UPDATE SET person_id = excluded.person_id, address = excluded.address,"
                " search_bots = excluded.search_bots",
                {text(room_id), text(person), text(address), number(search_bots)});
            !put)
            return put.error();
        return ChargeRefusal::none;
    }();
    if (!result || *result != ChargeRefusal::none) {
        (void)lease_conn_.run("ROLLBACK");
        return result;
    }
    if (auto committed = lease_conn_.run("COMMIT"); !committed) return committed.error();
    return result;
}

Result<LeaseStore::ChargeRefusal> PostgresStore::set_room_bots(std::string_view room_id, int search_bots,
                                                               const ChargeCaps& caps) {
    std::lock_guard guard(lease_mutex_);
    if (auto begun = lease_conn_.run("BEGIN"); !begun) return begun.error();
    auto result = [&]() -> Result<ChargeRefusal> {
        auto charged = lease_conn_.query("SELECT person_id, address, search_bots FROM room_charges WHERE room_id = $1",
                                         {text(room_id)});
        if (!charged) return charged.error();
        if (charged->size() == 0) return ChargeRefusal::none;  // not charged (a tournament's game)
        const std::string person = charged->text(0, 0);
        const std::string address = charged->text(0, 1);
        const std::int64_t before = charged->int64(0, 2);
        // Fewer seats are always allowed; more are counted with everything else the creator holds.
        if (search_bots > before) {
            auto refused = over_caps_locked(room_id, person, address, search_bots, false, caps);
            if (!refused || *refused != ChargeRefusal::none) return refused;
        }
        if (auto put = lease_conn_.run("UPDATE room_charges SET search_bots = $2 WHERE room_id = $1",
                                       {text(room_id), number(search_bots)});
            !put)
            return put.error();
        return ChargeRefusal::none;
    }();
    if (!result || *result != ChargeRefusal::none) {
        (void)lease_conn_.run("ROLLBACK");
        return result;
    }
    if (auto committed = lease_conn_.run("COMMIT"); !committed) return committed.error();
    return result;
}

Status PostgresStore::uncharge_room(std::string_view room_id) {
    std::lock_guard guard(lease_mutex_);
    // Not when another node holds the room now (it was taken over): it is open there and counts.
    return lease_conn_.run(
        "DELETE FROM room_charges c WHERE c.room_id = $1 AND NOT EXISTS (SELECT 1 FROM room_leases l"
        " WHERE l.room_id = c.room_id AND l.node_id <> $2 AND l.expires_at > clock_timestamp())",
        {text(room_id), text(node_id_)});
}

}  // namespace carc::storage
