#pragma once
// What the client knows: the welcome (person, token), the lobby (a full `lobby`, then
// `lobby_room` / `lobby_room_removed` / `lobby_changes` changes), the tile catalogue, and the
// room it is in with its view kept current by snapshots and RFC 6902 patches (nlohmann's
// json::patch, the same operations the browser's patch.js applies), its log and chat (the
// whole history from each snapshot's `log` and `chat`, then the patches' events), and the last
// tile each seat laid. A spectator whose server forgot it (a restart) watches again on its own.
// Pure: it reads server messages and queues the requests it needs in `outbox`; the app sends
// them.

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "board_scene.hpp"
#include "tile_book.hpp"

namespace carc::term {

using nlohmann::json;

// A legal placement of the drawn tile, and what may be done right after laying it there (the
// follower options; none: laying it ends the decision), from the view's `you.placements`.
struct Placement {
    int x = 0;
    int y = 0;
    int rotation = 0;
    std::vector<json> options;
};
// The view's compact placements (docs/protocol.md) as actions.
std::vector<Placement> read_placements(const json& compact);

// An invite code as the server writes it: upper case, no spaces, XXXX-XXXX (the server
// compares codes exactly).
std::string normalise_invite(std::string_view code);

class ClientModel {
public:
    // `token`: a saved one from an earlier run (--token-file), empty for a new person.
    explicit ClientModel(std::string name, std::string token = "")
        : name_(std::move(name)), token_(std::move(token)) {}

    // An account's session token (carc-term --sign-in): hello then signs in with it.
    void set_session(std::string session) { session_ = std::move(session); }
    // Opens this game once connected (carc-term --play ROOM, a game from My games): its
    // snapshot is asked for after hello, and other rooms' snapshots wait until it came.
    void open_on_welcome(std::string room) { wanted_room_ = std::move(room); }

    // My games (the `my_games` message): the list is asked for again on each call.
    void request_my_games();
    const nlohmann::json& my_games() const { return my_games_; }
    bool my_games_answered() const { return my_games_answered_; }
    // Opens one of My games, as --play does; from a game back to the list, the seat kept (the
    // server is told the room is no longer on screen, so its turn notices come again).
    void open_game(const std::string& room);
    void close_game();

    // Connection events.
    void connected();     // queues hello (with the saved token, if any)
    void disconnected();  // keeps the token and the room for the reconnect

    // One server message (already parsed).
    void handle(const json& message);

    // Requests, with a fresh id.
    void request(json message);
    // A request the player made by a key: the status line told of what came before, so it is
    // cleared (an error about this request sets it again); while offline it keeps saying so.
    void user_request(json message);
    // An invite code typed by the player (any case, spaces, with or without the dash): asks what
    // the room offers (`room_info`), then takes a free seat of a waiting room or watches it.
    void open_invite(std::string_view code);
    std::vector<json> take_outbox();
    // The `ws` address of the last `redirect` (docs/protocol.md), once: the app moves the link
    // there; the redirected request is sent again after the welcome there.
    std::optional<std::string> take_redirect();

    // ---- what the screens read ----
    bool online() const { return online_; }
    const std::string& name() const { return name_; }
    const std::string& person() const { return person_; }
    const std::string& token() const { return token_; }
    const json& rooms() const { return rooms_; }
    const TileBook& tiles() const { return tiles_; }
    bool in_room() const { return !room_id_.empty() && view_.is_object(); }
    const std::string& room_id() const { return room_id_; }
    const json& view() const { return view_; }
    std::uint64_t version() const { return version_; }
    std::optional<int> my_seat() const;
    bool is_host() const;
    const json& game() const;  // null before the start
    bool my_placement() const;  // my turn to lay the drawn tile, none chosen yet
    // My turn with a list of choices: the follower options of the chosen placement, or
    // view.you.legal.
    bool my_decision() const;
    // Legal placements of the drawn tile (from the view).
    const std::vector<Placement>& placements() const { return placements_; }
    bool placements_ready() const { return !placements_.empty(); }
    // The placement chosen and not sent yet: it goes with its follower option as one action
    // message (choose_after_placement), or is dropped.
    const std::optional<Placement>& held_placement() const { return held_; }
    void hold_placement(Placement placement) { held_ = std::move(placement); }
    void drop_placement() { held_.reset(); }
    // Sends the held placement and `option` (one of its options) as one action.
    void choose_after_placement(const json& option);
    // Bots are named in the client's language ("Bot 2 (greedy)"; short: "Bot 2").
    std::string seat_name(int seat, bool short_bot = false) const;
    bool seat_is_bot(int seat) const;
    // Where each seat laid its last tile (from the log).
    const std::map<int, BoardCoord>& last_tiles() const { return last_tiles_; }
    const std::deque<std::string>& log() const { return log_; }
    const std::deque<std::string>& chat() const { return chat_; }
    const std::string& status() const { return status_; }
    void set_status(std::string text) { status_ = std::move(text); }
    void leave_room();  // forget the room locally (after `left` or `kicked`)

private:
    // A chat line as shown ("Bob: hello"; a removed one says so), kept with its sender and time.
    void add_chat(const json& line);
    void clear_chat();
    // chat_removed: the operator removed the sender's line at that time (docs/moderation.md).
    void remove_chat(const json& message);
    void room_info(const json& message);
    void snapshot(const json& message);
    void patch(const json& message);
    void after_view_change();
    void add_event(const json& event);
    void fill_history(const json& message);
    void welcome(const json& message);
    void error(const json& message);
    void redirect(const json& message);
    // Tells the server which room is on screen when that changed (or `always`, after a hello).
    void announce_watch(bool always = false);

    std::string name_;
    std::string person_;
    std::string token_;
    std::string session_;
    bool online_ = false;
    bool welcomed_ = false;  // a welcome came on an earlier link of this run: a new one is a reconnection
    int next_id_ = 1;
    std::vector<json> outbox_;
    json rooms_ = json::array();
    TileBook tiles_;
    std::string room_id_;
    std::string wanted_room_;  // --play, My games: the game to open (after hello)
    json my_games_ = json::array();
    bool my_games_answered_ = false;
    std::string watched_;  // the room the server was last told is on screen ("" for none)
    json view_;
    std::uint64_t version_ = 0;
    std::vector<Placement> placements_;
    json placements_seen_;  // you.placements as last read
    std::optional<Placement> held_;
    std::deque<std::string> log_;
    std::deque<std::string> chat_;
    // Who said each line of chat_ and when: what names a line the operator removes.
    struct chat_sender {
        std::string from;
        std::string name;
        std::int64_t time = 0;
    };
    std::deque<chat_sender> chat_senders_;
    std::map<int, BoardCoord> last_tiles_;
    std::string status_;
    std::string pending_invite_;  // asked by room_info; answered with a join or a spectate
    std::map<int, json> unanswered_;  // sent requests by id, until their reply (at most 64)
    std::vector<json> replay_;        // redirected requests and rooms created offline, sent after the next welcome
    std::optional<std::string> redirect_to_;
    bool rejoining_ = false;  // asked to watch the room again after the server forgot us
};

}  // namespace carc::term
