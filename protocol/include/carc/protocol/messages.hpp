#pragma once
// The messages of docs/protocol.md as types. Client messages are parsed from untrusted text by
// parse_client_message (limits first, then shape); server messages are written by encode(),
// which adds `type` and the echoed request `id`. `snapshot` and `patch` have no type here: they
// are written by view_publisher.hpp.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "carc/action.hpp"
#include "carc/protocol/errors.hpp"
#include "carc/protocol/json_limits.hpp"
#include "carc/protocol/settings.hpp"
#include "carc/protocol/version.hpp"
#include "carc/protocol/view.hpp"

namespace carc::protocol {

using json = nlohmann::json;

inline constexpr std::size_t max_name_length = 32;
inline constexpr std::size_t max_chat_length = 500;
inline constexpr std::size_t max_id_length = 64;

// ---- client to server ----------------------------------------------------------------------

struct Hello {
    static constexpr std::string_view type = "hello";
    int protocol = 0;
    std::string name;
    std::optional<std::string> token;
    // An account's session secret (the terminal client's; a browser's comes as its cookie).
    std::optional<std::string> session;
    friend bool operator==(const Hello&, const Hello&) = default;
};
struct GetTiles {
    static constexpr std::string_view type = "get_tiles";
    friend bool operator==(const GetTiles&, const GetTiles&) = default;
};
// The room this connection shows now (nullopt: none), so notices know who is watching a game
// (docs/protocol.md, `watch`). A connection that never says it watches all its rooms.
struct Watch {
    static constexpr std::string_view type = "watch";
    std::optional<std::string> room;
    friend bool operator==(const Watch&, const Watch&) = default;
};
// Whether this connection's page is visible (the browser's Page Visibility; a terminal client is
// visible while it runs): a hidden page watches no game, so its person gets notices
// (docs/protocol.md, `visibility`). A connection is visible until it says otherwise.
struct Visibility {
    static constexpr std::string_view type = "visibility";
    bool visible = true;
    friend bool operator==(const Visibility&, const Visibility&) = default;
};
struct ListRooms {
    static constexpr std::string_view type = "list_rooms";
    friend bool operator==(const ListRooms&, const ListRooms&) = default;
};
struct LobbySubscribe {
    static constexpr std::string_view type = "lobby_subscribe";
    friend bool operator==(const LobbySubscribe&, const LobbySubscribe&) = default;
};
struct LobbyUnsubscribe {
    static constexpr std::string_view type = "lobby_unsubscribe";
    friend bool operator==(const LobbyUnsubscribe&, const LobbyUnsubscribe&) = default;
};
struct CreateRoom {
    static constexpr std::string_view type = "create_room";
    RoomSettings settings;
    friend bool operator==(const CreateRoom&, const CreateRoom&) = default;
};
// A room is named by its id or, for private rooms, by the invite code.
struct RoomRef {
    std::optional<std::string> room;
    std::optional<std::string> invite;
    friend bool operator==(const RoomRef&, const RoomRef&) = default;
};
struct Join {
    static constexpr std::string_view type = "join";
    RoomRef ref;
    std::optional<int> seat;
    friend bool operator==(const Join&, const Join&) = default;
};
struct Spectate {
    static constexpr std::string_view type = "spectate";
    RoomRef ref;
    friend bool operator==(const Spectate&, const Spectate&) = default;
};
struct Leave {
    static constexpr std::string_view type = "leave";
    std::string room;
    friend bool operator==(const Leave&, const Leave&) = default;
};
struct Kick {
    static constexpr std::string_view type = "kick";
    std::string room;
    std::string person;
    friend bool operator==(const Kick&, const Kick&) = default;
};
struct SetBot {
    static constexpr std::string_view type = "set_bot";
    std::string room;
    int seat = 0;
    std::optional<BotKind> bot;  // nullopt: remove the bot
    friend bool operator==(const SetBot&, const SetBot&) = default;
};
struct Start {
    static constexpr std::string_view type = "start";
    std::string room;
    friend bool operator==(const Start&, const Start&) = default;
};
struct ChatRequest {
    static constexpr std::string_view type = "chat";
    std::string room;
    std::string text;
    friend bool operator==(const ChatRequest&, const ChatRequest&) = default;
};
// One decision (`action`), or up to max_action_steps consecutive decisions of the same player
// (`actions`: the tile and its follower, ...) applied as one: all or none.
inline constexpr std::size_t max_action_steps = 4;
struct PlayAction {
    static constexpr std::string_view type = "action";
    std::string room;
    std::uint64_t version = 0;
    Action action;             // the first step
    std::vector<Action> then{};  // the steps after it, in order
    std::vector<Action> steps() const;
    friend bool operator==(const PlayAction&, const PlayAction&) = default;
};
struct LegalPlacementsQuery {
    static constexpr std::string_view type = "legal_placements";
    std::string room;
    friend bool operator==(const LegalPlacementsQuery&, const LegalPlacementsQuery&) = default;
};
struct FollowerOptionsQuery {
    static constexpr std::string_view type = "follower_options";
    std::string room;
    Action placement;  // a place_tile action
    friend bool operator==(const FollowerOptionsQuery&, const FollowerOptionsQuery&) = default;
};
struct Resign {
    static constexpr std::string_view type = "resign";
    std::string room;
    friend bool operator==(const Resign&, const Resign&) = default;
};
// Turn-based games (docs/protocol.md): a seat a bot took over when its time ran out back to its
// person; the win claimed in a two-player game whose opponent's seat a bot took over; a day of
// vacation taken on purpose on the current move.
struct TakeSeatBack {
    static constexpr std::string_view type = "take_seat_back";
    std::string room;
    friend bool operator==(const TakeSeatBack&, const TakeSeatBack&) = default;
};
struct ClaimWin {
    static constexpr std::string_view type = "claim_win";
    std::string room;
    friend bool operator==(const ClaimWin&, const ClaimWin&) = default;
};
struct TakeVacation {
    static constexpr std::string_view type = "take_vacation";
    std::string room;
    friend bool operator==(const TakeVacation&, const TakeVacation&) = default;
};
// A live game without a clock: a bot plays the seat of a person offline past the grace period,
// until they are back (docs/protocol.md).
struct BotForOffline {
    static constexpr std::string_view type = "bot_for_offline";
    std::string room;
    int seat = 0;
    friend bool operator==(const BotForOffline&, const BotForOffline&) = default;
};
struct SnapshotRequest {
    static constexpr std::string_view type = "snapshot";
    std::string room;
    friend bool operator==(const SnapshotRequest&, const SnapshotRequest&) = default;
};

// The room's whole event log and its last chat lines (what a snapshot carries besides the view).
struct HistoryRequest {
    static constexpr std::string_view type = "history";
    std::string room;
    friend bool operator==(const HistoryRequest&, const HistoryRequest&) = default;
};
// The games the person (or account) has a seat in, from the store (docs/accounts.md).
struct MyGamesRequest {
    static constexpr std::string_view type = "my_games";
    friend bool operator==(const MyGamesRequest&, const MyGamesRequest&) = default;
};
// What a room link offers before one joins: the room's summary (private rooms by invite only).
struct RoomInfoRequest {
    static constexpr std::string_view type = "room_info";
    RoomRef ref;
    friend bool operator==(const RoomInfoRequest&, const RoomInfoRequest&) = default;
};

// A private room with these settings, the sender seated, and a friend (mutual follows, no block
// either way) invited by a notice (docs/friends.md). Accounts only.
struct Challenge {
    static constexpr std::string_view type = "challenge";
    std::string name;  // the friend's account name
    RoomSettings settings;
    friend bool operator==(const Challenge&, const Challenge&) = default;
};
// The invited friend says no: the challenger is told and the challenge is forgotten.
struct DeclineChallenge {
    static constexpr std::string_view type = "decline_challenge";
    std::string room;
    friend bool operator==(const DeclineChallenge&, const DeclineChallenge&) = default;
};

using ClientMessage =
    std::variant<Hello, GetTiles, Watch, Visibility, ListRooms, LobbySubscribe, LobbyUnsubscribe, CreateRoom, Join,
                 Spectate, Leave, Kick, SetBot, Start, ChatRequest, PlayAction,
                 LegalPlacementsQuery, FollowerOptionsQuery, Resign, SnapshotRequest,
                 HistoryRequest, RoomInfoRequest, MyGamesRequest, TakeSeatBack, ClaimWin, TakeVacation,
                 BotForOffline, Challenge, DeclineChallenge>;

// ---- server to client ----------------------------------------------------------------------

struct Welcome {
    static constexpr std::string_view type = "welcome";
    int protocol = protocol_version;
    std::string server;
    std::string person;
    std::string name;
    std::string token;
    bool resumed = false;
    std::vector<std::string> rooms;
    std::optional<std::string> account;  // the account's name when signed in
    std::int64_t max_message = 0;
    int max_depth = 0;
    double rate_per_second = 0;
    double burst = 0;
    friend bool operator==(const Welcome&, const Welcome&) = default;
};
struct Tiles {
    static constexpr std::string_view type = "tiles";
    json tiles = json::array();
    friend bool operator==(const Tiles&, const Tiles&) = default;
};
struct Lobby {
    static constexpr std::string_view type = "lobby";
    std::vector<RoomSummary> rooms;
    friend bool operator==(const Lobby&, const Lobby&) = default;
};
// To lobby subscribers after the full `lobby`: one public room appeared or changed...
struct LobbyRoom {
    static constexpr std::string_view type = "lobby_room";
    RoomSummary room;
    friend bool operator==(const LobbyRoom&, const LobbyRoom&) = default;
};
// ... or left the list.
struct LobbyRoomRemoved {
    static constexpr std::string_view type = "lobby_room_removed";
    std::string room;
    friend bool operator==(const LobbyRoomRemoved&, const LobbyRoomRemoved&) = default;
};
// Several changes of one batching interval at once: each room's latest entry, and the rooms
// that left the list.
struct LobbyChanges {
    static constexpr std::string_view type = "lobby_changes";
    std::vector<RoomSummary> rooms;
    std::vector<std::string> removed;
    friend bool operator==(const LobbyChanges&, const LobbyChanges&) = default;
};
struct RoomCreated {
    static constexpr std::string_view type = "room_created";
    std::string room;
    std::string invite;
    friend bool operator==(const RoomCreated&, const RoomCreated&) = default;
};
struct Joined {
    static constexpr std::string_view type = "joined";
    std::string room;
    std::optional<int> seat;  // nullopt: spectator
    friend bool operator==(const Joined&, const Joined&) = default;
};
struct Left {
    static constexpr std::string_view type = "left";
    std::string room;
    friend bool operator==(const Left&, const Left&) = default;
};
struct Kicked {
    static constexpr std::string_view type = "kicked";
    std::string room;
    friend bool operator==(const Kicked&, const Kicked&) = default;
};
struct History {
    static constexpr std::string_view type = "history";
    std::string room;
    std::uint64_t version = 0;
    json log = json::array();
    json chat = json::array();
    friend bool operator==(const History&, const History&) = default;
};
struct RoomInfoReply {
    static constexpr std::string_view type = "room_info";
    RoomSummary room;
    bool is_private = false;
    std::optional<std::string> invite;  // echoed when the request named the room by it
    bool member = false;                // the asker is already in the room
    std::optional<int> seat;            // ... and sits there
    friend bool operator==(const RoomInfoReply&, const RoomInfoReply&) = default;
};
struct Ack {
    static constexpr std::string_view type = "ack";
    std::optional<std::uint64_t> version;
    friend bool operator==(const Ack&, const Ack&) = default;
};
struct ChatMessage {
    static constexpr std::string_view type = "chat";
    std::string room;
    std::string from;
    std::string name;
    std::string text;
    std::int64_t time = 0;
    friend bool operator==(const ChatMessage&, const ChatMessage&) = default;
};
struct LegalPlacements {
    static constexpr std::string_view type = "legal_placements";
    std::string room;
    std::uint64_t version = 0;
    std::optional<std::string> tile;
    std::vector<Action> placements;
    friend bool operator==(const LegalPlacements&, const LegalPlacements&) = default;
};
struct FollowerOptions {
    static constexpr std::string_view type = "follower_options";
    std::string room;
    std::uint64_t version = 0;
    Action placement;
    std::vector<Action> options;
    nlohmann::json features = nlohmann::json::array();  // features_to_json of the options
    friend bool operator==(const FollowerOptions&, const FollowerOptions&) = default;
};
struct ErrorMessage {
    static constexpr std::string_view type = "error";
    ErrorCode code = ErrorCode::internal;
    std::string message;
    std::optional<std::string> room;
    std::optional<std::string> rule;          // illegal_action: the engine's reason
    std::optional<std::uint64_t> version;     // stale_version: the current version
    // The values a client needs to word the error in its own language ({"field":"seat"},
    // {"name":"Bob"}, ...). `rule` and `version` are copied in when set.
    json params = json::object();
    friend bool operator==(const ErrorMessage&, const ErrorMessage&) = default;
};
// The operator removed a chat line of the room (docs/moderation.md): the sender's line at that
// time shows as removed, its text gone.
struct ChatRemoved {
    static constexpr std::string_view type = "chat_removed";
    std::string room;
    std::string from;
    std::int64_t time = 0;
    friend bool operator==(const ChatRemoved&, const ChatRemoved&) = default;
};

// What one person hears outside any room's view (docs/protocol.md, `notice`): a turn of a
// turn-based game waiting for them, its time running out, a friend's challenge, a challenge
// declined, their account renamed by a moderator. Members not set are left out.
enum class NoticeKind : std::uint8_t { your_turn, time_running_out, challenge, challenge_declined, renamed };
std::string_view to_string(NoticeKind kind);
struct Notice {
    static constexpr std::string_view type = "notice";
    NoticeKind kind = NoticeKind::your_turn;
    std::optional<std::string> room;
    std::optional<std::int64_t> deadline_ms;  // your_turn, time_running_out
    std::optional<std::string> invite;        // challenge
    std::optional<std::string> from;          // challenge: the challenger; challenge_declined: the friend
    std::optional<std::int64_t> move_time_s;  // challenge: 0 for a live game
    std::optional<std::string> name;          // renamed: the new name
    friend bool operator==(const Notice&, const Notice&) = default;

    static Notice your_turn(std::string room, std::int64_t deadline_ms);
    static Notice time_running_out(std::string room, std::int64_t deadline_ms);
    static Notice challenge(std::string room, std::string invite, std::string from, std::int64_t move_time_s);
    static Notice challenge_declined(std::string room, std::string from);
    static Notice renamed(std::string name);
};
// Several nodes (docs/protocol.md): the room (or the request) lives on another node; the client
// connects to `ws` and says hello again with the same token.
struct Redirect {
    static constexpr std::string_view type = "redirect";
    std::string url;  // the node's public http(s) URL
    std::string ws;   // its WebSocket URL
    std::optional<std::string> room;
    friend bool operator==(const Redirect&, const Redirect&) = default;
    // The redirect to the node at `url`: `ws` is its ws(s):// twin with /ws.
    static Redirect to(const std::string& url, std::optional<std::string> room);
};
// One game of the account's (GET /api/me/games, `my_games`).
struct MyGame {
    std::string room;
    std::string status;  // waiting, playing, adjourned, finished, abandoned
    int seat = 0;
    bool your_turn = false;
    std::optional<std::int64_t> deadline_ms;  // your move's, when it has one
    std::int64_t created_ms = 0;
    std::optional<std::string> name;
    std::optional<std::string> rules;
    std::optional<std::int64_t> move_time_s;  // turn-based games
    bool resigned = false;
    bool away = false;                // a bot plays the seat: take_seat_back
    std::optional<std::string> game;  // a finished game's record (GET /api/games/{id})
    friend bool operator==(const MyGame&, const MyGame&) = default;
};
struct MyGames {
    static constexpr std::string_view type = "my_games";
    std::vector<MyGame> games;
    friend bool operator==(const MyGames&, const MyGames&) = default;
};
// A tournament's round began: the player's table (`room` null for a bye).
struct TournamentRound {
    static constexpr std::string_view type = "tournament_round";
    std::string tournament;
    int round = 0;
    std::optional<std::string> room;
    friend bool operator==(const TournamentRound&, const TournamentRound&) = default;
};

// ---- JSON conversions: each message in the one direction it travels -------------------------
// The server reads client messages (from_json, through parse_client_message) and writes server
// messages (to_json, through encode). `snapshot` and `patch` are written as text around parts
// serialised once (view_publisher.hpp: snapshot_text, patch_text).

#define CARC_CLIENT_MESSAGE(T) void from_json(const json& in, T& message);
CARC_CLIENT_MESSAGE(Hello)
CARC_CLIENT_MESSAGE(GetTiles)
CARC_CLIENT_MESSAGE(Watch)
CARC_CLIENT_MESSAGE(Visibility)
CARC_CLIENT_MESSAGE(ListRooms)
CARC_CLIENT_MESSAGE(LobbySubscribe)
CARC_CLIENT_MESSAGE(LobbyUnsubscribe)
CARC_CLIENT_MESSAGE(CreateRoom)
CARC_CLIENT_MESSAGE(Join)
CARC_CLIENT_MESSAGE(Spectate)
CARC_CLIENT_MESSAGE(Leave)
CARC_CLIENT_MESSAGE(Kick)
CARC_CLIENT_MESSAGE(SetBot)
CARC_CLIENT_MESSAGE(Start)
CARC_CLIENT_MESSAGE(ChatRequest)
CARC_CLIENT_MESSAGE(PlayAction)
CARC_CLIENT_MESSAGE(LegalPlacementsQuery)
CARC_CLIENT_MESSAGE(FollowerOptionsQuery)
CARC_CLIENT_MESSAGE(Resign)
CARC_CLIENT_MESSAGE(SnapshotRequest)
CARC_CLIENT_MESSAGE(HistoryRequest)
CARC_CLIENT_MESSAGE(RoomInfoRequest)
CARC_CLIENT_MESSAGE(MyGamesRequest)
CARC_CLIENT_MESSAGE(TakeSeatBack)
CARC_CLIENT_MESSAGE(ClaimWin)
CARC_CLIENT_MESSAGE(TakeVacation)
CARC_CLIENT_MESSAGE(BotForOffline)
CARC_CLIENT_MESSAGE(Challenge)
CARC_CLIENT_MESSAGE(DeclineChallenge)
#undef CARC_CLIENT_MESSAGE

#define CARC_SERVER_MESSAGE(T) void to_json(json& out, const T& message);
CARC_SERVER_MESSAGE(Welcome)
CARC_SERVER_MESSAGE(Tiles)
CARC_SERVER_MESSAGE(Lobby)
CARC_SERVER_MESSAGE(LobbyRoom)
CARC_SERVER_MESSAGE(LobbyRoomRemoved)
CARC_SERVER_MESSAGE(LobbyChanges)
CARC_SERVER_MESSAGE(RoomCreated)
CARC_SERVER_MESSAGE(Joined)
CARC_SERVER_MESSAGE(Left)
CARC_SERVER_MESSAGE(Kicked)
CARC_SERVER_MESSAGE(History)
CARC_SERVER_MESSAGE(RoomInfoReply)
CARC_SERVER_MESSAGE(Ack)
CARC_SERVER_MESSAGE(ChatMessage)
CARC_SERVER_MESSAGE(FollowerOptions)
CARC_SERVER_MESSAGE(ErrorMessage)
CARC_SERVER_MESSAGE(ChatRemoved)
CARC_SERVER_MESSAGE(Notice)
CARC_SERVER_MESSAGE(Redirect)
CARC_SERVER_MESSAGE(MyGame)
CARC_SERVER_MESSAGE(MyGames)
CARC_SERVER_MESSAGE(TournamentRound)
#undef CARC_SERVER_MESSAGE

// ---- parsing and encoding -------------------------------------------------------------------

struct ParseLimits {
    std::size_t max_message = default_max_message;
    int max_depth = default_max_depth;
};

// A parsed request, or the error to answer it with. `id` is the request id when one could be
// read (null otherwise), so even refusals echo it.
struct ParsedRequest {
    json id;
    std::optional<ClientMessage> message;
    std::optional<ErrorMessage> error;
};

ParsedRequest parse_client_message(std::string_view text, const ParseLimits& limits = {});

// The JSON text of a server message with `type` and, when not null, the request `id`.
template <typename Message>
std::string encode(const Message& message, const json& id = nullptr) {
    json out = message;
    out["type"] = Message::type;
    if (!id.is_null()) out["id"] = id;
    return out.dump();
}

// The legal placements answer is the largest reply of a turn (often a hundred placements or
// more) and asked for every turn, so it is written straight to text (keys sorted, as json::dump
// writes them), without building a JSON object per placement.
std::string encode(const LegalPlacements& message, const json& id = nullptr);

std::string_view type_of(const ClientMessage& message);

}  // namespace carc::protocol
