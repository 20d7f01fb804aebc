#pragma once
// Secrets from the operating system's CSPRNG (OpenSSL RAND_bytes). Never the engine's Rng: that
// one is reproducible by design.

#include <cstdint>
#include <string>
#include <string_view>

namespace carc::server {

std::string random_hex(std::size_t bytes);  // 2 * bytes lowercase hex characters
std::uint64_t random_u64();

// A short code people can type: groups of letters and digits without look-alikes, "KQ7M-TX3P".
std::string random_invite_code();
// An invite code as people type it ("kq7m tx3p", "KQ7MTX3P") in the form random_invite_code
// makes: upper case, blanks and dashes dropped, the dash put back after four symbols.
std::string canonical_invite_code(std::string_view typed);

}  // namespace carc::server
