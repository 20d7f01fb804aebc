#include "ratings/game_rating.hpp"

#include <algorithm>

#include "carc/competition/rated_game.hpp"
#include "carc/protocol/settings.hpp"
#include "ratings/bot_ratings.hpp"
#include "ratings/rating_key.hpp"

namespace carc::server::ratings {

namespace st = carc::storage;
namespace cm = carc::competition;
using protocol::SeatInfo;

namespace {

cm::Rating to_rating(const st::RatingValue& v) { return {v.rating, v.rd, v.volatility}; }
st::RatingValue to_value(const cm::Rating& r) { return {r.rating, r.rd, r.volatility}; }

bool is_resigned(const protocol::GameResult& result, int seat) {
    return std::ranges::find(result.resigned, seat) != result.resigned.end();
}

}  // namespace

std::optional<rated_refusal> rated_settings_refusal(const protocol::RoomSettings& settings) {
    if (!settings.rated) return std::nullopt;
    if (settings.config.players < cm::kMinRatedPlayers || settings.config.players > cm::kMaxRatedPlayers)
        return rated_refusal{"rated_seats", "rated games have 2 to 5 players"};
    if (settings.config.options.pile_limit != 0)
        return rated_refusal{"rated_full_pile", "a rated game is played with the whole pile: leave pile_limit out or make the game unrated"};
    return std::nullopt;
}

std::shared_ptr<const st::RatedGame> rated_game_of(const protocol::RoomInfo& room, const protocol::GameResult& result,
                                                   const std::vector<int>& tiles_placed) {
    const int seats = static_cast<int>(room.seats.size());
    if (!room.settings.rated || seats < cm::kMinRatedPlayers || seats > cm::kMaxRatedPlayers) return nullptr;
    if (result.scores.size() != room.seats.size()) return nullptr;
    if (room.settings.config.options.pile_limit != 0) return nullptr;  // refused at creation; never rated
    if (tiles_placed.size() != room.seats.size() || std::ranges::any_of(tiles_placed, [](int n) { return n == 0; }))
        return nullptr;  // aborted before every seat played
    auto game = std::make_shared<st::RatedGame>();
    game->key = rating_key(room.settings.config);
    for (int seat = 0; seat < seats; ++seat) {
        const SeatInfo& info = room.seats[static_cast<std::size_t>(seat)];
        st::RatedSeat& out = game->seats.emplace_back();
        out.seat = seat;
        if (info.kind == SeatInfo::Kind::bot) out.bot_kind = std::string(protocol::to_string(info.bot));
        else out.person_id = info.person;
        out.resigned = is_resigned(result, seat);
        // Finishers by score, ties sharing a place; the model puts forfeits after them anyway.
        int ahead = 0;
        for (int other = 0; other < seats; ++other)
            if (!is_resigned(result, other) && result.scores[static_cast<std::size_t>(other)] >
                                                    result.scores[static_cast<std::size_t>(seat)])
                ++ahead;
        out.place = ahead;
    }
    game->rate = rate_seats;
    return game;
}

std::vector<st::RatingChange> rate_seats(const std::vector<st::SeatRatingInput>& seats) {
    std::vector<cm::Participant> participants;
    for (const st::SeatRatingInput& in : seats) {
        cm::Participant& p = participants.emplace_back();
        p.place = in.seat.place;
        p.resigned = in.seat.resigned;
        BotKind kind{};
        p.fixed = !in.seat.bot_kind.empty() && protocol::bot_kind_from_string(in.seat.bot_kind, kind);
        if (p.fixed) p.before = bot_rating(kind);
        else if (in.stored) p.before = to_rating(*in.stored);
        else p.before = cm::kNewcomer;
        p.idle_seconds = p.fixed ? 0.0 : in.idle_seconds;
    }
    cm::LeftOutPairs left_out;
    std::size_t pairs = 0;
    for (std::size_t i = 0; i < seats.size(); ++i) {
        for (std::size_t j = i + 1; j < seats.size(); ++j) {
            ++pairs;
            const auto& met = seats[i].recent_games_with;
            if (j < met.size() && met[j] >= cm::kCountedGamesPerOpponentPerDay)
                left_out.insert({static_cast<int>(i), static_cast<int>(j)});
        }
    }
    if (left_out.size() == pairs) return {};  // every pair played too often today: not rated
    const cm::RatedGameResult rated = cm::rate_game(participants, left_out);
    const std::vector<int> places = cm::effective_places(participants);
    std::vector<st::RatingChange> changes;
    for (std::size_t i = 0; i < seats.size(); ++i) {
        const st::RatedSeat& seat = seats[i].seat;
        st::RatingChange& c = changes.emplace_back();
        c.seat = seat.seat;
        c.person_id = seat.person_id;
        c.bot_kind = seat.bot_kind;
        BotKind kind{};
        if (participants[i].fixed && protocol::bot_kind_from_string(seat.bot_kind, kind)) c.name = bot_display_name(kind);
        c.place = places[i];
        c.resigned = seat.resigned;
        c.won = !seat.resigned && places[i] == 0;
        c.before = to_value(rated.participants[i].before);
        c.after = to_value(rated.participants[i].after);
    }
    return changes;
}

}  // namespace carc::server::ratings
