#include "app/server.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <spdlog/spdlog.h>

#include "cluster/cluster_node.hpp"
#include "friends/game_stats.hpp"
#include "ratings/game_rating.hpp"
#include "ratings/rating_key.hpp"
#include "http/http_accounts.hpp"
#include "http/http_friends.hpp"
#include "http/http_notices.hpp"
#include "http/http_push.hpp"
#include "http/http_ratings.hpp"
#include "http/http_reports.hpp"
#include "http/http_reviews.hpp"
#include "http/http_routes.hpp"
#include "http/http_tournaments.hpp"
#include "http/http_vacation.hpp"
#include "moderation/admin_socket.hpp"
#include "moderation/audit_follower.hpp"
#include "http/http_own_data.hpp"
#include "http/http_sign_in_link.hpp"
#include "net/listener.hpp"
#include "notices/notice_service.hpp"
#include "rooms/recovery.hpp"
#include "rooms/room.hpp"
#include "app/shared_state.hpp"
#include "tournaments/tournament_service.hpp"
#include "reviews/review_service.hpp"
#include "http/game_reads.hpp"
#include "friends/people_news.hpp"
#include "persistence/storage_journal.hpp"

namespace carc::server {

namespace net = boost::asio;

namespace {
// Time for close frames to go out before the io_context stops.
constexpr auto shutdown_grace = std::chrono::milliseconds(300);
// People are swept once per grace period, but never more often than this.
constexpr auto min_sweep_interval = std::chrono::milliseconds(100);

// The tournaments get what they use: their stores, the journal, the lobby and the people, and the
// rooms' side as functions (with several nodes, ids and leases go through the cluster, which is
// made after this).
tournaments::tournament_parts tournament_parts_of(shared_state* state, const storage::Stores& stores) {
    const server_config& config = state->config;
    return tournaments::tournament_parts{
        .store = stores.tournaments,
        .games = stores.games,
        .accounts = stores.accounts,
        .ratings = stores.ratings,
        .journal = state->journal,
        .rooms = state->rooms,
        .persons = state->persons,
        .new_room_id = [state] { return state->cluster ? state->cluster->claim_room_id() : state->rooms.next_room_id(); },
        .may_open = [state](const std::string& id) { return !state->cluster || state->cluster->lease_for_resume(id); },
        .open_room = [state](started_game game) { room::open_started(state->room_needs, std::move(game)); },
        .tell = [state](const std::string& person,
                        const protocol::TournamentRound& round) { friends::page(state->reach, person, round); },
        .rules = {.sweep_every = config.tournament_sweep,
                  .max_per_creator = config.max_tournaments_per_person,
                  .max_unfinished = config.max_open_tournaments,
                  .short_move_times = config.turn_based.short_move_times,
                  .fixed_seed = config.fixed_seed,
                  .test_exit_after_round_stored = config.test_exit_after_round_stored}};
}
}  // namespace

server::server(server_config config, std::shared_ptr<room_journal> journal, std::string web_root)
    : ioc_(resolved_io_threads(config.threads)),
      web_root_(std::move(web_root)),
      sweep_timer_(net::make_strand(ioc_)),
      session_timer_(sweep_timer_.get_executor()) {
    // A concurrency hint of 1 lets Asio skip waking other threads for handlers posted here.
    config.threads = resolved_io_threads(config.threads);
    if (!journal) journal = std::make_shared<null_journal>();
    state_ = std::make_unique<shared_state>(std::move(config), ioc_, std::move(journal));
    game_records_ = std::make_unique<game_reads>(game_sources{state_->rooms, state_->stores, state_->cluster},
                                                 state_->counters, state_->blocking);
    state_->counters.io_threads = static_cast<std::uint64_t>(state_->config.threads);
    listen_to_rooms();
}

server::server(server_config config, storage::Stores stores, std::string web_root)
    : server(std::move(config), std::make_shared<storage_journal>(stores.games), std::move(web_root)) {
    keep_in(std::move(stores));
    recover_rooms(state_->room_needs, *state_->stores.games);
}

void server::keep_in(storage::Stores stores) {
    // Each service is made only when the stores it needs exist (all of them live in the one
    // database the games do).
    if (stores.accounts)
        state_->accounts = std::make_unique<accounts::account_service>(state_->config, stores.accounts);
    // Notices need the accounts (who wants what) and the queue.
    if (stores.notices && state_->accounts) {
        state_->notice_sender = std::make_shared<notices::notice_service>(state_->config, state_->reach, stores.notices,
                                                                        stores.accounts);
        state_->notices = state_->notice_sender;
    }
    if (stores.tournaments && state_->accounts) {
        tournaments_ = std::make_unique<tournaments::tournament_service>(tournament_parts_of(state_.get(), stores));
        // A tournament hears once a game's record is stored: its round may be over.
        state_->hooks.on_recorded([tournaments = tournaments_.get()](const std::string& room_id) {
            tournaments->game_recorded(room_id);
        });
    }
    if (stores.reviews && stores.games)
        reviews_ = std::make_unique<review_service>(stores.reviews, stores.games, *state_->bots,
                                                           state_->config.reviews, state_->config.node_id);
    state_->stores = std::move(stores);
    auto& journal = static_cast<storage_journal&>(*state_->journal);
    journal.count_into(state_->counters);
    // A commit that may have stored what it reported refused: the room's memory may disagree
    // with its journal, so it leaves memory and comes back from the journal (docs/scaling.md).
    journal.on_outcome_unknown([state = state_.get()](const std::string& room_id) {
        if (auto r = state->rooms.find(room_id)) r->reload_from_journal();
    });
}

server::server(server_config config, storage::Stores stores, std::shared_ptr<storage::LeaseStore> leases,
               std::string web_root)
    : server(std::move(config), std::make_shared<storage_journal>(stores.games), std::move(web_root)) {
    keep_in(std::move(stores));
    storage::PostgresOptions feed;
    feed.url = state_->config.postgres_url;
    feed.lease = state_->config.lease;
    shared_state* state = state_.get();
    state_->cluster = std::make_shared<cluster_node>(
        state_->room_needs, std::move(leases), state_->config.node_id, state_->config.lease, std::move(feed),
        people_listener{.heard = [state](const std::string& payload) { friends::on_people_news(state->reach, payload); },
                        .lost = [state] { friends::on_people_news_lost(state->reach); }});
    state_->persons.set_id_suffix("-" + state_->config.node_id);
    recover_rooms(state_->room_needs, *state_->stores.games);  // reserves the stored ids; loads nothing
}

server::~server() {
    if (state_->cluster) state_->cluster->stop();
    if (tournaments_) tournaments_->stop();
    if (reviews_) reviews_->stop();
}

// What a finished game means to the features above the rooms: its rating and statistics are
// stored with its record (a journal without accounts ignores them).
void server::listen_to_rooms() {
    state_->hooks.on_finishing([](const finished_game& game, game_end& end) {
        std::vector<int> tiles_placed;
        for (const friends::play_counts& c : game.plays) tiles_placed.push_back(c.tiles_placed);
        end.rated = ratings::rated_game_of(game.room, game.result, tiles_placed);
        end.stats_key = ratings::rating_key(game.room.settings.config);
        end.stats = friends::seat_stats_of(game.room, game.result, game.plays);
    });
}

// The composition root of the HTTP API: each feature's routes, given the services and stores
// they use; a feature whose store is missing has no routes (its paths answer 404).
void server::build_routes() {
    auto routes = std::make_unique<route_table>(state_->accounts.get(), state_->config, state_->blocking);
    const storage::Stores& stores = state_->stores;
    add_server_routes(*routes, state_->rooms, state_->counters, web_root_);
    game_records_->add_routes(*routes);
    // Without a store the account routes say so (503 no_accounts).
    add_account_routes(*routes, account_parts{.config = state_->config,
                                              .persons = state_->persons,
                                              .rooms = state_->rooms,
                                              .accounts = state_->accounts.get(),
                                              .cluster = state_->cluster.get(),
                                              .sender = state_->notice_sender.get(),
                                              .moderation = stores.moderation.get(),
                                              .notices = stores.notices.get(),
                                              .turns = stores.turns.get()});
    if (state_->accounts) {
        add_vacation_route(*routes, state_->rooms, state_->cluster.get());
        if (stores.friends) add_friends_routes(*routes, *state_->accounts, state_->reach, *stores.friends);
        if (stores.notices) add_notice_routes(*routes, *state_->accounts, *stores.notices, state_->notice_sender.get());
        if (stores.notices && state_->notice_sender) add_push_routes(*routes, *state_->notice_sender, state_->config.notices.allow_private_push,
                            *stores.notices);
        if (stores.ratings) add_ratings_routes(*routes, *state_->accounts, *stores.ratings, stores.friends.get());
        if (stores.moderation) add_report_routes(*routes, *state_->accounts, *stores.moderation);
        if (stores.personal_data) add_own_data_routes(*routes, *state_->accounts, state_->room_needs, game_records_->cache());
        if (stores.sign_in_links && stores.notices)
            add_sign_in_link_routes(*routes, state_->config, *state_->accounts, *stores.notices, *stores.sign_in_links,
                                    state_->notice_sender.get());
    }
    if (tournaments_) add_tournament_routes(*routes, *tournaments_);
    if (reviews_)
        add_review_routes(*routes, state_->accounts.get(), game_sources{state_->rooms, state_->stores, state_->cluster},
                          *reviews_);
    state_->routes = std::move(routes);
}

unsigned short server::start() {
    build_routes();
    const auto address = net::ip::make_address(state_->config.bind);
    listener_ = std::make_shared<listener>(ioc_, net::ip::tcp::endpoint{address, state_->config.port}, *state_);
    listener_->run();
    if (auto* sender = state_->notice_sender.get()) sender->start();
    if (tournaments_) tournaments_->start();
    if (reviews_) reviews_->start();
    if (state_->stores.moderation && state_->accounts) {
        audit_follower_ = std::make_unique<moderation::audit_follower>(state_->rooms, state_->persons, *state_->stores.moderation);
        audit_follower_->start();
    }
    net::post(sweep_timer_.get_executor(), [this] {
        sweep_people();
        if (state_->accounts) sweep_sessions();
    });
    if (state_->cluster) {
        std::string url = state_->config.public_url;
        if (url.empty()) {
            const std::string host = state_->config.bind == "0.0.0.0" ? "127.0.0.1" : state_->config.bind;
            url = "http://" + host + ":" + std::to_string(listener_->port());
        }
        spdlog::info("event=cluster_node node={} public_url={} lease_ms={}", state_->config.node_id, url,
                     state_->config.lease.count());
        state_->cluster->start(std::move(url));
    }
    spdlog::info("event=listening bind={} port={} threads={} web_root={}", state_->config.bind,
                 listener_->port(), state_->config.threads, web_root_);
    return listener_->port();
}

void server::sweep_people() {
    const auto grace = state_->config.grace;
    sweep_timer_.expires_after(std::max<std::chrono::steady_clock::duration>(grace, min_sweep_interval));
    sweep_timer_.async_wait([this, grace](boost::system::error_code ec) {
        if (ec || stopping_) return;
        const std::size_t forgotten = state_->persons.forget_idle(std::chrono::steady_clock::now(), grace);
        if (forgotten > 0) spdlog::debug("event=people_forgotten count={}", forgotten);
        sweep_people();
    });
}

void server::sweep_sessions() {
    session_timer_.expires_after(std::chrono::milliseconds(500));
    session_timer_.async_wait([this](boost::system::error_code ec) {
        if (ec || stopping_) return;
        state_->accounts->post([accounts = state_->accounts.get()] { accounts->sweep(); });
        // The operators' actions that reach the people connected here (docs/moderation.md).
        if (audit_follower_) state_->blocking.post([follower = audit_follower_.get()] { follower->follow(); });
        sweep_sessions();
    });
}

void server::serve_admin_socket(const std::filesystem::path& path) {
    admin_socket_ = std::make_unique<moderation::admin_socket>(ioc_, state_->blocking, state_->stores, path);
}

void server::run() {
    std::vector<std::thread> workers;
    for (int i = 1; i < state_->config.threads; ++i) workers.emplace_back([this] { ioc_.run(); });
    ioc_.run();
    for (auto& worker : workers) worker.join();
}

void server::stop() {
    net::post(ioc_, [this] {
        net::post(sweep_timer_.get_executor(), [this] {
            stopping_ = true;
            sweep_timer_.cancel();
            session_timer_.cancel();
        });
        spdlog::info("event=shutdown rooms={}", state_->rooms.rooms().size());
        if (listener_) listener_->stop();
        if (admin_socket_) admin_socket_->stop();
        // Stop renewing: this node's rooms go to other nodes once their leases expire.
        if (state_->cluster) state_->cluster->stop();
        state_->close_all(boost::beast::websocket::close_code::going_away, "server shutting down");
        for (const auto& r : state_->rooms.rooms()) r->shutdown();
        if (reviews_) reviews_->stop();
        state_->bots->stop();  // searches end at their next poll; their moves are dropped
        if (tournaments_) tournaments_->stop();
        if (state_->accounts) state_->accounts->stop();
        if (auto* sender = state_->notice_sender.get()) sender->stop();
        state_->journal->flush();
        auto timer = std::make_shared<net::steady_timer>(ioc_, shutdown_grace);
        timer->async_wait([this, timer](boost::system::error_code) { ioc_.stop(); });
    });
}

}  // namespace carc::server
