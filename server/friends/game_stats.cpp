#include "friends/game_stats.hpp"

#include <algorithm>

namespace carc::server::friends {

std::vector<play_counts> count_play(int seats, std::span<const record_action> actions) {
    std::vector<play_counts> out(static_cast<std::size_t>(std::max(seats, 0)));
    for (const record_action& a : actions) {
        if (a.seat < 0 || a.seat >= seats) continue;
        play_counts& c = out[static_cast<std::size_t>(a.seat)];
        switch (a.action.type) {
            case ActionType::place_tile: ++c.tiles_placed; break;
            case ActionType::place_follower:
            case ActionType::tower_follower:
            case ActionType::city_follower: ++c.followers_used; break;
            default: break;
        }
    }
    return out;
}

std::vector<storage::SeatStats> seat_stats_of(const protocol::RoomInfo& room, const protocol::GameResult& result,
                                              const std::vector<play_counts>& counts) {
    std::vector<storage::SeatStats> out;
    for (std::size_t seat = 0; seat < room.seats.size(); ++seat) {
        const protocol::SeatInfo& info = room.seats[seat];
        if (info.kind != protocol::SeatInfo::Kind::human || info.person.empty()) continue;
        storage::SeatStats& s = out.emplace_back();
        s.seat = static_cast<int>(seat);
        s.person_id = info.person;
        const int id = static_cast<int>(seat);
        s.won = std::ranges::find(result.winners, id) != result.winners.end() &&
                std::ranges::find(result.resigned, id) == result.resigned.end();
        if (seat < counts.size()) {
            s.tiles_placed = counts[seat].tiles_placed;
            s.followers_used = counts[seat].followers_used;
        }
        if (seat < result.breakdown.size())
            for (const auto& [kind, points] : result.breakdown[seat]) s.points[kind] = points;
    }
    return out;
}

}  // namespace carc::server::friends
