#pragma once
// Reads a write-ahead log (the `-wal` file) without SQLite, which quietly ignores a log whose
// header is damaged and every frame after a damaged one: committed games would vanish at the
// next checkpoint. The format is SQLite's documented WAL file format.

#include <cstdint>
#include <filesystem>
#include <string>

namespace carc::storage {

struct WalScan {
    // Empty when SQLite would keep every frame the log holds; otherwise what is wrong.
    std::string problem;
    // Frames of the current generation that pass their checksums.
    std::int64_t valid_frames = 0;
};

// `wal` must exist and be non-empty.
WalScan scan_wal(const std::filesystem::path& wal);

}  // namespace carc::storage
