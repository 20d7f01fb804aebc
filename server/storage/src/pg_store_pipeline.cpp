// PostgresStore: a group commit of actions in one round trip. Each action of the batch is one
// call of carc_append_action (schema step 10: the lease fence, the room's status and sequence
// checks, the row and the clocks after it), all sent between BEGIN and COMMIT in one pipeline.
// When PostgreSQL refuses one (fenced, a gap, a finished room), it skips the rest, COMMIT
// included: nothing is stored, and SqlStore does the batch again statement by statement, which
// answers each write exactly as before. A batch with any other write takes that path at once.
#include <algorithm>
#include <bit>

#include "carc/storage/postgres_round_trips.hpp"
#include "pg_store.hpp"

namespace carc::storage {
namespace {

// A PostgreSQL array literal of integers: {1,2,3}.
template <typename Field>
std::string array_of(const ClockState& clock, Field field) {
    std::string text = "{";
    for (const auto& seat : clock.seats) {
        if (text.size() > 1) text += ',';
        text += std::to_string(seat.*field);
    }
    return text + "}";
}

}  // namespace

std::vector<Status> PostgresStore::write_batch(const std::vector<JournalWrite>& writes) {
    if (auto piped = write_pipelined(writes)) return std::move(*piped);
    return SqlStore::write_batch(writes);
}

std::optional<std::vector<Status>> PostgresStore::write_pipelined(const std::vector<JournalWrite>& writes) {
    if (writes.empty()) return std::nullopt;
    std::vector<pg::PipelinedStatement> statements{{"BEGIN", {}}};
    std::vector<const ActionRecord*> steps;
    // False when the step needs SqlStore's answer (a refusal known before asking PostgreSQL).
    const auto append = [&](const ActionRecord& step, const std::optional<ClockState>& clock) {
        if (step.action_json.empty()) return false;
        pg::Param node, epoch;
        if (!node_id_.empty()) {
            const auto held = held_epoch(step.room_id);
            if (!held) return false;
            node = pg::text(node_id_);
            epoch = pg::number(*held);
        }
        using Seat = ClockState::Seat;
        statements.push_back(
            {"SELECT carc_append_action($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::integer[], $13::bigint[])",
             {pg::text(step.room_id), node, epoch, pg::number(step.seq), pg::number(step.actor_seat),
              pg::text(step.action_json), step.events_json,
              step.state_hash ? pg::number(std::bit_cast<std::int64_t>(*step.state_hash)) : pg::Param(),
              pg::number(step.time_ms), clock ? pg::number(clock->active_seat) : pg::Param(),
              clock ? pg::number(clock->turn_started_at_ms) : pg::Param(),
              clock ? pg::Param(array_of(*clock, &Seat::seat)) : pg::Param(),
              clock ? pg::Param(array_of(*clock, &Seat::remaining_ms)) : pg::Param()}});
        steps.push_back(&step);
        return true;
    };
    for (const JournalWrite& write : writes) {
        const auto* action = std::get_if<ActionWrite>(&write);
        if (!action) return std::nullopt;
        // The clocks go with the message's last step, as SqlStore writes them.
        if (!append(action->action, action->then.empty() ? action->clock_after : std::nullopt)) return std::nullopt;
        for (std::size_t i = 0; i < action->then.size(); ++i) {
            if (!append(action->then[i], i + 1 == action->then.size() ? action->clock_after : std::nullopt))
                return std::nullopt;
        }
    }
    // Tests: a node paused inside a write stops with the rows written and COMMIT not sent.
    const bool pauses = stop_at_seq_ != 0 && std::any_of(steps.begin(), steps.end(), [&](const ActionRecord* step) {
                            return step->seq == stop_at_seq_;
                        });
    if (!pauses) statements.push_back({"COMMIT", {}});

    const auto all = [&](const Status& why) { return std::vector<Status>(writes.size(), why); };
    std::lock_guard guard(mutex_);
    pg::PipelineOutcome outcome = conn_.pipeline(statements);
    if (!outcome.error.ok()) {
        if (outcome.refused) {
            db().rollback();
            return std::nullopt;
        }
        // Unsent, or cut before COMMIT was sent: the transaction died with the connection.
        if (!outcome.sent || pauses) return all(outcome.error);
        return all({ErrorCode::outcome_unknown, "connection lost during a pipelined COMMIT: " + outcome.error.message()});
    }
    for (const ActionRecord* step : steps) action_written_locked(*step);
    if (pauses) {
        Status committed = db().commit();
        if (!committed && committed.code() != ErrorCode::outcome_unknown) db().rollback();
        return all(committed);
    }
    if (outcome.answers.back().command_tag() != "COMMIT")
        return all({ErrorCode::internal, "the transaction was rolled back"});
    if (conn_.take_lost_commit_answer())
        return all({ErrorCode::outcome_unknown, "test hook: the answer to a committed COMMIT was dropped"});
    return all({});
}

std::int64_t PostgresStore::round_trips() {
    std::lock_guard guard(mutex_);
    return conn_.round_trips();
}

std::int64_t postgres_round_trips(Store& store) {
    auto* postgres = dynamic_cast<PostgresStore*>(&store);
    return postgres ? postgres->round_trips() : 0;
}

}  // namespace carc::storage
