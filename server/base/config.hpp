#pragma once
// Server configuration: every flag of `carc-server --help` with its default.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace carc::server {

int resolved_io_threads(int configured);

struct server_config {
    std::string bind = "0.0.0.0";
    unsigned short port = 8080;
    // I/O threads; 0 picks one less than the machine's hardware threads, at least one
    // (resolved_io_threads). One thread needs no cross-thread wake-ups; docs/benchmarks.md.
    int threads = 0;
    std::string data_dir = "./data";
    // Several nodes (docs/scaling.md): the PostgreSQL store when not empty, this node's public
    // address and name, and the length of its room leases.
    std::string postgres_url;
    std::string public_url;
    std::string node_id;
    std::chrono::milliseconds lease{6000};
    std::string web_root;  // empty: found next to the executable or the working directory
    std::string log_level = "info";

    std::size_t max_message = 64 * 1024;
    int max_depth = 32;
    double rate_per_second = 20;
    double burst = 40;
    int flood_close_after = 200;  // dropped messages in a row before the connection is closed
    int max_connections_per_ip = 16;
    int max_http_connections_per_ip = 32;  // plain HTTP (keep-alive) connections per address
    std::size_t send_queue_messages = 256;
    std::size_t send_queue_bytes = 4 * 1024 * 1024;
    std::chrono::milliseconds handshake_timeout{10000};
    std::chrono::milliseconds hello_timeout{10000};
    std::chrono::milliseconds idle_timeout{60000};
    std::chrono::milliseconds grace{120000};
    std::chrono::milliseconds bot_delay{400};
    // The blocking pool (base/blocking_pool.hpp): its threads, and the requests that may wait for
    // one before more are answered 503.
    int blocking_threads = 4;
    int blocking_queue = 512;
    // Search bots (docs/bots.md) think on their own threads, each move at most this long.
    int bot_threads = 2;
    std::chrono::milliseconds bot_think{3000};
    // Who plays on for a person who resigned or ran out of time: "random", "greedy", "easy"...
    std::string resigned_bot = "medium";
    // A running game with no one online this long is adjourned: unloaded until a seated player
    // comes back (room_lifecycle.cpp).
    std::chrono::milliseconds adjourn_after{24 * 60 * 60 * 1000};
    std::vector<std::string> allowed_origins;  // empty: any
    // The reverse proxy in front (--trusted-proxy): connections from this address count as the
    // client X-Forwarded-For names (net/client_address.hpp); empty: every peer is the client.
    std::string trusted_proxy;
    // --sync: "full" fsyncs every commit (an acknowledged action survives a power cut);
    // "normal" leaves the commit in the OS page cache (it survives the server's crash or
    // SIGKILL, not the machine's), docs/storage.md "Durability".
    bool sync_full = true;

    // Fair use: nobody's rooms, bots or chat may stall everyone else (docs/protocol.md, Limits).
    // A cap of 0 is no cap. Rooms and search-bot seats count against whoever created the room
    // (person and address) while it is in memory.
    int max_rooms_per_person = 4;
    int max_rooms_per_ip = 16;
    int max_search_bots_per_person = 8;
    int max_search_bots_per_ip = 16;
    // While other searches wait, a running one answers after this long (bot_pool.hpp).
    std::chrono::milliseconds bot_slice{250};
    // Chat lines a room as a whole accepts: on average per second, and at once.
    double room_chat_rate = 5;
    double room_chat_burst = 20;
    // Lobby subscribers get the changes of each interval as one batch; 0 sends each at once.
    std::chrono::milliseconds lobby_interval{250};
    // A room's spectator list and count reach its viewers at most once per interval (a crowd's
    // arrivals would otherwise each cost a patch to everyone); 0 publishes each change at once.
    std::chrono::milliseconds presence_interval{1000};
    // ...and a large crowd less often: a room's presence patches cost at most this many sends a
    // second (a patch per viewer), so 10,000 viewers hear of each other every 5 s; 0: no budget.
    int presence_budget = 2000;

    // Accounts and sessions (docs/accounts.md).
    struct accounts_config {
        // Sessions unused this long end (a use renews them).
        std::chrono::hours session_lifetime{400 * 24};
        // Wrong passwords per name, and sign-in attempts per address, within the window.
        int failures_per_name = 10;
        int attempts_per_address = 200;
        std::chrono::minutes sign_in_window{10};
        int threads = 2;  // the account workers (the store's account queries, no hashing)
        // Password hashing on threads of its own, fewer than the cores and at a lower
        // scheduling priority, so games keep theirs; 0 picks min(2, cores - 1), at least 1.
        int hash_threads = 0;
        // Hashing requests waiting or running at most; one more is refused 503 at once.
        int hash_queue = 32;
        // Sign-ups per address within an hour, and on this node within a minute; 0: no limit.
        int sign_ups_per_address = 10;
        int sign_ups_per_minute = 300;
        // Webhook URLs pointing at loopback or private addresses are refused unless allowed.
        bool allow_private_webhooks = false;
        // A deleted account's name (and its look-alikes) stays refused at sign-up this long.
        std::chrono::hours deleted_name_hold{30 * 24};
        // Exports of one's own data per account within an hour (each reads everything).
        int exports_per_hour = 3;
    } accounts;

    // Turn-based games (docs/accounts.md).
    struct turn_based_config {
        // Tests only: any move time from 1 s is taken, and a vacation day lasts one second.
        bool short_move_times = false;
        int max_games_per_person = 50;  // running turn-based games one person sits in
        std::chrono::milliseconds day() const {
            return short_move_times ? std::chrono::milliseconds(1000) : std::chrono::milliseconds(86400000);
        }
    } turn_based;
    // Notices (docs/accounts.md, Notices): mail through the operator's SMTP server, links under
    // public_url.
    struct notices_config {
        std::string smtp_url;   // smtp://host:port or smtps://...; empty sends no mail
        std::string mail_from;  // the From address
        // A failed sending is tried again after this long, doubling up to retry_max.
        std::chrono::milliseconds retry_first{5000};
        std::chrono::milliseconds retry_max{300000};
        // A turn's mail waits this long, so that every game waiting for the player by then goes
        // in the same mail.
        std::chrono::milliseconds turn_mail_delay{60000};
        // Mails the server sends unasked (confirmations, resets, challenges): at most this many
        // to one address and for one account within each clock window; more are dropped.
        int unasked_per_address = 3;
        int unasked_per_account = 5;
        std::chrono::milliseconds unasked_window{3600000};
        // Web Push (RFC 8292): the operator's contact, mailto: or https:; empty sends no pushes.
        std::string vapid_subject;
        // Push endpoints on loopback or private addresses, and over http://, are refused unless
        // allowed (a push service the operator runs on their own network, tests).
        bool allow_private_push = false;
    } notices;

    // Tournaments (docs/tournaments.md): how often every live tournament is looked at even when
    // no game of this node finished (games finished at other nodes, start times).
    std::chrono::milliseconds tournament_sweep{5000};
    // Unfinished tournaments one account may have created, and everyone's together (0: no cap),
    // counted in the store across nodes.
    int max_tournaments_per_person = 3;
    int max_open_tournaments = 200;
    // Tests only: the process ends at once after storing a round, before opening its games
    // (what a node killed at that moment leaves behind).
    bool test_exit_after_round_stored = false;

    // Move reviews (docs/protocol.md, "Move reviews"): what one person (an account, or a guest's
    // address) may ask, how many may wait in all, and how often every node looks for jobs
    // queued elsewhere or left behind by a node that stopped reporting progress.
    struct reviews_config {
        int per_person_at_once = 1;
        int per_person_daily = 10;
        int queued_in_all = 50;
        std::chrono::milliseconds sweep{10000};
        std::chrono::milliseconds stale{300000};
    } reviews;

    // Tests only: every game uses this seed instead of a CSPRNG one.
    std::optional<std::uint64_t> fixed_seed;
};

// Parses argv; on --help or a bad flag prints to stdout/stderr and returns the exit code to use.
struct parse_outcome {
    std::optional<server_config> config;
    int exit_code = 0;
};
parse_outcome parse_command_line(int argc, char** argv);

// The browser client directory: --web-root, else clients/web near the executable (build/bin ->
// repository root) or below the working directory.
std::string find_web_root(const std::string& configured, const char* argv0);

}  // namespace carc::server
