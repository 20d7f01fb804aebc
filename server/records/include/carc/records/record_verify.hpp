#pragma once
// Checking a finished game's record (`carc-sim verify RECORD.json`): the revealed seed matches
// the commitment published at the start, replaying every action from that seed is legal and
// reproduces the recorded events, state hashes and final scores.

#include <string>

#include <nlohmann/json.hpp>

namespace carc::server {

struct verify_result {
    bool ok = false;
    std::string message;  // what was checked, or the first thing that is wrong
};

verify_result verify_record(const nlohmann::json& record);

// Reads and verifies a record file, prints the outcome; 0 when it holds, 1 otherwise.
int verify_record_file(const char* path);

}  // namespace carc::server
