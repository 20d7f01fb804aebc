#include "fault_vfs.hpp"

#include <sqlite3.h>

#include <atomic>
#include <mutex>
#include <stdexcept>

namespace carc::storage::testing {
namespace {

std::atomic<Fault> current_fault{Fault::none};
sqlite3_vfs* real_vfs = nullptr;
sqlite3_vfs fault_vfs{};

// Our file object; the real VFS's file object lives right after it (szOsFile covers both).
struct FaultFile {
    sqlite3_file base;
    sqlite3_file* real;
};

sqlite3_file* real_of(sqlite3_file* file) { return reinterpret_cast<FaultFile*>(file)->real; }

int x_close(sqlite3_file* f) { return real_of(f)->pMethods->xClose(real_of(f)); }
int x_read(sqlite3_file* f, void* buffer, int amount, sqlite3_int64 offset) {
    return real_of(f)->pMethods->xRead(real_of(f), buffer, amount, offset);
}
int x_write(sqlite3_file* f, const void* buffer, int amount, sqlite3_int64 offset) {
    if (current_fault == Fault::write_fails) return SQLITE_FULL;
    return real_of(f)->pMethods->xWrite(real_of(f), buffer, amount, offset);
}
int x_truncate(sqlite3_file* f, sqlite3_int64 size) {
    if (current_fault == Fault::write_fails) return SQLITE_IOERR_TRUNCATE;
    return real_of(f)->pMethods->xTruncate(real_of(f), size);
}
int x_sync(sqlite3_file* f, int flags) {
    if (current_fault == Fault::sync_fails) return SQLITE_IOERR_FSYNC;
    return real_of(f)->pMethods->xSync(real_of(f), flags);
}
int x_file_size(sqlite3_file* f, sqlite3_int64* size) {
    return real_of(f)->pMethods->xFileSize(real_of(f), size);
}
int x_lock(sqlite3_file* f, int level) { return real_of(f)->pMethods->xLock(real_of(f), level); }
int x_unlock(sqlite3_file* f, int level) {
    return real_of(f)->pMethods->xUnlock(real_of(f), level);
}
int x_check_reserved_lock(sqlite3_file* f, int* out) {
    return real_of(f)->pMethods->xCheckReservedLock(real_of(f), out);
}
int x_file_control(sqlite3_file* f, int op, void* arg) {
    return real_of(f)->pMethods->xFileControl(real_of(f), op, arg);
}
int x_sector_size(sqlite3_file* f) { return real_of(f)->pMethods->xSectorSize(real_of(f)); }
int x_device_characteristics(sqlite3_file* f) {
    return real_of(f)->pMethods->xDeviceCharacteristics(real_of(f));
}
int x_shm_map(sqlite3_file* f, int region, int size, int extend, void volatile** out) {
    return real_of(f)->pMethods->xShmMap(real_of(f), region, size, extend, out);
}
int x_shm_lock(sqlite3_file* f, int offset, int n, int flags) {
    return real_of(f)->pMethods->xShmLock(real_of(f), offset, n, flags);
}
void x_shm_barrier(sqlite3_file* f) { real_of(f)->pMethods->xShmBarrier(real_of(f)); }
int x_shm_unmap(sqlite3_file* f, int delete_flag) {
    return real_of(f)->pMethods->xShmUnmap(real_of(f), delete_flag);
}
int x_fetch(sqlite3_file* f, sqlite3_int64 offset, int amount, void** out) {
    return real_of(f)->pMethods->xFetch(real_of(f), offset, amount, out);
}
int x_unfetch(sqlite3_file* f, sqlite3_int64 offset, void* pointer) {
    return real_of(f)->pMethods->xUnfetch(real_of(f), offset, pointer);
}

const sqlite3_io_methods fault_methods = {
    3,         x_close,     x_read,      x_write,   x_truncate,
    x_sync,    x_file_size, x_lock,      x_unlock,  x_check_reserved_lock,
    x_file_control, x_sector_size, x_device_characteristics, x_shm_map, x_shm_lock,
    x_shm_barrier,  x_shm_unmap,   x_fetch,  x_unfetch,
};

int x_open(sqlite3_vfs*, const char* name, sqlite3_file* file, int flags, int* out_flags) {
    auto* wrapper = reinterpret_cast<FaultFile*>(file);
    wrapper->real = reinterpret_cast<sqlite3_file*>(wrapper + 1);
    wrapper->real->pMethods = nullptr;
    const int rc = real_vfs->xOpen(real_vfs, name, wrapper->real, flags, out_flags);
    if (rc != SQLITE_OK) {
        if (wrapper->real->pMethods) wrapper->real->pMethods->xClose(wrapper->real);
        file->pMethods = nullptr;
        return rc;
    }
    // The real VFS must offer every method we forward (the unix VFS is version 3).
    if (wrapper->real->pMethods->iVersion < 3) {
        wrapper->real->pMethods->xClose(wrapper->real);
        file->pMethods = nullptr;
        return SQLITE_CANTOPEN;
    }
    file->pMethods = &fault_methods;
    return SQLITE_OK;
}
int x_delete(sqlite3_vfs*, const char* name, int sync_dir) {
    return real_vfs->xDelete(real_vfs, name, sync_dir);
}
int x_access(sqlite3_vfs*, const char* name, int flags, int* out) {
    return real_vfs->xAccess(real_vfs, name, flags, out);
}
int x_full_pathname(sqlite3_vfs*, const char* name, int size, char* out) {
    return real_vfs->xFullPathname(real_vfs, name, size, out);
}

}  // namespace

const char* fault_vfs_name() {
    static std::once_flag registered;
    std::call_once(registered, [] {
        real_vfs = sqlite3_vfs_find(nullptr);
        if (!real_vfs) throw std::runtime_error("no default SQLite VFS");
        fault_vfs = *real_vfs;  // time, randomness, sleep... come from the real one
        fault_vfs.zName = "carc_fault";
        fault_vfs.pNext = nullptr;
        fault_vfs.szOsFile = static_cast<int>(sizeof(FaultFile)) + real_vfs->szOsFile;
        fault_vfs.xOpen = x_open;
        fault_vfs.xDelete = x_delete;
        fault_vfs.xAccess = x_access;
        fault_vfs.xFullPathname = x_full_pathname;
        if (sqlite3_vfs_register(&fault_vfs, 0) != SQLITE_OK) {
            throw std::runtime_error("cannot register the fault VFS");
        }
    });
    return fault_vfs.zName;
}

void set_fault(Fault fault) { current_fault = fault; }

}  // namespace carc::storage::testing
