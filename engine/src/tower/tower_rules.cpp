// The Tower: floors, followers on towers, captures, prisoner exchange and ransom
// (rule book seeds/002; clarifications in tiles-carcassonne.md §5.2).
//
// After laying a tile the player does exactly one thing: a follower as usual, a floor on any
// open tower (a bare foundation included), or a follower on top of an open tower of at least
// one floor, which closes it. A floor may be followed by one capture within reach, taken before
// the tile's features are scored. Towers are open while no follower stands on them, so a
// capture from a closed tower reopens it without any extra bookkeeping.
#include <cstdlib>

#include "tower/tower_rules.hpp"
#include "core/emit.hpp"

namespace carc {
namespace {

constexpr int ransom_price = 3;

RuleError refuse(RuleErrorCode code, std::string message) { return RuleError{code, std::move(message)}; }

std::string cell_text(Coord c) { return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")"; }

Action tower_action(ActionType type, Coord at) {
    Action a;
    a.type = type;
    a.at = at;
    return a;
}

Action target_action(ActionType type, int target) {
    Action a;
    a.type = type;
    a.target = static_cast<std::int16_t>(target);
    return a;
}

}  // namespace

// ---- queries -----------------------------------------------------------------------------

bool TowerRules::has_foundation(const State& s, int placed_index) {
    return s.game_->has_foundation(s.board_.tile(placed_index).type);
}

bool TowerRules::open(const State& s, int placed_index) {
    if (placed_index < 0 || placed_index >= s.board_.size() || !has_foundation(s, placed_index))
        return false;
    for (const auto& f : s.followers_)
        if (f.spot == FollowerSpot::tower && f.tile == placed_index) return false;
    return true;
}

// Same tile, or same row or column at most `height` tiles away; what lies between does not
// matter. Followers inside the City of Carcassonne are out of any tower's reach (§5.2).
bool TowerRules::in_reach(const State& s, int tower_index, const Follower& f) {
    if (f.spot == FollowerSpot::quarter) return false;
    const Coord tower = s.board_.tile(tower_index).at;
    const Coord cell = s.follower_cell(f);
    const int height = s.board_.tile(tower_index).tower_height;
    if (cell.x == tower.x) return std::abs(cell.y - tower.y) <= height;
    if (cell.y == tower.y) return std::abs(cell.x - tower.x) <= height;
    return false;
}

// ---- legal actions -----------------------------------------------------------------------

void TowerRules::append_tower_actions(const State& s, std::vector<Action>& out) {
    if (!s.game_->tower_rules()) return;
    const auto& me = s.players_[s.decider_];
    if (me.floors == 0 && me.supply == 0) return;
    for (int i = 0; i < s.board_.size(); ++i) {
        if (!open(s, i)) continue;
        const auto& tile = s.board_.tile(i);
        if (me.floors > 0) out.push_back(tower_action(ActionType::add_floor, tile.at));
        if (me.supply > 0 && tile.tower_height > 0)
            out.push_back(tower_action(ActionType::tower_follower, tile.at));
    }
}

void TowerRules::append_captures(const State& s, std::vector<Action>& out) {
    for (std::size_t i = 0; i < s.followers_.size(); ++i)
        if (in_reach(s, s.growing_tower_, s.followers_[i]))
            out.push_back(target_action(ActionType::capture, static_cast<int>(i)));
    out.push_back(Action::pass());
}

// The same conditions as check_ransom, without building refusal messages (a hot path).
void TowerRules::append_ransoms(const State& s, std::vector<Action>& out) {
    if (!s.game_->tower_rules() || s.ransom_paid_ || s.decider_ != s.turn_player_) return;
    if (s.phase_ != Phase::place_tile && s.phase_ != Phase::place_follower &&
        s.phase_ != Phase::tower_capture)
        return;
    if (s.players_[s.decider_].score < ransom_price) return;
    for (int holder = 0; holder < s.game_->players(); ++holder)
        if (s.players_[holder].prisoners[s.decider_] > 0)
            out.push_back(target_action(ActionType::ransom, holder));
}

// ---- checks ------------------------------------------------------------------------------

std::optional<RuleError> TowerRules::check_tower_action(const State& s, const Action& a) {
    if (!s.game_->tower_rules())
        return refuse(RuleErrorCode::not_allowed, "The Tower's rules are not in play");
    const int index = s.tile_at(a.at);
    if (index < 0) return refuse(RuleErrorCode::not_allowed, "no tile at " + cell_text(a.at));
    if (!has_foundation(s, index))
        return refuse(RuleErrorCode::not_allowed,
                      "the tile at " + cell_text(a.at) + " has no tower foundation");
    if (!open(s, index))
        return refuse(RuleErrorCode::not_allowed,
                      "the tower at " + cell_text(a.at) + " is closed by a follower on top");
    const auto& me = s.players_[s.decider_];
    if (a.type == ActionType::add_floor) {
        if (me.floors == 0) return refuse(RuleErrorCode::not_allowed, "no tower floor left");
        return std::nullopt;
    }
    if (me.supply == 0) return refuse(RuleErrorCode::no_follower_left, "no follower left in supply");
    if (s.board_.tile(index).tower_height == 0)
        return refuse(RuleErrorCode::not_allowed,
                      "no follower may stand on a bare foundation: the tower at " +
                          cell_text(a.at) + " needs a floor first");
    return std::nullopt;
}

std::optional<RuleError> TowerRules::check_capture_step(const State& s, const Action& a) {
    if (a.type == ActionType::pass) return std::nullopt;
    if (a.type != ActionType::capture)
        return refuse(RuleErrorCode::wrong_phase,
                      "after a floor: capture a follower in reach or pass, not " +
                          std::string(to_string(a.type)));
    if (a.target < 0 || a.target >= static_cast<int>(s.followers_.size()))
        return refuse(RuleErrorCode::not_allowed, "there is no follower " + std::to_string(a.target));
    const auto& f = s.followers_[a.target];
    if (f.spot == FollowerSpot::quarter)
        return refuse(RuleErrorCode::not_allowed,
                      "followers in the City of Carcassonne cannot be captured");
    if (!in_reach(s, s.growing_tower_, f)) {
        const auto& tower = s.board_.tile(s.growing_tower_);
        return refuse(RuleErrorCode::not_allowed,
                      "the follower at " + cell_text(s.follower_cell(f)) +
                          " is out of reach of the tower at " + cell_text(tower.at) +
                          " (height " + std::to_string(tower.tower_height) +
                          ": same tile, row or column only)");
    }
    return std::nullopt;
}

std::optional<RuleError> TowerRules::check_ransom(const State& s, const Action& a) {
    if (!s.game_->tower_rules())
        return refuse(RuleErrorCode::not_allowed, "The Tower's rules are not in play");
    const bool own_turn_phase = s.phase_ == Phase::place_tile || s.phase_ == Phase::place_follower ||
                                s.phase_ == Phase::tower_capture;
    if (!own_turn_phase || s.decider_ != s.turn_player_)
        return refuse(RuleErrorCode::not_allowed, "a ransom is paid only during one's own turn");
    if (s.ransom_paid_) return refuse(RuleErrorCode::not_allowed, "only one ransom per turn");
    if (a.target < 0 || a.target >= s.game_->players() || a.target == s.decider_)
        return refuse(RuleErrorCode::not_allowed,
                      "player " + std::to_string(a.target) + " cannot be paid a ransom");
    if (s.players_[a.target].prisoners[s.decider_] == 0)
        return refuse(RuleErrorCode::not_allowed,
                      "player " + std::to_string(a.target) + " holds none of your followers");
    if (s.players_[s.decider_].score < ransom_price)
        return refuse(RuleErrorCode::not_allowed,
                      "a ransom costs 3 points and the score may not go below 0");
    return std::nullopt;
}

// ---- applying ----------------------------------------------------------------------------

bool TowerRules::apply_add_floor(State& s, const Action& a, std::vector<Event>* events) {
    const int index = s.tile_at(a.at);
    auto& tile = s.board_.tile(index);
    ++tile.tower_height;
    --s.players_[s.decider_].floors;
    s.growing_tower_ = static_cast<std::int16_t>(index);
    emit(events, {.type = EventType::floor_added,
                  .player = s.decider_,
                  .at = a.at,
                  .count = tile.tower_height});
    for (const auto& f : s.followers_) {
        if (in_reach(s, index, f)) {
            s.phase_ = Phase::tower_capture;
            return true;
        }
    }
    return false;
}

void TowerRules::apply_tower_follower(State& s, const Action& a, std::vector<Event>* events) {
    const int index = s.tile_at(a.at);
    // The segment names the foundation so that code reading (tile, segment) sees a foundation.
    const int foundation = s.board_.type_of(index).segment_of_kind(FeatureKind::foundation);
    s.followers_.push_back(Follower{s.decider_, FollowerSpot::tower, static_cast<std::uint8_t>(index),
                                  static_cast<std::int8_t>(foundation), 0});
    --s.players_[s.decider_].supply;
    emit(events, {.type = EventType::follower_placed,
                  .player = s.decider_,
                  .at = a.at,
                  .segment = static_cast<std::int8_t>(foundation),
                  .feature = FeatureKind::foundation});
}

void TowerRules::apply_capture(State& s, const Action& a, std::vector<Event>* events) {
    const Follower f = s.followers_[a.target];
    const PlayerId captor = s.decider_;
    FeatureKind kind = FeatureKind::foundation;
    if (f.spot == FollowerSpot::feature) {
        const int segment = s.board_.segment_id(f.tile, f.segment);
        kind = s.board_.kind(segment);
        s.board_.add_followers(s.board_.find(segment), -1);
    }
    s.followers_.erase_at(static_cast<std::size_t>(a.target));
    emit(events, {.type = EventType::follower_captured,
                  .player = captor,
                  .target_player = f.owner,
                  .at = s.follower_cell(f),
                  .segment = f.segment,
                  .feature = kind});
    if (f.owner == captor) {
        ++s.players_[captor].supply;  // one's own follower simply goes home
        return;
    }
    ++s.players_[captor].prisoners[f.owner];
    exchange_prisoners(s, captor, f.owner, events);
}

// Two players holding each other's followers swap one each at once. All followers of a
// player are alike in this engine, so the captor's choice of which comes back is moot.
void TowerRules::exchange_prisoners(State& s, PlayerId captor, PlayerId owner, std::vector<Event>* events) {
    auto& a = s.players_[captor];
    auto& b = s.players_[owner];
    if (a.prisoners[owner] == 0 || b.prisoners[captor] == 0) return;
    --a.prisoners[owner];
    --b.prisoners[captor];
    ++a.supply;
    ++b.supply;
    emit(events, {.type = EventType::prisoners_exchanged,
                  .player = captor,
                  .target_player = owner});
}

void TowerRules::apply_ransom(State& s, const Action& a, std::vector<Event>* events) {
    const auto holder = static_cast<PlayerId>(a.target);
    s.players_[s.decider_].score -= ransom_price;
    s.players_[holder].score += ransom_price;
    --s.players_[holder].prisoners[s.decider_];
    ++s.players_[s.decider_].supply;
    s.ransom_paid_ = true;
    emit(events, {.type = EventType::ransom_paid,
                  .player = s.decider_,
                  .target_player = holder,
                  .points = ransom_price});
}

}  // namespace carc
