#pragma once
// Who is in a room and where they sit: the seats, the members (seated or watching, online or
// not), the host and the spectator list, kept as the room's public description
// (protocol::RoomInfo, what the views show). Plain rules on plain data: no strand, no timer, no
// network. The room asks, then answers, journals and times: a member's grace period is the
// room's timer, what its end means is decided here (grace_over).

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "carc/protocol/messages.hpp"
#include "carc/protocol/view.hpp"
#include "base/client_link.hpp"
#include "persistence/journal.hpp"

namespace carc::server {

class seating {
public:
    struct member {
        std::string name;
        std::optional<int> seat;            // nullopt: spectator
        std::shared_ptr<client_link> link;  // null while offline
        bool needs_snapshot = false;        // joined or moved: a snapshot, not the next patch
    };

    // What a join came to: refused, a fresh start for someone already seated in the game
    // (`rejoined`, their link updated), or a seat taken.
    struct join_outcome {
        std::optional<protocol::ErrorMessage> refused;
        std::optional<int> seat;
        bool rejoined = false;
    };

    // What the end of an offline member's grace period means.
    enum class grace_end {
        ignored,  // not a member, or back online
        leaves,   // out of the room (a spectator, or a seat before or after the game)
        stays,    // seated in a game that started: the seat is kept
    };

    // The settings' bot seats are filled; nobody is in yet.
    seating(std::string id, std::string invite, protocol::RoomSettings settings);

    const protocol::RoomInfo& info() const { return info_; }
    const std::map<std::string, member>& members() const { return members_; }
    const member* find(const std::string& person) const;
    bool is_host(const std::string& person) const { return info_.host == person; }
    int seat_count() const { return static_cast<int>(info_.seats.size()); }
    const protocol::SeatInfo& seat(int index) const { return info_.seats[static_cast<std::size_t>(index)]; }

    // The creator: host, in the first free seat (or watching when there is none).
    std::optional<int> open(const std::string& person, const std::string& name, std::shared_ptr<client_link> link);
    // `wanted` names a seat, or any free one (theirs if they sit already).
    join_outcome join(const std::string& person, const std::string& name, std::shared_ptr<client_link> link,
                      std::optional<int> wanted);
    std::optional<protocol::ErrorMessage> spectate(const std::string& person, const std::string& name,
                                                   std::shared_ptr<client_link> link);
    // Leaves the room: before the game the seat is freed, in it the seat stays (offline); a
    // leaving host hands over to the first seated member, else the first member.
    void remove(const std::string& person);
    std::optional<protocol::ErrorMessage> check_kick(const std::string& host, const std::string& target) const;
    // A bot into a seat (`bot`) or out of it (nullopt); before the game only.
    std::optional<protocol::ErrorMessage> set_bot(int seat, std::optional<BotKind> bot);

    // A member's connection: back (renamed by their hello; false when not a member), gone
    // (false unless it was their current link), or refreshed (asking for a snapshot).
    bool attach(const std::string& person, const std::string& name, std::shared_ptr<client_link> link);
    bool detach(const std::string& person, std::uint64_t link_id);
    void relink(const std::string& person, std::shared_ptr<client_link> link);
    grace_end grace_over(const std::string& person) const;

    bool anyone_online() const;
    // A seat held by a person who has not resigned (a game only bots play runs to its end).
    bool humans_playing() const;
    int active_seats() const;  // seats not resigned
    // A bot's seat or a resigned one: the server moves for it.
    bool seat_is_automatic(int seat) const;

    void set_status(protocol::RoomStatus status) { info_.status = status; }
    void set_host(std::string person) { info_.host = std::move(person); }
    // A stored host who is no longer a member hands over as a leaving host does.
    void restore_host(std::string person);
    // False when the seat had resigned already.
    bool resign(int seat);
    // A turn-based game's seat a bot plays since its time ran out (away), or back to its person;
    // false when nothing changed (not a person's seat, resigned, or already so).
    bool set_away(int seat, bool away);
    // The person's seat in a running game is marked offline past the grace period (cleared
    // when they are back); false when they have no seat or are online.
    bool mark_offline_long(const std::string& person);
    // Seat `index` as stored; true when it seats a person (not resigned), now an offline member.
    bool restore_seat(std::size_t index, const journal_seat& stored, bool resigned);
    void free_seat(int seat);
    // Everyone out (the room closes or leaves memory).
    void clear_members() {
        members_.clear();
        watching_.clear();
        spectators_changed_ = true;
    }
    // After a publish: every member has what it needs (a snapshot went, or they are offline).
    void snapshots_sent();
    // One member got a snapshot of their own (a spectator arriving between publishes).
    void snapshot_sent(const std::string& person);
    // Whether the spectators changed since the last call; if so, info()'s list (the first
    // protocol::max_listed_spectators by person id) and count are brought up to date. Until
    // then they say what was last published: presence reaches the views at the room's pace.
    bool refresh_spectators();
    bool spectators_pending() const { return spectators_changed_; }
    // Whether `person` watches (a member without a seat).
    bool is_spectator(const std::string& person) const {
        const member* m = find(person);
        return m && !m->seat;
    }

private:
    member* find_mutable(const std::string& person);
    void add(const std::string& person, const std::string& name, std::shared_ptr<client_link> link,
             std::optional<int> seat);
    void seat_person(int seat, const std::string& person, const std::string& name);
    void set_online(const member& m, bool online);
    // Brings the person's entry in the spectator list (sorted by person id) up to date with
    // their membership; wherever a spectator comes, goes, renames or (dis)connects.
    void sync_spectator(const std::string& person);
    void pick_new_host();

    protocol::RoomInfo info_;
    std::map<std::string, member> members_;
    // Every spectator by person id; info_.spectators is the head of it as last refreshed.
    std::map<std::string, protocol::MemberInfo> watching_;
    bool spectators_changed_ = false;
};

}  // namespace carc::server
