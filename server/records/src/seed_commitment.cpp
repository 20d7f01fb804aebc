#include "carc/records/seed_commitment.hpp"

#include "carc/crypto/sha256.hpp"

namespace carc::server {

std::string seed_commitment(std::uint64_t seed, std::string_view nonce) {
    return crypto::sha256_hex(std::to_string(seed) + ":" + std::string(nonce));
}

}  // namespace carc::server
