#include "people/security.hpp"

#include <array>
#include <stdexcept>
#include <vector>

#include <openssl/evp.h>
#include <openssl/rand.h>

namespace carc::server {

namespace {

void fill_random(unsigned char* out, std::size_t size) {
    if (RAND_bytes(out, static_cast<int>(size)) != 1)
        throw std::runtime_error("RAND_bytes failed: no secure randomness available");
}

std::string to_hex(const unsigned char* data, std::size_t size) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    out.reserve(size * 2);
    for (std::size_t i = 0; i < size; ++i) {
        out.push_back(digits[data[i] >> 4]);
        out.push_back(digits[data[i] & 15]);
    }
    return out;
}

}  // namespace

std::string random_hex(std::size_t bytes) {
    std::vector<unsigned char> buffer(bytes);
    fill_random(buffer.data(), buffer.size());
    return to_hex(buffer.data(), buffer.size());
}

std::uint64_t random_u64() {
    std::array<unsigned char, 8> buffer{};
    fill_random(buffer.data(), buffer.size());
    std::uint64_t value = 0;
    for (unsigned char b : buffer) value = (value << 8) | b;
    return value;
}

std::string random_invite_code() {
    static constexpr char alphabet[] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";  // 32 symbols
    std::array<unsigned char, 8> buffer{};
    fill_random(buffer.data(), buffer.size());
    std::string code;
    for (std::size_t i = 0; i < buffer.size(); ++i) {
        if (i == 4) code.push_back('-');
        code.push_back(alphabet[buffer[i] & 31]);
    }
    return code;
}

std::string canonical_invite_code(std::string_view typed) {
    std::string code;
    for (const char c : typed) {
        if (c == ' ' || c == '-' || c == '\t') continue;
        code.push_back(c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c);
    }
    if (code.size() == 8) code.insert(4, 1, '-');
    return code;
}

}  // namespace carc::server
