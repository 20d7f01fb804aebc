#include "wal_scan.hpp"

#include <algorithm>
#include <array>
#include <fstream>
#include <vector>

namespace carc::storage {
namespace {

constexpr std::size_t header_size = 32;
constexpr std::size_t frame_header_size = 24;
constexpr std::uint32_t magic_little = 0x377f0682;  // checksums over little-endian words
constexpr std::uint32_t magic_big = 0x377f0683;     // checksums over big-endian words
constexpr std::uint32_t format_version = 3007000;

std::uint32_t big_endian(const unsigned char* p) {
    return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}

std::uint32_t little_endian(const unsigned char* p) {
    return (std::uint32_t{p[3]} << 24) | (std::uint32_t{p[2]} << 16) | (std::uint32_t{p[1]} << 8) | p[0];
}

// SQLite's running checksum: a Fibonacci-weighted sum over pairs of 32-bit words.
struct Checksum {
    bool big = true;
    std::uint32_t s0 = 0, s1 = 0;

    void add(const unsigned char* data, std::size_t size) {
        for (std::size_t i = 0; i + 8 <= size; i += 8) {
            const std::uint32_t a = big ? big_endian(data + i) : little_endian(data + i);
            const std::uint32_t b = big ? big_endian(data + i + 4) : little_endian(data + i + 4);
            s0 += a + s1;
            s1 += b + s0;
        }
    }
    bool matches(const unsigned char* stored) const {
        return s0 == big_endian(stored) && s1 == big_endian(stored + 4);
    }
};

}  // namespace

WalScan scan_wal(const std::filesystem::path& wal) {
    WalScan out;
    std::ifstream in(wal, std::ios::binary);
    if (!in) {
        out.problem = "cannot be read";
        return out;
    }
    std::array<unsigned char, header_size> header{};
    in.read(reinterpret_cast<char*>(header.data()), header_size);
    if (static_cast<std::size_t>(in.gcount()) < header_size) {
        out.problem = "shorter than the 32-byte log header";
        return out;
    }
    const std::uint32_t magic = big_endian(&header[0]);
    const std::uint32_t page_size = big_endian(&header[8]);
    const bool page_size_ok = page_size >= 512 && page_size <= 65536 && (page_size & (page_size - 1)) == 0;
    if ((magic != magic_little && magic != magic_big) || big_endian(&header[4]) != format_version ||
        !page_size_ok) {
        out.problem = "not a SQLite write-ahead log (damaged header)";
        return out;
    }
    Checksum sum;
    sum.big = magic == magic_big;
    sum.add(header.data(), 24);
    if (!sum.matches(&header[24])) {
        out.problem = "its header fails its checksum";
        return out;
    }
    const unsigned char* salts = &header[16];

    // Frames of this generation carry the header's salts; older frames left further on (the
    // log is rewritten from the start after a checkpoint) carry other salts and count for
    // nothing. SQLite stops at the first frame that fails, so a frame of this generation after
    // a failed one is a committed write that would be lost.
    std::vector<unsigned char> frame(frame_header_size + page_size);
    std::int64_t index = 0;
    std::int64_t first_bad = 0;
    std::int64_t lost = 0;
    while (in.read(reinterpret_cast<char*>(frame.data()), static_cast<std::streamsize>(frame.size()))) {
        ++index;
        const bool this_generation = std::equal(salts, salts + 8, &frame[8]);
        if (!this_generation) continue;
        if (first_bad != 0) {
            ++lost;
            continue;
        }
        Checksum next = sum;
        next.add(frame.data(), 8);
        next.add(frame.data() + frame_header_size, page_size);
        if (next.matches(&frame[16])) {
            sum = next;
            ++out.valid_frames;
        } else {
            first_bad = index;
        }
    }
    // A frame cut short at the end is an interrupted, uncommitted write: SQLite ignores it,
    // and so do we.
    if (lost > 0) {
        out.problem = "frame " + std::to_string(first_bad) + " fails its checksum and the " +
                      std::to_string(lost) + " frames written after it would be discarded";
    }
    return out;
}

}  // namespace carc::storage
