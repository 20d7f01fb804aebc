// The City of Carcassonne with the Count: the quarters, the Count, redeployment onto completed
// features, and the market's followers at game end (docs/ckc-city.md).
#include "city/city_rules.hpp"
#include "core/emit.hpp"
#include "core/hash_mix.hpp"
#include "king_robber/king_robber_rules.hpp"

#include <algorithm>

namespace carc {
namespace {

RuleError refuse(RuleErrorCode code, std::string message) { return RuleError{code, std::move(message)}; }

std::string quarter_name(int q) { return std::string(to_string(static_cast<Quarter>(q))); }

Action quarter_action(ActionType type, int quarter) {
    Action a;
    a.type = type;
    a.quarter = static_cast<std::uint8_t>(quarter);
    return a;
}

bool valid_quarter(const Action& a) { return a.quarter < quarter_count; }

void quarter_event(std::vector<Event>* events, EventType type, PlayerId player, std::uint8_t quarter) {
    emit(events, {.type = type, .player = player, .quarter = quarter});
}

}  // namespace

Quarter CityRules::quarter_for(FeatureKind kind) {
    switch (kind) {
        case FeatureKind::city: return Quarter::castle;
        case FeatureKind::road: return Quarter::blacksmith;
        case FeatureKind::cloister:
        case FeatureKind::shrine: return Quarter::cathedral;
        default: return Quarter::market;
    }
}

// ---- queries -----------------------------------------------------------------------------

// Redeployment starts left of the turn player and ends with them; at game end the turn has
// already passed on, so the round starts with the seat after the last mover.
PlayerId CityRules::round_seat(const State& s, int step) {
    const int players = s.game().players();
    const int first = s.city_.final ? s.turn_player_ : s.turn_player_ + 1;
    return static_cast<PlayerId>((first + step) % players);
}

int CityRules::quarter_followers(const State& s, PlayerId p, Quarter q) {
    int n = 0;
    for (const auto& f : s.followers_)
        n += f.spot == FollowerSpot::quarter && f.owner == p && f.quarter == static_cast<int>(q);
    return n;
}

// The Count locks his quarter; with the market-only end (the default) nobody redeploys onto
// the features scored at game end.
bool CityRules::may_redeploy(const State& s, PlayerId p, Quarter q) {
    if (s.city_.final && s.game().config().options.count_market_only_at_end) return false;
    return q != s.count_quarter() && quarter_followers(s, p, q) > 0;
}

// The tile's scoring gave points to someone else and none to the turn player.
bool CityRules::earned_quarter_follower(const State& s) {
    const PlayerId me = s.turn_player_;
    const auto& before = s.city_.scores_before;
    if (s.players_[me].supply == 0 || s.players_[me].score != before[me]) return false;
    for (int p = 0; p < s.game().players(); ++p)
        if (p != me && s.players_[p].score > before[p]) return true;
    return false;
}

int CityRules::farm_bonus(const State& s, int field_root) {
    bool touches = false;
    s.board_.for_each_segment(field_root, [&](int member) {
        touches = touches || s.board_.type_of(s.board_.tile_of(member)).set == "city";
    });
    return touches ? 1 : 0;
}

// ---- legal actions and checks --------------------------------------------------------------

void CityRules::legal_actions(const State& s, std::vector<Action>& out) {
    switch (s.phase_) {
        case Phase::city_follower:
            for (int q = 0; q < quarter_count; ++q) out.push_back(quarter_action(ActionType::city_follower, q));
            out.push_back(Action::pass());
            break;
        case Phase::move_count:
            for (int q = 0; q < quarter_count; ++q)
                if (q != s.count_quarter_) out.push_back(quarter_action(ActionType::move_count, q));
            out.push_back(Action::pass());
            break;
        case Phase::redeploy: {
            const auto q = quarter_for(s.board_.kind(s.city_.pending[0].root));
            out.push_back(quarter_action(ActionType::redeploy, static_cast<int>(q)));
            out.push_back(Action::pass());
            break;
        }
        case Phase::market_move:
            // Every field segment on the board (several may name the same field).
            for (int t = 0; t < s.board_.size(); ++t) {
                const auto& type = s.board_.type_of(t);
                for (std::size_t seg = 0; seg < type.segments.size(); ++seg) {
                    if (type.segments[seg].kind != FeatureKind::field) continue;
                    Action a;
                    a.type = ActionType::market_move;
                    a.at = s.board_.tile(t).at;
                    a.segment = static_cast<std::int8_t>(seg);
                    out.push_back(a);
                }
            }
            break;
        default:
            break;
    }
}

std::optional<RuleError> CityRules::check(const State& s, const Action& a) {
    const auto expect = [&](ActionType type, const char* what) -> std::optional<RuleError> {
        if (a.type == type) return std::nullopt;
        return refuse(RuleErrorCode::wrong_phase,
                      std::string(what) + ", not " + std::string(to_string(a.type)));
    };
    switch (s.phase_) {
        case Phase::city_follower:
            if (a.type == ActionType::pass) return std::nullopt;
            if (auto wrong = expect(ActionType::city_follower,
                                    "expected a follower into a quarter of the City, or pass"))
                return wrong;
            if (!valid_quarter(a)) return refuse(RuleErrorCode::not_allowed, "no such quarter");
            return std::nullopt;  // the phase is entered only with a follower in supply
        case Phase::move_count:
            if (a.type == ActionType::pass) return std::nullopt;
            if (auto wrong = expect(ActionType::move_count, "expected a move of the Count, or pass"))
                return wrong;
            if (!valid_quarter(a)) return refuse(RuleErrorCode::not_allowed, "no such quarter");
            if (a.quarter == s.count_quarter_)
                return refuse(RuleErrorCode::not_allowed,
                              "the Count already stands in the " + quarter_name(a.quarter) +
                                  " quarter: pass to leave him there");
            return std::nullopt;
        case Phase::redeploy: {
            if (a.type == ActionType::pass) return std::nullopt;
            if (auto wrong = expect(ActionType::redeploy,
                                    "expected a follower from a quarter onto the feature being "
                                    "scored, or pass"))
                return wrong;
            if (!valid_quarter(a)) return refuse(RuleErrorCode::not_allowed, "no such quarter");
            const FeatureKind kind = s.board_.kind(s.city_.pending[0].root);
            const Quarter needed = quarter_for(kind);
            if (a.quarter != static_cast<int>(needed))
                return refuse(RuleErrorCode::not_allowed,
                              "a " + std::string(to_string(kind)) +
                                  " is being scored: only followers from the " +
                                  quarter_name(static_cast<int>(needed)) + " quarter may join it");
            if (a.quarter == s.count_quarter_)
                return refuse(RuleErrorCode::not_allowed,
                              "the Count stands in the " + quarter_name(a.quarter) +
                                  " quarter: its followers cannot leave");
            if (quarter_followers(s, s.decider_, needed) == 0)
                return refuse(RuleErrorCode::no_follower_left,
                              "you have no follower in the " + quarter_name(a.quarter) + " quarter");
            return std::nullopt;
        }
        case Phase::market_move: {
            if (auto wrong = expect(ActionType::market_move,
                                    "the market must be emptied: move a follower from it onto a field"))
                return wrong;
            const int index = s.tile_at(a.at);
            if (index < 0)
                return refuse(RuleErrorCode::bad_segment, "no tile at (" + std::to_string(a.at.x) +
                                                              "," + std::to_string(a.at.y) + ")");
            const auto& type = s.board_.type_of(index);
            if (a.segment < 0 || a.segment >= static_cast<int>(type.segments.size()) ||
                type.segments[a.segment].kind != FeatureKind::field)
                return refuse(RuleErrorCode::bad_segment,
                              "followers from the market go onto fields: segment " +
                                  std::to_string(a.segment) + " of " + type.id + " is not a field");
            return std::nullopt;
        }
        default:
            return refuse(RuleErrorCode::wrong_phase, "nothing to decide in this phase");
    }
}

// ---- applying ----------------------------------------------------------------------------

namespace {

// The index of one of `p`'s followers in quarter `q` (the caller knows there is one).
std::size_t quarter_follower_index(std::span<const Follower> followers, PlayerId p, Quarter q) {
    for (std::size_t i = 0; i < followers.size(); ++i) {
        const auto& f = followers[i];
        if (f.spot == FollowerSpot::quarter && f.owner == p && f.quarter == static_cast<int>(q))
            return i;
    }
    return followers.size();
}

}  // namespace

void CityRules::apply(State& s, const Action& a, std::vector<Event>* events) {
    auto& c = s.city_;
    const PlayerId me = s.decider_;
    auto move_onto = [&](Quarter q, int tile, int segment) {
        s.followers_.erase_at(quarter_follower_index(s.followers(), me, q));
        s.followers_.push_back(Follower{me, FollowerSpot::feature, static_cast<std::uint8_t>(tile),
                                        static_cast<std::int8_t>(segment), 0});
        const int gid = s.board_.segment_id(tile, segment);
        s.board_.add_followers(s.board_.find(gid), 1);
        emit(events, {.type = EventType::follower_moved,
                      .player = me,
                      .at = s.board_.tile(tile).at,
                      .segment = static_cast<std::int8_t>(segment),
                      .quarter = static_cast<std::uint8_t>(q),
                      .feature = s.board_.kind(gid)});
    };
    switch (s.phase_) {
        case Phase::city_follower:
            if (a.type == ActionType::pass) return s.end_turn(events);
            s.followers_.push_back(Follower{me, FollowerSpot::quarter, 0, -1, a.quarter});
            --s.players_[me].supply;
            quarter_event(events, EventType::quarter_follower_placed, me, a.quarter);
            s.phase_ = Phase::move_count;
            return;
        case Phase::move_count:
            if (a.type == ActionType::move_count) {
                s.count_quarter_ = a.quarter;
                quarter_event(events, EventType::count_moved, me, a.quarter);
            }
            return s.end_turn(events);
        case Phase::redeploy:
            if (a.type == ActionType::pass) ++c.step;
            else move_onto(static_cast<Quarter>(a.quarter), c.pending[0].tile, c.pending[0].segment);
            return continue_scoring(s, events);
        case Phase::market_move:
            move_onto(Quarter::market, s.tile_at(a.at), a.segment);
            c.step = static_cast<std::uint8_t>((c.step + 1) % s.game().players());
            return continue_market(s, events);
        default:
            return;
    }
}

// ---- turn flow ---------------------------------------------------------------------------

void CityRules::score_turn(State& s, std::vector<Event>* events) {
    auto& c = s.city_;
    c.final = false;
    c.step = 0;
    for (int p = 0; p < s.game().players(); ++p) c.scores_before[p] = s.players_[p].score;
    KingRobberRules::update(s, events);  // who completed what is known now, before any redeployment
    // Empty features too: followers from the quarters may join them.
    s.collect_completed(c.pending, false);
    continue_scoring(s, events);
}

void CityRules::begin_final(State& s, std::vector<Event>* events) {
    auto& c = s.city_;
    c.final = true;
    c.step = 0;
    s.collect_incomplete(c.pending);
    continue_scoring(s, events);
}

void CityRules::continue_scoring(State& s, std::vector<Event>* events) {
    auto& c = s.city_;
    const int players = s.game().players();
    while (!c.pending.empty()) {
        const PendingFeature p = c.pending[0];
        const Quarter q = quarter_for(s.board_.kind(p.root));
        for (; c.step < players; ++c.step) {
            const PlayerId seat = round_seat(s, c.step);
            if (may_redeploy(s, seat, q)) {
                s.phase_ = Phase::redeploy;
                s.decider_ = seat;
                return;
            }
        }
        s.score_pending(p, c.final, events);
        c.pending.erase_at(0);
        c.step = 0;
    }
    after_pending(s, events);
}

void CityRules::after_pending(State& s, std::vector<Event>* events) {
    auto& c = s.city_;
    if (c.final) {
        c.step = 0;
        return continue_market(s, events);
    }
    if (earned_quarter_follower(s)) {
        s.phase_ = Phase::city_follower;
        s.decider_ = s.turn_player_;
        return;
    }
    s.end_turn(events);
}

// Each in turn moves one follower from the market (the Count does not lock it here) until it
// is empty; then the farms are scored.
void CityRules::continue_market(State& s, std::vector<Event>* events) {
    auto& c = s.city_;
    const int players = s.game().players();
    for (int tried = 0; tried < players; ++tried) {
        const PlayerId seat = round_seat(s, c.step);
        if (quarter_followers(s, seat, Quarter::market) > 0) {
            s.phase_ = Phase::market_move;
            s.decider_ = seat;
            return;
        }
        c.step = static_cast<std::uint8_t>((c.step + 1) % players);
    }
    c.step = 0;
    s.finish_game(events);
}

std::uint64_t CityRules::hash(const State& s, std::uint64_t h) {
    auto mix = [&h](std::uint64_t v) { hash_mix(h, v); };
    const auto& c = s.city_;
    mix(static_cast<std::uint64_t>(c.step) | static_cast<std::uint64_t>(c.final) << 8 |
        static_cast<std::uint64_t>(c.pending.size()) << 16);
    for (const auto& p : c.pending)
        mix(static_cast<std::uint64_t>(static_cast<std::uint16_t>(p.root)) |
            static_cast<std::uint64_t>(p.tile) << 16 |
            static_cast<std::uint64_t>(static_cast<std::uint8_t>(p.segment)) << 24);
    for (int p = 0; p < s.game().players(); ++p)
        mix(static_cast<std::uint64_t>(static_cast<std::uint32_t>(c.scores_before[p])));
    return h;
}

}  // namespace carc
