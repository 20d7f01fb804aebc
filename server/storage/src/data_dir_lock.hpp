#pragma once
// An exclusive advisory lock on the data directory, held for the store's lifetime: two servers
// on one directory would both replay and extend the same rooms. The kernel drops the lock when
// the process dies, even by SIGKILL, so a crash never leaves a stale lock behind.

#include <filesystem>

#include "carc/storage/result.hpp"

namespace carc::storage {

class DataDirLock {
public:
    static Result<DataDirLock> acquire(const std::filesystem::path& lock_file);

    DataDirLock(DataDirLock&& other) noexcept;
    DataDirLock& operator=(DataDirLock&&) = delete;
    DataDirLock(const DataDirLock&) = delete;
    DataDirLock& operator=(const DataDirLock&) = delete;
    ~DataDirLock();

private:
    explicit DataDirLock(int fd) : fd_(fd) {}
    int fd_ = -1;
};

}  // namespace carc::storage
