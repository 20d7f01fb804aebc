#pragma once
// Takes a database of the newest schema back to an older version, so a migration test can check
// that opening it migrates it and keeps its games: each schema step's undoing, newest first, in
// one place for both databases (a new step adds its undoing here once).
#include <string>

namespace carc::storage::testing {

enum class Dialect { sqlite, postgres };

// The newest schema version, which a migrated database must reach.
inline constexpr int newest_schema = 23;

// The SQL undoing every step after `version` and setting the version mark. `schema` qualifies
// the tables on PostgreSQL ("\"test_x\""); SQLite's are unqualified.
inline std::string undo_steps_to(int version, Dialect dialect, const std::string& schema = "") {
    const bool pg = dialect == Dialect::postgres;
    const std::string t = pg ? schema + "." : "";
    auto drop = [&](std::initializer_list<const char*> tables) {
        std::string sql;
        for (const char* table : tables) sql += "DROP TABLE " + t + table + "; ";
        return sql;
    };
    std::string sql;
    for (int step = newest_schema; step > version; --step) {
        switch (step) {
            case 12: sql += drop({"reviews"}); break;  // its indexes go with it
            case 13:
                sql += "DROP INDEX " + t + "accounts_by_skeleton; ";
                sql += "ALTER TABLE " + t + "accounts DROP COLUMN name_skeleton; ";
                break;
            case 14: sql += drop({"mail_counts"}); break;
            case 15: sql += drop({"counted_attempts"}); break;  // its indexes go with it
            case 16:  // and the queue as step 5 made it
                sql += drop({"push_subscriptions", "server_keys"});
                sql += pg ? "ALTER TABLE " + t + "notice_queue DROP COLUMN subscription_id; ALTER TABLE " + t +
                                "notice_queue DROP CONSTRAINT notice_queue_channel_check; ALTER TABLE " + t +
                                "notice_queue ADD CONSTRAINT notice_queue_channel_check CHECK (channel IN ('email',"
                                " 'webhook')); "
                          : "CREATE TABLE notice_queue_old (id INTEGER PRIMARY KEY, person_id TEXT NOT NULL, channel"
                            " TEXT NOT NULL CHECK (channel IN ('email', 'webhook')), kind TEXT NOT NULL, room_id TEXT"
                            " NOT NULL, deadline_ms INTEGER NOT NULL, created_at_ms INTEGER NOT NULL, attempts INTEGER"
                            " NOT NULL DEFAULT 0, next_attempt_ms INTEGER NOT NULL) STRICT; INSERT INTO"
                            " notice_queue_old SELECT id, person_id, channel, kind, room_id, deadline_ms, created_at_ms,"
                            " attempts, next_attempt_ms FROM notice_queue; DROP TABLE notice_queue; ALTER TABLE"
                            " notice_queue_old RENAME TO notice_queue; CREATE INDEX notice_queue_by_due ON"
                            " notice_queue (next_attempt_ms, id); ";
                break;
            case 17: sql += drop({"moderation_log", "address_bans", "sanctions", "reports"}); break;
            case 18:
                sql += drop({"deleted_accounts"});
                sql += "DROP INDEX " + t + "chat_by_person; ";
                break;
            case 19: sql += drop({"sign_in_links"}); break;
            case 20: sql += drop({"id_counters"}); break;
            case 21:  // what rooms count against caps across nodes; nothing on SQLite
                if (pg) sql += drop({"room_charges"});
                break;
            case 22: sql += "ALTER TABLE " + t + "accounts DROP COLUMN language; "; break;
            case 23: sql += "ALTER TABLE " + t + "account_sessions DROP COLUMN address; "; break;
            case 11:
                sql += drop({"challenges"});
                sql += "DROP INDEX " + t + "blocks_by_target; ";
                break;
            case 10:  // PostgreSQL's journal append in one call; nothing on SQLite
                if (pg) sql += "DROP FUNCTION " + t + "carc_append_action; ";
                break;
            case 9: sql += drop({"tournament_tables", "tournament_players", "tournaments"}); break;
            case 8: sql += drop({"player_points", "player_stats", "blocks", "follows"}); break;
            case 7:  // step 1's chat table, which had no sender
                sql += drop({"chat"});
                sql += pg ? "CREATE TABLE " + t + "chat (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, room_id TEXT"
                                " NOT NULL REFERENCES " + t + "rooms (room_id) ON DELETE CASCADE, seat INTEGER NOT NULL,"
                                " name TEXT NOT NULL, text TEXT NOT NULL, time_ms BIGINT NOT NULL); "
                          : "CREATE TABLE chat (id INTEGER PRIMARY KEY, room_id TEXT NOT NULL REFERENCES rooms (room_id)"
                            " ON DELETE CASCADE, seat INTEGER NOT NULL, name TEXT NOT NULL, text TEXT NOT NULL,"
                            " time_ms INTEGER NOT NULL) STRICT; CREATE INDEX chat_by_room ON chat (room_id, id); ";
                break;
            case 6: sql += drop({"rating_changes", "player_ratings"}); break;
            case 5: sql += drop({"link_tokens", "notice_queue"}); break;
            case 4: sql += drop({"vacation", "turn_deadlines"}); break;
            case 3:
                sql += drop({"account_sessions", "accounts"});
                if (!pg) sql += "DROP INDEX seats_by_token; ";
                break;
            case 2: sql += drop({"adjourned"}); break;
            default: break;
        }
    }
    return sql + (pg ? "UPDATE " + t + "carc_schema SET version = " + std::to_string(version) + "; SELECT 1"
                     : "PRAGMA user_version = " + std::to_string(version));
}

}  // namespace carc::storage::testing
