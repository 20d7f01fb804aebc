#pragma once
// The order search bots get a thread in: round robin over the people who pay for them (a
// room's host), and within one person round robin over their rooms; each room's own jobs stay
// first come, first served. So a person with thirty busy rooms gets one turn in two when one
// other person waits, not thirty in thirty-one. Not thread-safe: bot_pool locks around it.

#include <cstddef>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <utility>

namespace carc::server {

template <typename Job>
class fair_queue {
public:
    void push(const std::string& owner, const std::string& room, Job job) {
        auto [owner_it, new_owner] = owners_.try_emplace(owner);
        if (new_owner) owner_turns_.push_back(owner);
        auto [room_it, new_room] = owner_it->second.jobs.try_emplace(room);
        if (new_room) owner_it->second.room_turns.push_back(room);
        room_it->second.push_back(std::move(job));
        ++size_;
    }

    // The next job in turn, or nothing when the queue is empty. Whoever got a job goes to the
    // back of the line (the person among people, the room among that person's rooms).
    std::optional<Job> pop() {
        if (owner_turns_.empty()) return std::nullopt;
        const std::string owner = std::move(owner_turns_.front());
        owner_turns_.pop_front();
        auto& queue = owners_.at(owner);
        const std::string room = std::move(queue.room_turns.front());
        queue.room_turns.pop_front();
        auto& jobs = queue.jobs.at(room);
        Job job = std::move(jobs.front());
        jobs.pop_front();
        --size_;
        if (jobs.empty()) queue.jobs.erase(room);
        else queue.room_turns.push_back(room);
        if (queue.jobs.empty()) owners_.erase(owner);
        else owner_turns_.push_back(owner);
        return job;
    }

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }

private:
    struct owner_queue {
        std::deque<std::string> room_turns;  // rooms with jobs, next first
        std::map<std::string, std::deque<Job>> jobs;
    };
    std::deque<std::string> owner_turns_;  // owners with jobs, next first
    std::map<std::string, owner_queue> owners_;
    std::size_t size_ = 0;
};

}  // namespace carc::server
