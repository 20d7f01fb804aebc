#pragma once
// SqlStore: the one implementation of Store's rules and queries, over a sql::Connection that a
// backend supplies (SqliteStore, PostgresStore). Every call locks the store's mutex and runs in
// a transaction of its own, so it is synchronous: when a write returns, it is stored or refused.
// The server writes through write_batch (group commit: many rooms' writes, one commit). A
// backend adds what only its database has and may hook two points: the fence every room write
// passes (PostgreSQL's leases) and the moment an action is written (a test hook).

#include <memory>
#include <mutex>

#include "carc/storage/account_rename.hpp"
#include "carc/storage/friend_store.hpp"
#include "carc/storage/moderation_store.hpp"
#include "carc/storage/notice_store.hpp"
#include "carc/storage/personal_data_store.hpp"
#include "carc/storage/rating_store.hpp"
#include "carc/storage/review_store.hpp"
#include "carc/storage/sign_in_link_store.hpp"
#include "carc/storage/store.hpp"
#include "carc/storage/stores.hpp"
#include "carc/storage/tournament_store.hpp"
#include "sql_connection.hpp"

namespace carc::storage {

class SqlStore : public Store, public AccountStore, public TurnStore, public NoticeStore,
                 public RatingStore, public FriendStore, public TournamentStore, public ReviewStore,
                 public ModerationStore, public PersonalDataStore, public SignInLinkStore {
public:
    explicit SqlStore(std::unique_ptr<sql::Connection> db) : db_(std::move(db)) {}

    std::vector<Status> write_batch(const std::vector<JournalWrite>& writes) override;
    Status set_room_status(std::string_view room_id, RoomStatus status) override;

    Result<std::vector<StoredRoom>> load_unfinished() override;
    Result<std::optional<StoredRoom>> load_room(std::string_view room_id) override;
    Result<std::vector<std::string>> known_ids() override;
    Result<std::uint64_t> take_room_number(std::uint64_t at_least) override;  // sql_store_counters.cpp
    Result<std::vector<GameSummary>> list_finished(int limit, int offset) override;
    Result<std::optional<std::string>> get_game(std::string_view game_id) override;

    // Accounts (sql_store_accounts.cpp).
    Status create_account(const AccountRecord& account, const SessionRecord& first) override;
    Result<std::optional<AccountRecord>> account_by_name(std::string_view name_key) override;
    Result<std::optional<AccountRecord>> account_by_look(std::string_view name_key, std::string_view skeleton) override;
    Result<std::vector<std::pair<std::string, std::string>>> accounts_without_skeleton() override;
    Status set_name_skeleton(std::string_view person_id, std::string_view skeleton) override;
    Result<std::optional<AccountRecord>> account_of(std::string_view person_id) override;
    Status update_settings(std::string_view person_id, const AccountSettings& settings) override;
    Status change_password(std::string_view person_id, std::string_view password_hash, const TokenHash& keep) override;
    Status add_session(const SessionRecord& session) override;
    Result<std::optional<SessionRecord>> use_session(const TokenHash& secret_hash, TimeMs now_ms,
                                                     TimeMs seen_after_ms) override;
    Result<std::vector<SessionRecord>> sessions_of(std::string_view person_id) override;
    Result<TokenHash> end_session(std::string_view person_id, std::string_view public_id) override;
    Result<std::vector<TokenHash>> end_other_sessions(std::string_view person_id, const TokenHash& keep) override;
    Result<std::vector<TokenHash>> live_sessions(const std::vector<TokenHash>& secret_hashes) override;
    Result<std::vector<SeatedGame>> seated_games(const TokenHash& person_token_hash) override;

    // Turn-based games (sql_store_turns.cpp).
    Result<DeadlineResult> fire_deadline(const DeadlineFire& fire) override;
    Result<int> vacation_left(std::string_view person_id, TimeMs now_ms, std::int64_t day_ms) override;
    Result<int> running_turn_based_games(const TokenHash& person_token_hash) override;
    // Notices (sql_store_notices.cpp).
    Result<std::int64_t> enqueue_notice(const QueuedNotice& notice) override;
    Result<std::optional<QueuedNotice>> claim_due_notice(TimeMs now_ms, TimeMs claim_until_ms,
                                                         std::string_view channel) override;
    Result<std::vector<QueuedNotice>> claim_turn_notices(std::string_view person_id, std::string_view channel,
                                                         TimeMs due_by_ms, TimeMs claim_until_ms) override;
    Result<bool> count_unasked_mail(const UnaskedMail& mail) override;
    Result<std::optional<TimeMs>> attempt_wait(std::string_view key, int limit, TimeMs now_ms) override;
    Status count_attempt(std::string_view key, TimeMs now_ms, TimeMs expires_ms) override;
    Status forget_attempts(std::string_view prefix) override;
    Status remove_notice(std::int64_t id) override;
    Status retry_notice(std::int64_t id, TimeMs next_attempt_ms) override;
    Status postpone_notice(std::int64_t id, TimeMs next_attempt_ms) override;
    Result<std::optional<TimeMs>> next_notice_due(std::string_view channel) override;
    Result<std::int64_t> queued_notices() override;
    Status add_link_token(const LinkToken& token, TimeMs now_ms) override;
    Result<std::optional<LinkToken>> use_link_token(const TokenHash& hash, std::string_view purpose, TimeMs now_ms,
                                                    bool consume) override;
    Result<std::optional<std::string>> person_with_email(std::string_view email) override;
    // Web Push (sql_store_push.cpp).
    Result<std::string> server_key(std::string_view name, std::string_view candidate) override;
    Result<std::int64_t> save_push_subscription(const PushSubscription& subscription) override;
    Result<std::vector<PushSubscription>> push_subscriptions_of(std::string_view person_id) override;
    Result<std::optional<PushSubscription>> push_subscription(std::int64_t id) override;
    Result<bool> remove_push_subscription(std::int64_t id, std::string_view person_id) override;
    // Ratings (sql_store_ratings.cpp).
    Result<std::vector<PlayerRating>> ratings_of(std::string_view person_id) override;
    Result<std::vector<RatedGameEntry>> rating_history(std::string_view person_id, int limit) override;
    Result<std::vector<HeadToHead>> head_to_head(std::string_view person_id, std::string_view opponent_id) override;
    Result<std::vector<PlayerRating>> leaderboard_candidates(std::string_view key, int min_games,
                                                             double max_rd) override;
    Result<std::vector<RatingChange>> game_rating(std::string_view game_id) override;
    // Friends and statistics (sql_store_friends.cpp).
    Status set_follow(std::string_view person_id, std::string_view target_id, bool on, TimeMs now_ms) override;
    Status set_block(std::string_view person_id, std::string_view target_id, bool on, TimeMs now_ms) override;
    Result<FriendLists> friend_lists(std::string_view person_id) override;
    Result<Relation> relation(std::string_view a, std::string_view b) override;
    Result<std::vector<std::string>> blocked_ids(std::string_view person_id) override;
    Result<std::vector<std::string>> blocker_ids(std::string_view target_id) override;
    Status add_challenge(const StoredChallenge& challenge) override;
    Result<std::optional<StoredChallenge>> find_challenge(std::string_view room_id) override;
    Result<std::optional<StoredChallenge>> take_challenge(std::string_view room_id, std::string_view to_person) override;
    Result<std::vector<PlayerStats>> stats_of(std::string_view person_id) override;
    // Tournaments (sql_store_tournaments.cpp).
    Status create_tournament(const TournamentRecord& tournament) override;
    Result<TournamentCreated> create_tournament_within(const TournamentRecord& tournament,
                                                      const std::optional<TournamentPlayer>& creator,
                                                      const TournamentCaps& caps) override;
    Result<std::optional<StoredTournament>> tournament(std::string_view id) override;
    Result<std::vector<TournamentRecord>> list_tournaments(int limit) override;
    Status join_tournament(std::string_view id, const TournamentPlayer& player) override;
    Status withdraw_from_tournament(std::string_view id, std::string_view person_id) override;
    Result<bool> start_round(std::string_view id, int from_round, const std::vector<TournamentTable>& tables) override;
    Result<bool> finish_tournament(std::string_view id, int at_round) override;
    Result<bool> record_table_result(std::string_view room_id, const std::vector<int>& places) override;
    Result<std::vector<std::string>> live_tournaments() override;

    // Move reviews (sql_store_reviews.cpp).
    Result<ReviewAskResult> ask_review(std::string_view game_id, std::string_view strength,
                                       std::string_view requester, TimeMs now_ms, const ReviewLimits& limits) override;
    Result<std::optional<ReviewJob>> review_job(std::string_view game_id, std::string_view strength) override;
    Result<bool> claim_review(std::string_view game_id, std::string_view strength, std::string_view node,
                              TimeMs now_ms, TimeMs stale_before_ms) override;
    Result<std::vector<ReviewJob>> claimable_reviews(TimeMs stale_before_ms, int limit) override;
    Status review_progress(std::string_view game_id, std::string_view strength, std::string_view node, int judged,
                           int decisions, TimeMs now_ms) override;
    Status finish_review(std::string_view game_id, std::string_view strength, std::string_view node,
                         std::string_view review_json) override;
    Status fail_review(std::string_view game_id, std::string_view strength, std::string_view node,
                       std::string_view error) override;

    // Moderation (sql_store_moderation.cpp).
    Result<ReportOutcome> add_report(const NewReport& report, int per_day) override;
    Result<std::vector<ReportRecord>> reports(bool with_closed, int limit) override;
    Result<std::vector<ReportRecord>> reports_made_by(std::string_view person_id) override;
    Status close_report(std::int64_t id, const AuditEntry& audit) override;
    Status set_sanction(const Sanction& sanction, const AuditEntry& audit) override;
    Status lift_sanction(std::string_view person_id, SanctionKind kind, const AuditEntry& audit) override;
    Result<std::vector<Sanction>> sanctions(SanctionKind kind, TimeMs now_ms) override;
    Result<std::optional<Sanction>> sanction_of(std::string_view person_id, SanctionKind kind, TimeMs now_ms) override;
    Status ban_address(const AddressBan& ban, const AuditEntry& audit) override;
    Status lift_address_ban(std::string_view cidr, const AuditEntry& audit) override;
    Result<std::vector<AddressBan>> address_bans(TimeMs now_ms) override;
    Result<std::int64_t> log_action(const AuditEntry& audit) override;
    Result<std::vector<AuditEntry>> audit_after(std::int64_t after_id, int limit) override;
    Result<std::vector<AuditEntry>> audit_log(int limit) override;
    Result<ChatLine> remove_chat_line(const ChatLineRef& line, const AuditEntry& audit) override;
    // Voided games (sql_store_voiding.cpp).
    Result<std::vector<std::string>> rated_games_of(std::string_view person_id) override;
    Result<VoidOutcome> void_games(const std::vector<std::string>& game_ids, const RatingModel& model,
                                   const AuditEntry& audit) override;
    // account_rename.hpp's rename, on this store.
    Status rename_account(const AccountRename& rename, const AuditEntry& audit);
    // A person's own data (sql_store_personal_data.cpp).
    Result<std::vector<OwnChatLine>> chat_lines_of(std::string_view person_id) override;
    Result<std::vector<TokenHash>> delete_account(const AccountDeletion& deletion) override;
    // Sign-in by a mailed link (sql_store_sign_in_links.cpp).
    Status add_sign_in_link(const SignInLink& link, TimeMs now_ms) override;
    Result<SignInLinkUse> use_sign_in_link(const TokenHash& token_hash, const TokenHash& browser_hash,
                                           TimeMs now_ms) override;

protected:
    // Checked first by every write to a room, inside its transaction: PostgreSQL refuses a
    // room whose lease this node lost (ErrorCode::fenced). Success by default.
    virtual Status fence_locked(std::string_view room_id);
    // Called once an action's row is written, before its transaction commits.
    virtual void action_written_locked(const ActionRecord&) {}

    sql::Connection& db() { return *db_; }
    // Closes the connection now (a backend that must outlive it: SQLite's directory lock).
    void close_connection() { db_.reset(); }
    // Guards the connection; helpers named *_locked expect it held.
    std::mutex mutex_;

private:
    // The writes, inside a transaction the caller opened (sql_store_rooms.cpp, ..._journal.cpp).
    Status write_locked(const JournalWrite& write);
    Result<RoomStatus> room_status_locked(std::string_view room_id);
    Status create_room_locked(const NewRoom& room);
    Status start_waiting_room_locked(const NewRoom& room);
    Status set_room_status_locked(std::string_view room_id, RoomStatus status);
    Status put_seat_locked(std::string_view room_id, const SeatRecord& seat);
    Status write_seat_locked(std::string_view room_id, const SeatRecord& seat);
    Status put_waiting_room_locked(const WaitingRoomWrite& waiting);
    Result<std::int64_t> last_seq_locked(std::string_view room_id);
    Status append_action_locked(const ActionRecord& action, const std::optional<ClockState>& clock_after);
    Status write_clock_locked(std::string_view room_id, const ClockState& clock);
    Status save_checkpoint_locked(std::string_view room_id, const Checkpoint& checkpoint);
    Status finish_game_locked(const FinishedGame& game);
    // Rates a game being finished, in its transaction (sql_store_ratings.cpp).
    Status rate_game_locked(const std::string& game_id, TimeMs finished_at_ms, const RatedGame& rated);
    // Adds a game being finished to its accounts' statistics, in its transaction (sql_store_friends.cpp).
    Status count_stats_locked(const FinishedGame& game);
    // Takes a voided game's statistics back out of its accounts' totals (sql_store_voiding.cpp).
    Status uncount_stats_locked(const std::string& game_id);
    // Rates again, in order, every rated game under `key` finished at or after `from_ms`.
    Result<int> rerate_from_locked(const std::string& key, TimeMs from_ms, const RatingModel& model);
    // Turn-based games (sql_store_turns.cpp).
    Status put_turn_locked(const TurnWrite& write);
    Status load_turn_locked(StoredRoom& room);
    // Chat lines (sql_store_chat.cpp).
    Status put_chat_locked(const ChatWrite& write);
    Status load_chat_locked(StoredRoom& room);
    Result<int> vacation_left_locked(std::string_view person_id, TimeMs now_ms, std::int64_t day_ms,
                                     bool* auto_vacation);

    // Accounts (sql_store_accounts.cpp).
    Result<std::optional<ReviewJob>> review_job_locked(std::string_view game_id, std::string_view strength);
    Status end_review_locked(std::string_view sql, std::string_view game_id, std::string_view strength,
                             std::string_view node, std::string_view value);

    Result<std::optional<AccountRecord>> account_where_locked(std::string_view condition, std::string_view value,
                                                              std::string_view second = {});
    Status insert_session_locked(const SessionRecord& session);

    // The reads (sql_store_load.cpp).
    Result<std::vector<StoredRoom>> load_rooms_locked(std::string_view only_room);
    Status load_seats_locked(StoredRoom& room);
    Status load_room_details_locked(StoredRoom& room);

    // Deleted accounts (sql_store_personal_data.cpp): a held name refused at sign-up, and the
    // replacement name written into finished games.
    Status refuse_held_name_locked(const AccountRecord& account);
    Status replace_deleted_names_locked(std::string_view token_hex, std::string_view replacement,
                                        std::string_view game_id);
    Status replace_names_in_finished_game_locked(std::string_view game_id);

    std::unique_ptr<sql::Connection> db_;
};

// `store` seen through every interface it implements (plain upcasts, known at compile time).
inline Stores stores_of(const std::shared_ptr<SqlStore>& store) {
    Stores all;
    all.games = store;
    all.accounts = store;
    all.turns = store;
    all.notices = store;
    all.ratings = store;
    all.friends = store;
    all.tournaments = store;
    all.reviews = store;
    all.moderation = store;
    all.personal_data = store;
    all.sign_in_links = store;
    return all;
}

}  // namespace carc::storage
