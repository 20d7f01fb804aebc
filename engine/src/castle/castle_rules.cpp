// The Castle's turn flow: placement and followers as in Carcassonne, then the scorings of the
// features the tile completed in the order the turn player chooses, wall tokens, extra turns.
#include "castle/castle_rules.hpp"
#include "core/hash_mix.hpp"

#include <algorithm>

namespace carc {
namespace {

RuleError error(RuleErrorCode code, std::string message) { return RuleError{code, std::move(message)}; }

bool completes_in_play(FeatureKind kind) {
    return kind == FeatureKind::street || kind == FeatureKind::castle_tower ||
           kind == FeatureKind::house;
}

bool is_area(FeatureKind kind) {
    return kind == FeatureKind::castle_tower || kind == FeatureKind::house;
}

}  // namespace

Action choose_scoring_action(int pending_index, WallToken doubling) {
    Action a;
    a.type = ActionType::choose_scoring;
    a.target = static_cast<std::int16_t>(pending_index);
    a.segment = doubling == WallToken::none ? std::int8_t{-1} : static_cast<std::int8_t>(doubling);
    return a;
}

Action use_token_action(WallToken token) {
    Action a;
    a.type = ActionType::use_token;
    a.target = static_cast<std::int16_t>(token);
    return a;
}

State start_castle(const Game& game, std::span<const TileTypeId> order,
                   std::span<const WallToken> wall_tokens) {
    State s = State::start_with_order(game, order);
    CastleRules::place_wall_tokens(s, wall_tokens);
    return s;
}

// ---- setup -------------------------------------------------------------------------------

void CastleRules::deal_wall_tokens(State& s, Rng& rng) {
    std::vector<WallToken> tokens;
    for (int kind = 1; kind <= wall_token_kinds; ++kind)
        for (int copy = 0; copy < wall_tokens_per_kind; ++copy)
            tokens.push_back(static_cast<WallToken>(kind));
    rng.shuffle(std::span<WallToken>(tokens));
    // The first 13 go onto the towers in track order; the rest go back to the box unseen.
    place_wall_tokens(s, std::span<const WallToken>(tokens).first(castle_token_slots));
}

void CastleRules::place_wall_tokens(State& s, std::span<const WallToken> tokens) {
    s.castle_.towers_with_token = 0;
    for (int slot = 0; slot < castle_token_slots; ++slot) {
        const WallToken t = slot < static_cast<int>(tokens.size()) ? tokens[slot] : WallToken::none;
        s.castle_wall_[slot] = t;
        if (t != WallToken::none)
            s.castle_.towers_with_token = static_cast<std::uint16_t>(s.castle_.towers_with_token | (1u << slot));
    }
}

// ---- legality ----------------------------------------------------------------------------

std::vector<int> CastleRules::choosable(const State& s) {
    std::vector<int> own, all;
    const auto& pending = s.castle_.pending;
    for (int i = 0; i < static_cast<int>(pending.size()); ++i) {
        all.push_back(i);
        if (pending[i].owner == s.turn_player_) own.push_back(i);
    }
    return own.empty() ? all : own;
}

WallToken CastleRules::doubling_token(const State& s, const PendingScoring& p) {
    if (p.owner != s.turn_player_) return WallToken::none;  // tokens only in one's own turn
    const auto& player = s.castle_.players[p.owner];
    if (p.kind == FeatureKind::castle_tower && player.usable(WallToken::double_tower) > 0)
        return WallToken::double_tower;
    if (p.kind == FeatureKind::house && player.usable(WallToken::double_house) > 0)
        return WallToken::double_house;
    return WallToken::none;
}

void CastleRules::legal_actions(const State& s, std::vector<Action>& out) {
    switch (s.phase_) {
        case Phase::place_tile:
            s.legal_placements(out);
            break;
        case Phase::place_follower: {
            const auto& tile = s.board_.type_of(s.last_placed_);
            if (s.players_[s.decider_].supply > 0) {
                for (int i = 0; i < static_cast<int>(tile.segments.size()); ++i) {
                    const int seg = s.board_.segment_id(s.last_placed_, i);
                    if (s.board_.followers(s.board_.find(seg)) == 0)
                        out.push_back(Action::place_follower(i));
                }
            }
            out.push_back(Action::pass());
            break;
        }
        case Phase::choose_scoring:
            for (int i : choosable(s)) {
                out.push_back(choose_scoring_action(i));
                const WallToken doubling = doubling_token(s, s.castle_.pending[i]);
                if (doubling != WallToken::none) out.push_back(choose_scoring_action(i, doubling));
            }
            break;
        case Phase::extra_turn:
            out.push_back(use_token_action(WallToken::extra_turn));
            out.push_back(Action::pass());
            break;
        default:
            break;
    }
}

std::optional<RuleError> CastleRules::check(const State& s, const Action& a) {
    switch (s.phase_) {
        case Phase::place_tile:
            if (a.type != ActionType::place_tile)
                return error(RuleErrorCode::wrong_phase, "the drawn tile must be placed first");
            if (!s.game().castle_board()->inside(a.at))
                return error(RuleErrorCode::outside_board,
                             "cell (" + std::to_string(a.at.x) + "," + std::to_string(a.at.y) +
                                 ") is outside the castle walls");
            return s.check_placement(a);
        case Phase::place_follower:
            if (a.type == ActionType::pass) return std::nullopt;
            if (a.type != ActionType::place_follower)
                return error(RuleErrorCode::wrong_phase, "expected a follower placement or pass, not " +
                                                             std::string(to_string(a.type)));
            return s.check_follower(a);
        case Phase::choose_scoring:
        case Phase::extra_turn: {
            std::vector<Action> legal;
            legal_actions(s, legal);
            if (std::find(legal.begin(), legal.end(), a) != legal.end()) return std::nullopt;
            if (s.phase_ == Phase::extra_turn)
                return error(RuleErrorCode::wrong_phase, "the turn is over: play wall token 1 or pass");
            return error(RuleErrorCode::not_allowed,
                         "choose which completed feature scores next: one of " +
                             std::to_string(choosable(s).size()) +
                             " (own features first; a doubling token only on one's own tower or "
                             "house, when held since before this turn)");
        }
        default:
            return error(RuleErrorCode::wrong_phase, "nothing to decide in this phase");
    }
}

// ---- applying ----------------------------------------------------------------------------

void CastleRules::apply(State& s, const Action& a, std::vector<Event>* events) {
    switch (a.type) {
        case ActionType::place_tile:
            s.apply_place_tile(a, events);
            break;
        case ActionType::place_follower:
            s.apply_place_follower(a, events);
            collect_completed(s);
            continue_scoring(s, events);
            break;
        case ActionType::choose_scoring:
            score_pending(s, a.target, a.segment > 0 ? static_cast<WallToken>(a.segment) : WallToken::none,
                          events);
            continue_scoring(s, events);
            break;
        case ActionType::use_token:
            use_token(s, s.turn_player_, WallToken::extra_turn, 0, false, events);
            s.castle_.extra_turn = true;
            next_turn(s, events);
            break;
        case ActionType::pass:
            if (s.phase_ == Phase::extra_turn) {
                next_turn(s, events);
            } else {
                collect_completed(s);
                continue_scoring(s, events);
            }
            break;
        default:
            break;
    }
}

// The features this tile completed: its own streets, towers and houses, and the towers and
// houses of the neighbours whose open side it just closed.
void CastleRules::collect_completed(State& s) {
    auto& c = s.castle_;
    c.completed.clear();
    c.pending.clear();
    const auto& board = s.board_;
    auto consider = [&](int placed, int local) {
        const int root = board.find(board.segment_id(placed, local));
        if (!completes_in_play(board.kind(root)) || !board.complete(root)) return;
        if (std::find(c.completed.begin(), c.completed.end(), root) != c.completed.end()) return;
        c.completed.push_back(static_cast<std::int16_t>(root));
        const PlayerId who = owner(s, root);
        if (who != no_player)
            c.pending.push_back(PendingScoring{static_cast<std::int16_t>(root), who, board.kind(root)});
    };
    const int placed = s.last_placed_;
    const auto& tile = board.type_of(placed);
    for (int i = 0; i < static_cast<int>(tile.segments.size()); ++i) consider(placed, i);
    const auto& laid = board.tile(placed);
    for (int side = 0; side < 4; ++side) {
        const int neighbour = board.tile_at(step(laid.at, side));
        if (neighbour < 0) continue;
        const auto& other = board.tile(neighbour);
        const auto& ports = board.type_of(neighbour).port_segment[other.rotation];
        const int facing_side = opposite_side(side);
        for (int part = 0; part < 3; ++part) {
            const int local = ports[facing_side * 3 + part];
            if (local >= 0 && is_area(board.type_of(neighbour).segments[local].kind))
                consider(neighbour, local);
        }
    }
}

// Scores what needs no decision; stops at a decision (several features to order, or a
// doubling token to play or keep).
void CastleRules::continue_scoring(State& s, std::vector<Event>* events) {
    while (true) {
        const auto options = choosable(s);
        if (options.empty()) return finish_turn(s, events);
        bool decision = options.size() > 1;
        for (int i : options)
            if (doubling_token(s, s.castle_.pending[i]) != WallToken::none) decision = true;
        if (decision) {
            s.phase_ = Phase::choose_scoring;
            s.decider_ = s.turn_player_;
            return;
        }
        score_pending(s, options.front(), WallToken::none, events);
    }
}

void CastleRules::finish_turn(State& s, std::vector<Event>* events) {
    return_followers(s, events);
    s.castle_.completed.clear();
    const auto& player = s.castle_.players[s.turn_player_];
    if (player.usable(WallToken::extra_turn) > 0 && s.tiles_left() > 0) {
        s.phase_ = Phase::extra_turn;
        s.decider_ = s.turn_player_;
        return;
    }
    next_turn(s, events);
}

void CastleRules::next_turn(State& s, std::vector<Event>* events) {
    s.last_placed_ = -1;
    const PlayerId next = s.castle_.extra_turn ? s.turn_player_
                                               : static_cast<PlayerId>((s.turn_player_ + 1) % castle_players);
    s.castle_.extra_turn = false;
    s.castle_.players[next].fresh = {};  // tokens taken before this turn are usable now
    s.begin_turn(next, events);
}

std::uint64_t CastleRules::hash(const State& s, std::uint64_t h) {
    auto mix = [&h](std::uint64_t v) { hash_mix(h, v); };
    const auto& c = s.castle_;
    mix(c.towers_with_token | static_cast<std::uint64_t>(c.extra_turn) << 16);
    for (const auto& p : c.players) {
        for (int k = 0; k <= wall_token_kinds; ++k) mix(p.tokens[k] | p.fresh[k] << 8);
        mix(p.keep_size | static_cast<std::uint64_t>(static_cast<std::uint16_t>(p.keep_at.x)) << 8 |
            static_cast<std::uint64_t>(static_cast<std::uint16_t>(p.keep_at.y)) << 24);
    }
    for (const auto& p : c.pending)
        mix(static_cast<std::uint64_t>(static_cast<std::uint16_t>(p.root)) |
            static_cast<std::uint64_t>(static_cast<std::uint8_t>(p.owner)) << 16);
    for (auto root : c.completed) mix(static_cast<std::uint16_t>(root));
    for (auto t : s.castle_wall_) mix(static_cast<std::uint64_t>(t));
    return h;
}

}  // namespace carc
