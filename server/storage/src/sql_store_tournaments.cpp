// SqlStore: tournaments, their players and their tables (tournament_store.hpp). A round starts
// by a compare-and-set on the tournament's round, in the transaction that writes its tables, so
// of several nodes trying one starts it. Every query is written once for both databases.
#include <charconv>

#include "sql_store.hpp"

namespace carc::storage {

using sql::Statement;

const char* to_string(TournamentStatus status) {
    switch (status) {
        case TournamentStatus::open: return "open";
        case TournamentStatus::running: return "running";
        case TournamentStatus::finished: return "finished";
    }
    return "open";
}

namespace {

TournamentStatus status_from(const std::string& text) {
    if (text == "running") return TournamentStatus::running;
    if (text == "finished") return TournamentStatus::finished;
    return TournamentStatus::open;
}

// Lists are stored comma-separated: person ids and places hold no comma.
template <typename T, typename Format>
std::string joined(const std::vector<T>& items, Format format) {
    std::string out;
    for (const T& item : items) {
        if (!out.empty()) out += ',';
        out += format(item);
    }
    return out;
}

std::vector<std::string> split(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size() && !text.empty()) {
        const auto comma = text.find(',', start);
        out.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

std::vector<int> places_from(const std::string& text) {
    std::vector<int> out;
    for (const std::string& item : split(text)) {
        int value = 0;
        std::from_chars(item.data(), item.data() + item.size(), value);
        out.push_back(value);
    }
    return out;
}

constexpr const char* tournament_columns =
    "SELECT tournament_id, name, creator_id, format, settings_json, starts_at_ms, status, round, created_at_ms"
    " FROM tournaments ";

TournamentRecord tournament_from_row(const Statement& row) {
    TournamentRecord t;
    t.id = row.text(0);
    t.name = row.text(1);
    t.creator_id = row.text(2);
    t.format = row.text(3);
    t.settings_json = row.text(4);
    if (!row.is_null(5)) t.starts_at_ms = row.int64(5);
    t.status = status_from(row.text(6));
    t.round = static_cast<int>(row.int64(7));
    t.created_at_ms = row.int64(8);
    return t;
}

bool has_comma(const std::string& text) { return text.find(',') != std::string::npos; }

}  // namespace

Status SqlStore::create_tournament(const TournamentRecord& t) {
    auto made = create_tournament_within(t, std::nullopt, {});
    if (!made) return made.error();
    return {};
}

Result<TournamentCreated> SqlStore::create_tournament_within(const TournamentRecord& t,
                                                             const std::optional<TournamentPlayer>& creator,
                                                             const TournamentCaps& caps) {
    if (creator && has_comma(creator->person_id)) return Error{ErrorCode::invalid_argument, "a person id with a comma"};
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    // The counter row is locked first: on PostgreSQL, creations at every node wait here for one
    // another, so two of them never both count a cap as not reached (SQLite writes one at a time).
    if (auto locked = db().run("UPDATE id_counters SET next_value = next_value + 1 WHERE name = 'tournament'", {});
        !locked)
        return locked.error();
    const auto count = [&](const char* sql, std::initializer_list<sql::Param> params) -> Result<std::int64_t> {
        std::int64_t n = 0;
        auto read = db().for_each_row(sql, params, [&](const Statement& row) -> Status {
            n = row.int64(0);
            return {};
        });
        if (!read) return read.error();
        return n;
    };
    if (caps.per_creator > 0) {
        auto mine = count("SELECT COUNT(*) FROM tournaments WHERE creator_id = $1 AND status <> 'finished'",
                          {std::string_view(t.creator_id)});
        if (!mine) return mine.error();
        if (*mine >= caps.per_creator) return TournamentCreated::creator_at_cap;
    }
    if (caps.unfinished > 0) {
        auto all = count("SELECT COUNT(*) FROM tournaments WHERE status <> 'finished'", {});
        if (!all) return all.error();
        if (*all >= caps.unfinished) return TournamentCreated::all_at_cap;
    }
    const sql::Param starts = t.starts_at_ms ? sql::Param(*t.starts_at_ms) : sql::Param(sql::null);
    auto inserted = db().run_counting(
        "INSERT INTO tournaments (tournament_id, name, creator_id, format, settings_json, starts_at_ms, status, round,"
        " created_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING",
        {t.id, t.name, t.creator_id, t.format, t.settings_json, starts, to_string(t.status),
         static_cast<std::int64_t>(t.round), t.created_at_ms});
    if (!inserted) return inserted.error();
    if (*inserted == 0) return Error{ErrorCode::already_exists, "a tournament " + t.id + " exists already"};
    if (creator) {
        if (auto joined = db().run("INSERT INTO tournament_players (tournament_id, person_id, name, entry, seed,"
                                   " joined_round, withdrawn) VALUES ($1, $2, $3, 1, $4, $5, 0)",
                                   {t.id, creator->person_id, creator->name, creator->seed,
                                    static_cast<std::int64_t>(creator->joined_round)});
            !joined)
            return joined.error();
    }
    if (auto committed = tx->commit(); !committed) return committed.error();
    return TournamentCreated::created;
}

Result<std::optional<StoredTournament>> SqlStore::tournament(std::string_view id) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::read);
    if (!tx) return tx.error();
    StoredTournament out;
    bool found = false;
    auto read = db().for_each_row(std::string(tournament_columns) + "WHERE tournament_id = $1", {id},
                                  [&](const Statement& row) -> Status {
                                      out.record = tournament_from_row(row);
                                      found = true;
                                      return {};
                                  });
    if (!read) return read.error();
    if (!found) return std::optional<StoredTournament>{};
    auto players = db().for_each_row(
        "SELECT person_id, name, entry, seed, joined_round, withdrawn FROM tournament_players"
        " WHERE tournament_id = $1 ORDER BY entry",
        {id}, [&](const Statement& row) -> Status {
            out.players.push_back(TournamentPlayer{.person_id = row.text(0),
                                                   .name = row.text(1),
                                                   .entry = static_cast<int>(row.int64(2)),
                                                   .seed = row.int64(3),
                                                   .joined_round = static_cast<int>(row.int64(4)),
                                                   .withdrawn = row.int64(5) != 0});
            return {};
        });
    if (!players) return players.error();
    auto tables = db().for_each_row(
        "SELECT round, table_no, room_id, players, places FROM tournament_tables WHERE tournament_id = $1"
        " ORDER BY round, table_no",
        {id}, [&](const Statement& row) -> Status {
            TournamentTable t;
            t.round = static_cast<int>(row.int64(0));
            t.table = static_cast<int>(row.int64(1));
            if (!row.is_null(2)) t.room_id = row.text(2);
            t.players = split(row.text(3));
            if (!row.is_null(4)) t.places = places_from(row.text(4));
            out.tables.push_back(std::move(t));
            return {};
        });
    if (!tables) return tables.error();
    return std::optional<StoredTournament>(std::move(out));
}

Result<std::vector<TournamentRecord>> SqlStore::list_tournaments(int limit) {
    std::lock_guard lock(mutex_);
    std::vector<TournamentRecord> out;
    auto read = db().for_each_row(std::string(tournament_columns) + "ORDER BY created_at_ms DESC, tournament_id LIMIT $1",
                                  {static_cast<std::int64_t>(limit)}, [&](const Statement& row) -> Status {
                                      out.push_back(tournament_from_row(row));
                                      return {};
                                  });
    if (!read) return read.error();
    return out;
}

Status SqlStore::join_tournament(std::string_view id, const TournamentPlayer& p) {
    if (has_comma(p.person_id)) return {ErrorCode::invalid_argument, "a person id with a comma"};
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    std::optional<TournamentStatus> status;
    auto read = db().for_each_row("SELECT status FROM tournaments WHERE tournament_id = $1", {id},
                                  [&](const Statement& row) -> Status {
                                      status = status_from(row.text(0));
                                      return {};
                                  });
    if (!read) return read;
    if (!status) return {ErrorCode::not_found, "no such tournament"};
    if (*status == TournamentStatus::finished) return {ErrorCode::invalid_state, "the tournament is over"};
    // A withdrawn player who joins again is active again, from the next round.
    auto back = db().run_counting(
        "UPDATE tournament_players SET withdrawn = 0 WHERE tournament_id = $1 AND person_id = $2 AND withdrawn = 1",
        {id, p.person_id});
    if (!back) return back.error();
    if (*back == 0) {
        auto inserted = db().run_counting(
            "INSERT INTO tournament_players (tournament_id, person_id, name, entry, seed, joined_round, withdrawn)"
            " SELECT CAST($1 AS TEXT), CAST($2 AS TEXT), CAST($3 AS TEXT), COALESCE(MAX(entry), 0) + 1, CAST($4 AS BIGINT),"
            " CAST($5 AS INTEGER), 0 FROM tournament_players WHERE tournament_id = $1"
            " ON CONFLICT DO NOTHING",
            {id, p.person_id, p.name, p.seed, static_cast<std::int64_t>(p.joined_round)});
        if (!inserted) return inserted.error();
        if (*inserted == 0) return {ErrorCode::already_exists, "you have joined this tournament already"};
    }
    return tx->commit();
}

Status SqlStore::withdraw_from_tournament(std::string_view id, std::string_view person_id) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    auto changed = db().run_counting(
        "UPDATE tournament_players SET withdrawn = 1 WHERE tournament_id = $1 AND person_id = $2", {id, person_id});
    if (!changed) return changed.error();
    if (*changed == 0) return {ErrorCode::not_found, "you are not in this tournament"};
    return tx->commit();
}

Result<bool> SqlStore::start_round(std::string_view id, int from_round, const std::vector<TournamentTable>& tables) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    auto moved = db().run_counting(
        "UPDATE tournaments SET round = $1, status = 'running' WHERE tournament_id = $2 AND round = $3"
        " AND status <> 'finished'",
        {static_cast<std::int64_t>(from_round + 1), id, static_cast<std::int64_t>(from_round)});
    if (!moved) return moved.error();
    if (*moved == 0) return false;
    for (const TournamentTable& t : tables) {
        for (const std::string& person : t.players)
            if (has_comma(person)) return Error{ErrorCode::invalid_argument, "a person id with a comma"};
        const std::string players = joined(t.players, [](const std::string& p) { return p; });
        const std::string places = t.places ? joined(*t.places, [](int p) { return std::to_string(p); }) : "";
        const sql::Param room = t.room_id ? sql::Param(std::string_view(*t.room_id)) : sql::Param(sql::null);
        const sql::Param placed = t.places ? sql::Param(std::string_view(places)) : sql::Param(sql::null);
        if (auto inserted = db().run("INSERT INTO tournament_tables (tournament_id, round, table_no, room_id, players,"
                                     " places) VALUES ($1, $2, $3, $4, $5, $6)",
                                     {id, static_cast<std::int64_t>(from_round + 1), static_cast<std::int64_t>(t.table),
                                      room, players, placed});
            !inserted)
            return inserted.error();
    }
    if (auto committed = tx->commit(); !committed) return committed.error();
    return true;
}

Result<bool> SqlStore::finish_tournament(std::string_view id, int at_round) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    auto changed = db().run_counting(
        "UPDATE tournaments SET status = 'finished' WHERE tournament_id = $1 AND round = $2 AND status <> 'finished'",
        {id, static_cast<std::int64_t>(at_round)});
    if (!changed) return changed.error();
    if (*changed == 0) return false;
    if (auto committed = tx->commit(); !committed) return committed.error();
    return true;
}

Result<bool> SqlStore::record_table_result(std::string_view room_id, const std::vector<int>& places) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    const std::string text = joined(places, [](int p) { return std::to_string(p); });
    auto changed = db().run_counting("UPDATE tournament_tables SET places = $1 WHERE room_id = $2 AND places IS NULL",
                                     {text, room_id});
    if (!changed) return changed.error();
    if (*changed == 0) return false;
    if (auto committed = tx->commit(); !committed) return committed.error();
    return true;
}

Result<std::vector<std::string>> SqlStore::live_tournaments() {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    auto read = db().for_each_row(
        "SELECT tournament_id FROM tournaments WHERE status = 'running' OR (status = 'open' AND starts_at_ms IS NOT NULL)"
        " ORDER BY created_at_ms, tournament_id",
        {}, [&](const Statement& row) -> Status {
            out.push_back(row.text(0));
            return {};
        });
    if (!read) return read.error();
    return out;
}

}  // namespace carc::storage
