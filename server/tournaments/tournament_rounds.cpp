#include "tournaments/tournament_rounds.hpp"

#include <algorithm>
#include <map>

#include "carc/competition/round_robin.hpp"
#include "carc/competition/standings.hpp"

namespace carc::server::tournaments {

namespace cm = carc::competition;
namespace st = carc::storage;
using nlohmann::json;

namespace {

std::map<std::string, int> entries_by_person(const st::StoredTournament& stored) {
    std::map<std::string, int> out;
    for (const auto& p : stored.players) out[p.person_id] = p.entry;
    return out;
}

std::map<int, const st::TournamentPlayer*> players_by_entry(const st::StoredTournament& stored) {
    std::map<int, const st::TournamentPlayer*> out;
    for (const auto& p : stored.players) out[p.entry] = &p;
    return out;
}

st::TournamentTable table_of(int number, const std::vector<int>& entries,
                             const std::map<int, const st::TournamentPlayer*>& players) {
    st::TournamentTable table;
    table.table = number;
    for (const int e : entries) table.players.push_back(players.at(e)->person_id);
    return table;
}

}  // namespace

format_settings format_of(const st::TournamentRecord& record) {
    format_settings out;
    out.swiss = record.format == "swiss";
    const json settings = json::parse(record.settings_json, nullptr, false);
    if (settings.is_object()) {
        out.rounds = settings.value("rounds", 0);
        out.table_size = settings.value("table_size", 2);
    }
    return out;
}

cm::Tournament roster_of(const st::StoredTournament& stored) {
    cm::Tournament t;
    for (const auto& p : stored.players) {
        t.join(p.entry, static_cast<double>(p.seed));
        if (p.withdrawn) t.withdraw(p.entry);
    }
    const auto entries = entries_by_person(stored);
    for (const auto& table : stored.tables) {
        if (!table.places) continue;
        if (!table.room_id) {
            for (const auto& person : table.players) t.record_bye(entries.at(person));
            continue;
        }
        cm::TableResult result;
        for (const auto& person : table.players) result.players.push_back(entries.at(person));
        result.places = *table.places;
        t.record(result);
    }
    return t;
}

bool round_over(const st::StoredTournament& stored) {
    return std::ranges::all_of(stored.tables, [&](const st::TournamentTable& t) {
        return t.round != stored.record.round || t.places.has_value();
    });
}

std::vector<st::TournamentTable> next_round(const st::StoredTournament& stored) {
    const format_settings format = format_of(stored.record);
    const cm::Tournament roster = roster_of(stored);
    const auto players = players_by_entry(stored);
    std::vector<st::TournamentTable> tables;
    if (roster.active_ids().size() < 2) return tables;
    if (format.swiss) {
        if (stored.record.round >= format.rounds) return tables;
        cm::SwissRound round;
        try {
            round = cm::pair_swiss_round(roster.swiss_players());
        } catch (const cm::PairingImpossible&) {
            return tables;
        }
        for (const auto& [a, b] : round.pairs)
            tables.push_back(table_of(static_cast<int>(tables.size()), {a, b}, players));
        if (round.bye) {
            st::TournamentTable bye = table_of(static_cast<int>(tables.size()), {*round.bye}, players);
            bye.places = std::vector<int>{0};
            tables.push_back(std::move(bye));
        }
        return tables;
    }
    const auto schedule = cm::round_robin_schedule(roster.active_ids(), format.table_size, roster.met_pairs());
    if (schedule.empty()) return tables;
    for (const cm::Table& table : schedule.front())
        tables.push_back(table_of(static_cast<int>(tables.size()), table, players));
    return tables;
}

json standings_json(const st::StoredTournament& stored) {
    const auto players = players_by_entry(stored);
    json rows = json::array();
    for (const cm::Standing& s : cm::standings(roster_of(stored))) {
        const st::TournamentPlayer& p = *players.at(s.id);
        rows.push_back({{"rank", s.rank},
                        {"person", p.person_id},
                        {"name", p.name},
                        {"points", s.points.to_double()},
                        {"buchholz", s.buchholz.to_double()},
                        {"sonneborn_berger", s.sonneborn_berger.to_double()},
                        {"seed", p.seed},
                        {"joined_round", p.joined_round},
                        {"withdrawn", s.withdrawn}});
    }
    return rows;
}

std::optional<std::vector<int>> places_of_record(const json& record) {
    const auto result = record.find("result");
    if (result == record.end() || !result->is_object() || !result->contains("scores")) return std::nullopt;
    const auto scores = result->at("scores").get<std::vector<long>>();
    std::vector<int> resigned;
    if (result->contains("resigned")) resigned = result->at("resigned").get<std::vector<int>>();
    const auto gave_up = [&](std::size_t seat) {
        return std::ranges::find(resigned, static_cast<int>(seat)) != resigned.end();
    };
    int finishers = 0;
    for (std::size_t seat = 0; seat < scores.size(); ++seat) finishers += gave_up(seat) ? 0 : 1;
    std::vector<int> places(scores.size(), finishers);
    for (std::size_t seat = 0; seat < scores.size(); ++seat) {
        if (gave_up(seat)) continue;
        int above = 0;
        for (std::size_t other = 0; other < scores.size(); ++other)
            above += (!gave_up(other) && scores[other] > scores[seat]) ? 1 : 0;
        places[seat] = above;
    }
    return places;
}

}  // namespace carc::server::tournaments
