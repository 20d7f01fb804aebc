#include "base/config.hpp"

#include "carc/protocol/settings.hpp"
#include "base/client_address.hpp"
#include "base/vapid_subject.hpp"

#include <charconv>
#include <filesystem>
#include <iostream>
#include <string_view>
#include <thread>
#include <algorithm>

namespace carc::server {

namespace {

constexpr const char* usage = R"(carc-server: Carcassonne game server (HTTP + WebSocket on one port)

Usage: carc-server [flags]
  --bind ADDRESS               listen address (default 0.0.0.0)
  --port N                     listen port, 0 picks a free one (default 8080)
  --threads N                  I/O threads (default: hardware threads - 1, at least 1)
  --data-dir DIR               persistent data (default ./data; same as --store sqlite:DIR)
  --store SPEC                 sqlite:DIR (embedded, the default) or postgres://user@host:port/db
                               (several nodes sharing PostgreSQL; docs/scaling.md)
  --public-url URL             with postgres: this node's address as clients reach it
                               (default http://BIND:PORT); redirects name it
  --node-id NAME               with postgres: this node's name in leases (default: random)
  --lease-ms MS                with postgres: room lease length; renewed every third (default 6000)
  --web-root DIR               browser client files (default: clients/web of the repository)
  --log-level LEVEL            trace, debug, info, warn, error, off (default info)
  --max-message BYTES          largest accepted WebSocket message (default 65536)
  --rate N                     messages per second per connection (default 20)
  --burst N                    messages allowed in a burst (default 40)
  --max-connections-per-ip N   WebSocket connections per address (default 16)
  --max-http-per-ip N          plain HTTP connections per address (default 32)
  --send-queue N               queued outgoing messages before a slow client is dropped (default 256)
  --handshake-timeout MS       WebSocket handshake and hello deadline (default 10000)
  --idle-timeout MS            close after this long without a frame; pings at half (default 60000)
  --grace MS                   how long a disconnected person's waiting seat is kept (default 120000)
  --bot-delay MS               pause before a bot moves (default 400)
  --bot-threads N              threads the search bots think on (default 2)
  --bot-think MS               the most a search bot thinks about one move (default 3000)
  --resigned-bot KIND          the bot that plays on for a resigned seat: random, beginner, greedy,
                               apprentice, amateur, easy, medium, hard (default medium)
  --adjourn-after MS           unload a running game no one is online for after this long; a seated
                               player's hello brings it back (default 86400000, 24 h)
  --sync full|normal           full: every commit is fsynced before its ack, so it survives a power
                               cut; normal: not fsynced, survives the server's crash or kill but
                               not the machine's (default full; SQLite only; docs/storage.md)
  --max-rooms-per-person N     rooms one person may have open, 0: no cap (default 4)
  --max-rooms-per-ip N         rooms one address may have open, 0: no cap (default 16)
  --max-search-bots-per-person N
                               easy/medium/hard bot seats in one person's rooms, 0: no cap (default 8)
  --max-search-bots-per-ip N   the same per address, 0: no cap (default 16)
  --bot-slice MS               while other searches wait, a search answers after this long (default 250)
  --room-chat-rate N           chat lines per second one room accepts (default 5)
  --room-chat-burst N          chat lines one room accepts at once (default 20)
  --lobby-interval MS          lobby subscribers get one batch of changes per interval, 0: each
                               change at once (default 250)
  --presence-interval MS       a room's spectator list reaches its viewers at most once per
                               interval, 0: each change at once (default 1000)
  --presence-budget N          and at most N presence sends (one per viewer) a second per room,
                               so a large crowd's interval grows with it; 0: no budget (default 2000)
  --allow-origin URL           accept WebSocket upgrades only from this Origin (repeatable)
  --trusted-proxy ADDRESS      the reverse proxy's IP address: its connections count as the
                               client X-Forwarded-For names (limits, caps); others as themselves
  --session-days N             accounts: a session unused this many days ends (default 400)
  --sign-in-failures N         accounts: wrong passwords per name in 10 minutes before 429 (default 10)
  --sign-in-attempts N         accounts: sign-in attempts per address in 10 minutes (default 200)
  --account-threads N          accounts: workers for the store's account queries (default 2)
  --hash-threads N             accounts: threads that hash passwords, at a lower priority
                               (default min(2, cores - 1), at least 1; never all the cores)
  --hash-queue N               accounts: password hashes waiting or running at most; more are
                               refused 503 at once (default 32)
  --sign-ups-per-address N     accounts: sign-ups per address in an hour, 0: no limit (default 10)
  --sign-ups-per-minute N      accounts: sign-ups on this node in a minute, 0: no limit (default 300)
  --deleted-name-days N        accounts: a deleted account's name stays taken this many days (default 30)
  --exports-per-hour N         accounts: exports of one's own data per account in an hour (default 3)
  --blocking-threads N         threads for store calls and API requests (default 4)
  --blocking-queue N           API requests that may wait for them before 503 (default 512)
  --allow-private-webhooks     accounts: accept webhook URLs on loopback or private addresses
  --short-move-times           tests only: any move_time_s from 1 s; a vacation day lasts 1 s
  --smtp URL                   notices: the SMTP server mails go through, smtp://host:port
                               (needs --mail-from and --public-url; docs/accounts.md)
  --mail-from ADDRESS          notices: the From address of the mails
  --mail-retry-ms MS           notices: a mail or webhook that failed is tried again after this
                               long, doubling up to 5 minutes (default 5000)
  --mail-turn-delay-ms MS      notices: a turn's mail waits this long and names every game
                               waiting for the player by then (default 60000)
  --mail-limit-per-address N   notices: mails sent unasked (confirmations, resets, challenges)
                               to one address per hour (default 3)
  --mail-limit-per-account N   notices: the same for one account, whatever the address (default 5)
  --vapid-subject URL          notices: Web Push to closed pages, naming the operator to push
                               services: mailto:you@example.org or https://example.org/contact
  --allow-private-push         notices: accept push endpoints over http:// or on loopback or
                               private addresses (a push service of your own, tests)
  --tournament-sweep-ms MS     tournaments: how often each one is looked at besides when its
                               games end here (default 5000)
  --max-tournaments-per-person N  unfinished tournaments one account may have created, 0: no
                               cap (default 3)
  --max-open-tournaments N     unfinished tournaments on the server, 0: no cap (default 200)
  --test-exit-after-round-stored  tests only: the process ends right after storing a round,
                               before its games open (never in production)
  --review-daily N             move reviews one person (account or guest's address) may ask for
                               in 24 hours (default 10)
  --review-queue N             move reviews that may wait, everyone's together (default 50)
  --fixed-seed N               tests only: every game uses this seed (never in production)
  --help                       this text
)";

template <typename Number>
bool parse_number(std::string_view text, Number& out) {
    const auto result = std::from_chars(text.data(), text.data() + text.size(), out);
    return result.ec == std::errc{} && result.ptr == text.data() + text.size();
}

bool parse_ms(std::string_view text, std::chrono::milliseconds& out) {
    long long ms = 0;
    if (!parse_number(text, ms) || ms < 0) return false;
    out = std::chrono::milliseconds(ms);
    return true;
}

}  // namespace

int resolved_io_threads(int configured) {
    if (configured > 0) return configured;
    // The journal's writer, the bot pool and the kernel's network work get the remaining core.
    const int hardware = static_cast<int>(std::thread::hardware_concurrency());
    return std::max(1, hardware - 1);
}

parse_outcome parse_command_line(int argc, char** argv) {
    server_config config;
    for (int i = 1; i < argc; ++i) {
        const std::string_view flag = argv[i];
        if (flag == "--help" || flag == "-h") {
            std::cout << usage;
            return {std::nullopt, 0};
        }
        if (flag == "--allow-private-webhooks") {  // a switch: takes no value
            config.accounts.allow_private_webhooks = true;
            continue;
        }
        if (flag == "--allow-private-push") {  // a switch: takes no value
            config.notices.allow_private_push = true;
            continue;
        }
        if (flag == "--short-move-times") {  // a switch: takes no value
            config.turn_based.short_move_times = true;
            continue;
        }
        if (flag == "--test-exit-after-round-stored") {  // a switch: takes no value
            config.test_exit_after_round_stored = true;
            continue;
        }
        if (i + 1 >= argc) {
            std::cerr << "carc-server: " << flag << " needs a value (see --help)\n";
            return {std::nullopt, 2};
        }
        const std::string_view value = argv[++i];
        bool ok = true;
        if (flag == "--bind") config.bind = value;
        else if (flag == "--port") ok = parse_number(value, config.port);
        else if (flag == "--threads") ok = parse_number(value, config.threads) && config.threads > 0;  // 0 stays the automatic default
        else if (flag == "--data-dir") config.data_dir = value;
        else if (flag == "--store") {
            if (value.starts_with("sqlite:")) config.data_dir = value.substr(7);
            else if (value.starts_with("postgres://") || value.starts_with("postgresql://")) config.postgres_url = value;
            else ok = false;
        }
        else if (flag == "--public-url") config.public_url = value;
        else if (flag == "--node-id") config.node_id = value;
        else if (flag == "--lease-ms") ok = parse_ms(value, config.lease) && config.lease.count() >= 300;
        else if (flag == "--web-root") config.web_root = value;
        else if (flag == "--log-level") config.log_level = value;
        else if (flag == "--max-message") ok = parse_number(value, config.max_message) && config.max_message >= 1024;
        else if (flag == "--rate") ok = parse_number(value, config.rate_per_second) && config.rate_per_second > 0;
        else if (flag == "--burst") ok = parse_number(value, config.burst) && config.burst >= 1;
        else if (flag == "--max-connections-per-ip") ok = parse_number(value, config.max_connections_per_ip);
        else if (flag == "--max-http-per-ip") ok = parse_number(value, config.max_http_connections_per_ip);
        else if (flag == "--send-queue") ok = parse_number(value, config.send_queue_messages);
        else if (flag == "--handshake-timeout") ok = parse_ms(value, config.handshake_timeout) && parse_ms(value, config.hello_timeout);
        else if (flag == "--idle-timeout") ok = parse_ms(value, config.idle_timeout);
        else if (flag == "--grace") ok = parse_ms(value, config.grace);
        else if (flag == "--bot-delay") ok = parse_ms(value, config.bot_delay);
        else if (flag == "--bot-threads") ok = parse_number(value, config.bot_threads) && config.bot_threads > 0;
        else if (flag == "--bot-think") ok = parse_ms(value, config.bot_think);
        else if (flag == "--resigned-bot") {
            BotKind kind{};
            ok = protocol::bot_kind_from_string(value, kind);
            config.resigned_bot = value;
        }
        else if (flag == "--adjourn-after") ok = parse_ms(value, config.adjourn_after);
        else if (flag == "--max-rooms-per-person") ok = parse_number(value, config.max_rooms_per_person) && config.max_rooms_per_person >= 0;
        else if (flag == "--max-rooms-per-ip") ok = parse_number(value, config.max_rooms_per_ip) && config.max_rooms_per_ip >= 0;
        else if (flag == "--max-search-bots-per-person") ok = parse_number(value, config.max_search_bots_per_person) && config.max_search_bots_per_person >= 0;
        else if (flag == "--max-search-bots-per-ip") ok = parse_number(value, config.max_search_bots_per_ip) && config.max_search_bots_per_ip >= 0;
        else if (flag == "--bot-slice") ok = parse_ms(value, config.bot_slice) && config.bot_slice.count() > 0;
        else if (flag == "--room-chat-rate") ok = parse_number(value, config.room_chat_rate) && config.room_chat_rate > 0;
        else if (flag == "--room-chat-burst") ok = parse_number(value, config.room_chat_burst) && config.room_chat_burst >= 1;
        else if (flag == "--lobby-interval") ok = parse_ms(value, config.lobby_interval);
        else if (flag == "--presence-interval") ok = parse_ms(value, config.presence_interval);
        else if (flag == "--presence-budget") ok = parse_number(value, config.presence_budget) && config.presence_budget >= 0;
        else if (flag == "--allow-origin") config.allowed_origins.emplace_back(value);
        else if (flag == "--trusted-proxy") ok = is_ip_address(value), config.trusted_proxy = value;
        else if (flag == "--sync") {
            ok = value == "full" || value == "normal";
            config.sync_full = value == "full";
        }
        else if (flag == "--session-days") {
            int days = 0;
            ok = parse_number(value, days) && days > 0;
            config.accounts.session_lifetime = std::chrono::hours(24 * days);
        }
        else if (flag == "--sign-in-failures") ok = parse_number(value, config.accounts.failures_per_name) && config.accounts.failures_per_name > 0;
        else if (flag == "--sign-in-attempts") ok = parse_number(value, config.accounts.attempts_per_address) && config.accounts.attempts_per_address > 0;
        else if (flag == "--account-threads") ok = parse_number(value, config.accounts.threads) && config.accounts.threads > 0;
        else if (flag == "--blocking-threads") ok = parse_number(value, config.blocking_threads) && config.blocking_threads > 0;
        else if (flag == "--blocking-queue") ok = parse_number(value, config.blocking_queue) && config.blocking_queue > 0;
        else if (flag == "--hash-threads") ok = parse_number(value, config.accounts.hash_threads) && config.accounts.hash_threads > 0;
        else if (flag == "--hash-queue") ok = parse_number(value, config.accounts.hash_queue) && config.accounts.hash_queue > 0;
        else if (flag == "--sign-ups-per-address") ok = parse_number(value, config.accounts.sign_ups_per_address) && config.accounts.sign_ups_per_address >= 0;
        else if (flag == "--deleted-name-days") {
            int days = -1;
            ok = parse_number(value, days) && days >= 0;
            config.accounts.deleted_name_hold = std::chrono::hours(24 * days);
        }
        else if (flag == "--exports-per-hour") ok = parse_number(value, config.accounts.exports_per_hour) && config.accounts.exports_per_hour > 0;
        else if (flag == "--sign-ups-per-minute") ok = parse_number(value, config.accounts.sign_ups_per_minute) && config.accounts.sign_ups_per_minute >= 0;
        else if (flag == "--smtp") {
            ok = value.starts_with("smtp://") || value.starts_with("smtps://");
            config.notices.smtp_url = value;
        }
        else if (flag == "--mail-from") {
            ok = value.find('@') != std::string_view::npos && value.find_first_of("\r\n<> ") == std::string_view::npos;
            config.notices.mail_from = value;
        }
        else if (flag == "--vapid-subject") {
            config.notices.vapid_subject = value;
            if (auto bad = check_vapid_subject(config.notices.vapid_subject)) {
                std::cerr << "carc-server: --vapid-subject: " << *bad << "\n";
                return {std::nullopt, 2};
            }
        }
        else if (flag == "--review-daily") ok = parse_number(value, config.reviews.per_person_daily) && config.reviews.per_person_daily >= 1;
        else if (flag == "--review-queue") ok = parse_number(value, config.reviews.queued_in_all) && config.reviews.queued_in_all >= 1;
        else if (flag == "--max-tournaments-per-person") ok = parse_number(value, config.max_tournaments_per_person) && config.max_tournaments_per_person >= 0;
        else if (flag == "--max-open-tournaments") ok = parse_number(value, config.max_open_tournaments) && config.max_open_tournaments >= 0;
        else if (flag == "--tournament-sweep-ms") ok = parse_ms(value, config.tournament_sweep) && config.tournament_sweep.count() > 0;
        else if (flag == "--mail-retry-ms") ok = parse_ms(value, config.notices.retry_first) && config.notices.retry_first.count() > 0;
        else if (flag == "--mail-turn-delay-ms") ok = parse_ms(value, config.notices.turn_mail_delay);
        else if (flag == "--mail-limit-per-address")
            ok = parse_number(value, config.notices.unasked_per_address) && config.notices.unasked_per_address > 0;
        else if (flag == "--mail-limit-per-account")
            ok = parse_number(value, config.notices.unasked_per_account) && config.notices.unasked_per_account > 0;
        else if (flag == "--fixed-seed") {  // tests only (crash test): every game uses this seed
            std::uint64_t seed = 0;
            ok = parse_number(value, seed);
            config.fixed_seed = seed;
        }
        else {
            std::cerr << "carc-server: unknown flag " << flag << " (see --help)\n";
            return {std::nullopt, 2};
        }
        if (!ok) {
            std::cerr << "carc-server: bad value '" << value << "' for " << flag << "\n";
            return {std::nullopt, 2};
        }
    }
    if (!config.notices.smtp_url.empty() && (config.notices.mail_from.empty() || config.public_url.empty())) {
        std::cerr << "carc-server: --smtp needs --mail-from (the sender) and --public-url (the links in mails)\n";
        return {std::nullopt, 2};
    }
    return {config, 0};
}

std::string find_web_root(const std::string& configured, const char* argv0) {
    namespace fs = std::filesystem;
    if (!configured.empty()) return configured;
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec && argv0) exe = fs::absolute(argv0, ec);
    std::vector<fs::path> candidates;
    if (!exe.empty()) {
        candidates.push_back(exe.parent_path() / "../../clients/web");  // build/bin -> repository
        candidates.push_back(exe.parent_path() / "../share/carc/web");  // installed (Docker image)
    }
    candidates.push_back(fs::current_path(ec) / "clients/web");
    for (const auto& candidate : candidates) {
        if (fs::is_directory(candidate, ec)) return fs::weakly_canonical(candidate, ec).string();
    }
    return "clients/web";
}

}  // namespace carc::server
