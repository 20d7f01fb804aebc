// PostgresStore: one lobby across nodes. Each node keeps its public rooms' summaries in
// lobby_rooms and NOTIFYs carc_lobby; the others LISTEN (PgLobbyFeed) and read them again. The
// same feed hears carc_people: news for a person wherever they are connected.
#include <poll.h>

#include "pg_store.hpp"

namespace carc::storage {

using pg::text;

Status PostgresStore::publish_room(std::string_view room_id, const std::optional<std::string>& summary_json) {
    std::lock_guard guard(lease_mutex_);
    Status written = summary_json
        ? lease_conn_.run("INSERT INTO lobby_rooms (room_id, node_id, summary_json) VALUES ($1, $2, $3)"
                    " ON CONFLICT (room_id) DO UPDATE SET node_id = excluded.node_id,"
                    " summary_json = excluded.summary_json",
                    {text(room_id), text(node_id_), text(*summary_json)})
        : lease_conn_.run("DELETE FROM lobby_rooms WHERE room_id = $1 AND node_id = $2", {text(room_id), text(node_id_)});
    if (!written) return written;
    return lease_conn_.run("SELECT pg_notify('carc_lobby', $1)", {text(room_id)});
}

Status PostgresStore::notify_people(std::string_view payload) {
    std::lock_guard guard(lease_mutex_);
    return lease_conn_.run("SELECT pg_notify('carc_people', $1)", {text(payload)});
}

Result<std::vector<LeaseStore::ListedRoom>> PostgresStore::listed_rooms() {
    std::lock_guard guard(lease_mutex_);
    auto rows = lease_conn_.query(
        "SELECT b.room_id, b.node_id, b.summary_json FROM lobby_rooms b JOIN room_leases l"
        " ON l.room_id = b.room_id AND l.node_id = b.node_id WHERE l.expires_at > clock_timestamp()"
        " ORDER BY b.room_id");
    if (!rows) return rows.error();
    std::vector<ListedRoom> rooms;
    for (int i = 0; i < rows->size(); ++i) rooms.push_back({rows->text(i, 0), rows->text(i, 1), rows->text(i, 2)});
    return rooms;
}

namespace {

class PgLobbyFeed final : public LobbyFeed {
public:
    explicit PgLobbyFeed(pg::Connection conn) : conn_(std::move(conn)) {}

    Result<FeedNews> wait(std::chrono::milliseconds timeout) override {
        FeedNews news;
        if (drain(news)) return news;
        pollfd fd{PQsocket(conn_.get()), POLLIN, 0};
        if (fd.fd < 0) return Error{ErrorCode::io_error, "lobby feed: connection lost"};
        const int ready = ::poll(&fd, 1, static_cast<int>(timeout.count()));
        if (ready <= 0) return news;  // nothing, or interrupted: the caller refreshes anyway
        if (PQconsumeInput(conn_.get()) == 0 || PQstatus(conn_.get()) != CONNECTION_OK)
            return Error{ErrorCode::io_error, "lobby feed: connection lost"};
        drain(news);
        return news;
    }

private:
    bool drain(FeedNews& news) {
        bool any = false;
        while (PGnotify* note = PQnotifies(conn_.get())) {
            any = true;
            if (std::string_view(note->relname) == "carc_people") news.people.emplace_back(note->extra);
            else news.lobby = true;
            PQfreemem(note);
        }
        return any;
    }

    pg::Connection conn_;
};

}  // namespace

Result<std::unique_ptr<LobbyFeed>> open_lobby_feed(const PostgresOptions& options) {
    // No statement runs long here; the dead-peer bound makes a silent server a broken feed.
    auto conn = pg::Connection::open(options.url, options.schema, {.dead_peer = options.lease});
    if (!conn) return conn.error();
    if (auto listening = conn->run("LISTEN carc_lobby"); !listening) return listening.error();
    if (auto listening = conn->run("LISTEN carc_people"); !listening) return listening.error();
    return std::unique_ptr<LobbyFeed>(std::make_unique<PgLobbyFeed>(std::move(conn).value()));
}

}  // namespace carc::storage
