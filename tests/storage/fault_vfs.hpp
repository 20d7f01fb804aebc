#pragma once
// A SQLite VFS shim that fails writes or fsyncs on demand, standing in for a full or failing
// disk. Needed because the tests run as root, where a read-only chmod does not stop writes;
// failing at the VFS makes SQLite see exactly the error codes a real disk would give.

namespace carc::storage::testing {

enum class Fault {
    none,
    write_fails,  // every xWrite returns SQLITE_FULL, every xTruncate SQLITE_IOERR_TRUNCATE
    sync_fails,   // every xSync returns SQLITE_IOERR_FSYNC
};

// Registers the VFS on first use (not as the default) and returns its name.
const char* fault_vfs_name();

// Applies to every file opened through the VFS, from any thread.
void set_fault(Fault fault);

// Sets a fault for a scope and clears it at the end, even when an assertion fails.
class ScopedFault {
public:
    explicit ScopedFault(Fault fault) { set_fault(fault); }
    ~ScopedFault() { set_fault(Fault::none); }
    ScopedFault(const ScopedFault&) = delete;
    ScopedFault& operator=(const ScopedFault&) = delete;
};

}  // namespace carc::storage::testing
