#include "data_dir_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <utility>

namespace carc::storage {

Result<DataDirLock> DataDirLock::acquire(const std::filesystem::path& lock_file) {
    const int fd = ::open(lock_file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        return Error{ErrorCode::io_error,
                     lock_file.string() + ": cannot open lock file: " + std::strerror(errno)};
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        const int err = errno;
        ::close(fd);
        if (err == EWOULDBLOCK) {
            return Error{ErrorCode::locked, lock_file.parent_path().string() +
                                                ": data directory is in use by another server"};
        }
        return Error{ErrorCode::io_error,
                     lock_file.string() + ": cannot lock: " + std::strerror(err)};
    }
    return DataDirLock(fd);
}

DataDirLock::DataDirLock(DataDirLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

DataDirLock::~DataDirLock() {
    if (fd_ >= 0) ::close(fd_);  // closing releases the flock
}

}  // namespace carc::storage
