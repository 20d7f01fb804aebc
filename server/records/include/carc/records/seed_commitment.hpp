#pragma once
// The commitment published when a game starts: SHA-256 of "SEED:NONCE" (docs/protocol.md).
// The server computes it at the start and `carc-sim verify` checks it at the end, through this
// one formula.

#include <cstdint>
#include <string>
#include <string_view>

namespace carc::server {

std::string seed_commitment(std::uint64_t seed, std::string_view nonce);

}  // namespace carc::server
