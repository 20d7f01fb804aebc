#pragma once
// FNV-1a over the 8 bytes of a value: how State::hash() and the expansions' hash parts digest
// what matters to the rules (the exact bytes are fixed: golden games and records store hashes).

#include <cstdint>

namespace carc {

inline constexpr std::uint64_t fnv_offset_basis = 0xcbf29ce484222325ull;

inline void hash_mix(std::uint64_t& h, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) {
        h ^= (v >> (8 * i)) & 0xFF;
        h *= 0x100000001b3ull;
    }
}

}  // namespace carc
