#include "script_city.hpp"

#include <algorithm>

namespace carc::sim {
namespace {

using nlohmann::json;

bool read_quarter(const json& value, std::uint8_t& out, std::string& error) {
    Quarter q{};
    if (!value.is_string() || !quarter_from_string(value.get<std::string>(), q)) {
        error = "a quarter is one of castle, blacksmith, cathedral, market";
        return false;
    }
    out = static_cast<std::uint8_t>(q);
    return true;
}

// The market move an entry {"at": [x, y], "field": "NL"} names.
bool market_action(const State& state, const json& entry, Action& out, std::string& error) {
    const json at = entry.is_object() ? entry.value("at", json()) : json();
    if (!at.is_array() || at.size() != 2 || !at[0].is_number_integer() || !at[1].is_number_integer()) {
        error = "a market entry is {\"at\": [x, y], \"field\": half-edge}";
        return false;
    }
    out = Action{};
    out.type = ActionType::market_move;
    out.at = Coord{static_cast<std::int16_t>(at[0].get<int>()), static_cast<std::int16_t>(at[1].get<int>())};
    const int index = state.tile_at(out.at);
    if (index < 0) {
        error = "market: no tile at [" + std::to_string(out.at.x) + ", " + std::to_string(out.at.y) + "]";
        return false;
    }
    const auto& placed = state.tiles()[index];
    const auto& tile = state.game().tiles().at(placed.type);
    out.segment = static_cast<std::int8_t>(
        tile.segment_at(placed.rotation, FeatureKind::field, entry.value("field", "")));
    if (out.segment < 0) {
        error = "market: tile " + tile.id + " has no field at " + entry.value("field", "");
        return false;
    }
    return true;
}

}  // namespace

bool play_city_decisions(Match& match, const json& move, std::vector<Event>& events, std::string& error,
                         bool stop_at_final_scoring) {
    const auto final_scoring_began = [&events] {
        return std::any_of(events.begin(), events.end(),
                           [](const Event& e) { return e.type == EventType::final_scoring; });
    };
    const json redeploys = move.value("redeploy", json::array());
    const json market = move.value("market", json::array());
    if (!redeploys.is_array() || !market.is_array()) {
        error = "\"redeploy\" and \"market\" are lists";
        return false;
    }
    std::size_t next_redeploy = 0, next_market = 0;
    bool quarter_used = !move.contains("quarter"), count_used = !move.contains("count");
    // Every entry of the move must have been asked for by the time the move is over.
    const auto every_entry_used = [&](const char* stopped_early) {
        if (next_redeploy < redeploys.size()) {
            error = "redeploy entry " + std::to_string(next_redeploy + 1) +
                    " was never asked for (no such follower, or locked by the Count)" + stopped_early;
            return false;
        }
        if (!quarter_used) {
            error = std::string("no follower may go into the City this turn") + stopped_early;
            return false;
        }
        if (!count_used) {
            error = std::string("the Count moves only after a follower went into the City") + stopped_early;
            return false;
        }
        if (next_market < market.size()) {
            error = "market entry " + std::to_string(next_market + 1) + " was never asked for" + stopped_early;
            return false;
        }
        return true;
    };
    while (true) {
        // "finish": false stops exactly where the final scoring begins: its decisions are
        // never asked for, so entries meant for them are refused like any other.
        if (stop_at_final_scoring && final_scoring_began())
            return every_entry_used(" (\"finish\": false stops before the final scoring)");
        const State& state = match.state();
        Action a = Action::pass();
        switch (state.phase()) {
            case Phase::redeploy:
                // The listed player's entry when it is theirs to decide; everyone else passes.
                if (next_redeploy < redeploys.size() && redeploys[next_redeploy].is_object() &&
                    redeploys[next_redeploy].value("player", -1) == state.decider()) {
                    a.type = ActionType::redeploy;
                    if (!read_quarter(redeploys[next_redeploy].value("quarter", json()), a.quarter, error))
                        return false;
                    ++next_redeploy;
                }
                break;
            case Phase::city_follower:
                if (!quarter_used) {
                    a.type = ActionType::city_follower;
                    if (!read_quarter(move["quarter"], a.quarter, error)) return false;
                    quarter_used = true;
                }
                break;
            case Phase::move_count:
                if (!count_used) {
                    a.type = ActionType::move_count;
                    if (!read_quarter(move["count"], a.quarter, error)) return false;
                    count_used = true;
                }
                break;
            case Phase::market_move:
                if (next_market >= market.size()) {
                    error = "player " + std::to_string(state.decider()) +
                            " must move a follower from the market: \"market\" has no entry left";
                    return false;
                }
                if (!market_action(state, market[next_market++], a, error)) return false;
                break;
            default:
                return every_entry_used("");
        }
        if (auto refused = match.apply(a, &events)) {
            error = std::string(to_string(a.type)) + ": " + refused->message;
            return false;
        }
    }
}

}  // namespace carc::sim
