#pragma once
// SHA-256 (OpenSSL), the one digest behind token hashes and seed commitments.

#include <string>
#include <string_view>

namespace carc::crypto {

// SHA-256 of arbitrary bytes as 64 lowercase hex digits.
std::string sha256_hex(std::string_view bytes);

}  // namespace carc::crypto
