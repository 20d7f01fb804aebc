// Information-set MCTS with open-loop chance nodes. Each iteration samples the hidden pile
// order (and The Castle's face-down tokens) from public information, walks the tree by UCB
// among the actions legal in that sample, and when an action ends a turn follows the child of
// the tile the sample turned over: every action edge is a chance node over next draws. Below
// the tree a short random rollout ends in the heuristic evaluation. Large action sets widen
// progressively, in the order of a one-step heuristic prior.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "carc/rng.hpp"
#include "carc/search.hpp"
#include "search/search_trace.hpp"

namespace carc {

namespace {

struct Outcome {
    std::uint16_t key;  // what chance (and the turn flow) made of the action: see outcome_key
    int node;
};

struct Edge {
    Action action;
    int visits = 0;
    double value = 0;  // summed rewards of the node's decider
    std::vector<Outcome> outcomes;
};

struct Node {
    PlayerId player = no_player;
    int visits = 0;
    bool ordered = false;
    std::vector<Action> candidates;  // legal actions, best prior first
    std::vector<Edge> edges;         // the first candidates, widened progressively
};

// The decider and drawn tile after an action, and whether a new turn began: children of one
// action edge are told apart by it (the chance outcome of the draw).
std::uint16_t outcome_key(const State& s, int turn_before) {
    const bool new_turn = s.turn_number() != turn_before;
    return static_cast<std::uint16_t>((new_turn ? s.drawn_tile() : 0) | (new_turn ? 0x100 : 0) |
                                      (static_cast<std::uint8_t>(s.decider() + 1) << 9));
}

std::array<double, max_players> rewards(const State& s, const std::array<double, max_players>& values) {
    std::array<double, max_players> out{};
    const int players = s.game().players();
    for (int p = 0; p < players; ++p) out[static_cast<std::size_t>(p)] = reward(values, players, p);
    return out;
}

// A one-step prior for ordering actions: the decider's reward once the action is done, with
// a tile placement followed by passing the follower step (so completed features score).
double prior(const State& s, const Action& a, PlayerId me) {
    State next = s;
    if (next.apply(a)) return 0;
    if (a.type == ActionType::place_tile && next.phase() == Phase::place_follower && next.decider() == me)
        next.apply(Action::pass());
    return reward(evaluate(next), s.game().players(), me);
}

class Search {
public:
    Search(const State& root, const SearchSettings& settings, const Action* only_root, bool trace)
        : root_(root), settings_(settings), only_root_(only_root), trace_(trace), rng_(settings.seed) {
        nodes_.reserve(1024);
        nodes_.push_back(Node{root.decider(), 0, false, {}, {}});
    }

    SearchTrace run() {
        SearchTrace trace;
        SearchResult& result = trace.result;
        const int budget = std::max(1, settings_.iterations);
        for (int i = 0; i < budget; ++i) {
            if (i > 0 && settings_.stop && settings_.stop()) break;
            iterate();
            ++result.iterations;
        }
        const Node& root = nodes_[0];
        const Edge* best = nullptr;
        for (const auto& e : root.edges)
            if (!best || e.visits > best->visits ||
                (e.visits == best->visits && e.value > best->value))
                best = &e;
        result.action = best->action;
        result.root_visits = best->visits;
        result.value = best->visits ? best->value / best->visits : 0;
        result.nodes = static_cast<int>(nodes_.size());
        for (std::size_t k = 0; trace_ && k < root.edges.size(); ++k) {
            RootEdgeValue v{root.edges[k].action, root.edges[k].visits, {}, edge_value(root.edges[k])};
            if (k < root_leads_.size()) v.lead_sum = root_leads_[k];
            trace.root.push_back(v);
        }
        return trace;
    }

private:
    void order(int index, const State& s) {
        if (index == 0 && only_root_) {
            nodes_[0].candidates.assign(1, *only_root_);
            nodes_[0].ordered = true;
            return;
        }
        std::vector<Action> legal;
        s.legal_actions(legal);
        std::vector<std::pair<double, int>> scored;
        scored.reserve(legal.size());
        const PlayerId me = s.decider();
        for (std::size_t k = 0; k < legal.size(); ++k)
            scored.emplace_back(legal.size() == 1 ? 0.0 : prior(s, legal[k], me), static_cast<int>(k));
        std::stable_sort(scored.begin(), scored.end(),
                         [](const auto& a, const auto& b) { return a.first > b.first; });
        Node& n = nodes_[static_cast<std::size_t>(index)];
        n.candidates.clear();
        for (const auto& [value, k] : scored) n.candidates.push_back(legal[static_cast<std::size_t>(k)]);
        n.ordered = true;
    }

    // Picks the edge to follow among those legal in this sample; -1 when none is.
    int select(int index, const State& s) {
        Node& n = nodes_[static_cast<std::size_t>(index)];
        const auto allowed = std::min<std::size_t>(
            n.candidates.size(),
            1 + static_cast<std::size_t>(settings_.widening * std::sqrt(static_cast<double>(n.visits))));
        while (n.edges.size() < allowed) n.edges.push_back(Edge{n.candidates[n.edges.size()], 0, 0, {}});
        legal_.clear();
        s.legal_actions(legal_);
        int chosen = -1;
        double best = -1;
        const double log_n = std::log(static_cast<double>(n.visits + 1));
        for (std::size_t k = 0; k < n.edges.size(); ++k) {
            const Edge& e = n.edges[k];
            if (std::find(legal_.begin(), legal_.end(), e.action) == legal_.end()) continue;
            if (e.visits == 0) return static_cast<int>(k);
            const double ucb = e.value / e.visits + settings_.exploration * std::sqrt(log_n / e.visits);
            if (ucb > best) {
                best = ucb;
                chosen = static_cast<int>(k);
            }
        }
        return chosen;
    }

    void rollout(State& s) {
        const int stop_turn = s.turn_number() + settings_.rollout_turns;
        std::vector<Action>& actions = legal_;
        while (!s.is_over()) {
            if (s.turn_number() >= stop_turn && s.phase() == Phase::place_tile) break;
            actions.clear();
            s.legal_actions(actions);
            // Random, but a follower only half the time: random followers waste the supply.
            Action a = actions[rng_.below(static_cast<std::uint32_t>(actions.size()))];
            if (s.phase() == Phase::place_follower && a.type != ActionType::pass && rng_.below(2) == 0 &&
                std::find(actions.begin(), actions.end(), Action::pass()) != actions.end())
                a = Action::pass();
            s.apply(a);
        }
    }

    void iterate() {
        State s = root_;
        s.determinize(rng_);
        path_.clear();
        int node = 0;
        while (!s.is_over()) {
            if (nodes_[static_cast<std::size_t>(node)].visits == 0 && node != 0) {
                rollout(s);
                break;
            }
            if (!nodes_[static_cast<std::size_t>(node)].ordered) order(node, s);
            const int edge = select(node, s);
            if (edge < 0) {  // this sample allows none of the node's actions: leave the tree
                rollout(s);
                break;
            }
            const int turn_before = s.turn_number();
            s.apply(nodes_[static_cast<std::size_t>(node)].edges[static_cast<std::size_t>(edge)].action);
            path_.push_back({node, edge});
            const std::uint16_t key = outcome_key(s, turn_before);
            auto& outcomes = nodes_[static_cast<std::size_t>(node)].edges[static_cast<std::size_t>(edge)].outcomes;
            int child = -1;
            for (const auto& o : outcomes)
                if (o.key == key) child = o.node;
            if (child < 0) {
                child = static_cast<int>(nodes_.size());
                outcomes.push_back({key, child});
                nodes_.push_back(Node{s.decider(), 0, false, {}, {}});
            }
            node = child;
        }
        const auto values = evaluate(s);
        const auto r = rewards(s, values);
        if (trace_ && !path_.empty()) {  // every player's lead, for the review
            const auto lead = leads(values, s.game().players());
            const auto edge = static_cast<std::size_t>(path_.front().second);
            if (root_leads_.size() <= edge) root_leads_.resize(edge + 1);
            add(root_leads_[edge], lead);
            node_leads_.resize(nodes_.size());
            for (const auto& step : path_) add(node_leads_[static_cast<std::size_t>(step.first)], lead);
            add(node_leads_[static_cast<std::size_t>(node)], lead);
        }
        ++nodes_[static_cast<std::size_t>(node)].visits;
        for (const auto& [n, e] : path_) {
            Node& parent = nodes_[static_cast<std::size_t>(n)];
            ++parent.visits;
            Edge& edge = parent.edges[static_cast<std::size_t>(e)];
            ++edge.visits;
            edge.value += r[static_cast<std::size_t>(parent.player)];
        }
    }

    static void add(std::array<double, max_players>& sum, const std::array<double, max_players>& lead) {
        for (std::size_t p = 0; p < sum.size(); ++p) sum[p] += lead[p];
    }

    // The tree's value of a node assuming each decider plays the action it visited most: the
    // mean over visits would count the exploration of poor moves against their decider, most
    // of all at the first replies below a chance node, which get a small share of the visits.
    std::array<double, max_players> node_value(int index) const {
        const Node& n = nodes_[static_cast<std::size_t>(index)];
        const Edge* most = nullptr;
        for (const auto& e : n.edges)
            if (e.visits > 0 && (!most || e.visits > most->visits)) most = &e;
        if (most) return edge_value(*most);
        std::array<double, max_players> mean{};
        if (n.visits > 0 && static_cast<std::size_t>(index) < node_leads_.size())
            for (std::size_t p = 0; p < mean.size(); ++p)
                mean[p] = node_leads_[static_cast<std::size_t>(index)][p] / n.visits;
        return mean;
    }

    // An action's value: its chance outcomes' values, weighted by how often they came.
    std::array<double, max_players> edge_value(const Edge& e) const {
        std::array<double, max_players> sum{};
        int weight = 0;
        for (const auto& o : e.outcomes) {
            const int visits = nodes_[static_cast<std::size_t>(o.node)].visits;
            if (visits == 0) continue;
            const auto v = node_value(o.node);
            for (std::size_t p = 0; p < sum.size(); ++p) sum[p] += visits * v[p];
            weight += visits;
        }
        if (weight > 0)
            for (auto& x : sum) x /= weight;
        return sum;
    }

    const State& root_;
    const SearchSettings& settings_;
    const Action* only_root_;
    bool trace_;  // keep every player's leads (search_traced); the bots' search() does not
    Rng rng_;
    std::vector<std::array<double, max_players>> root_leads_;  // summed per root edge
    std::vector<std::array<double, max_players>> node_leads_;  // summed per node
    std::vector<Node> nodes_;
    std::vector<Action> legal_;
    std::vector<std::pair<int, int>> path_;
};

}  // namespace

std::array<double, max_players> leads(const std::array<double, max_players>& values, int players) {
    std::array<double, max_players> out{};
    for (int p = 0; p < players; ++p) {
        double best_other = players < 2 ? 0 : -1e9;
        for (int q = 0; q < players; ++q)
            if (q != p) best_other = std::max(best_other, values[static_cast<std::size_t>(q)]);
        out[static_cast<std::size_t>(p)] = values[static_cast<std::size_t>(p)] - best_other;
    }
    return out;
}

SearchTrace search_traced(const State& state, const SearchSettings& settings, const Action* only_root) {
    return Search(state, settings, only_root, true).run();
}

SearchResult search(const State& state, const SearchSettings& settings) {
    std::vector<Action> legal;
    state.legal_actions(legal);
    if (legal.size() == 1) {  // nothing to think about
        SearchResult only;
        only.action = legal.front();
        return only;
    }
    return Search(state, settings, nullptr, false).run().result;
}

}  // namespace carc
