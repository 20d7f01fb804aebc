#pragma once
// Error values for the storage layer. Storage never throws to its callers: a failed disk write
// must become a refused action, not a crashed server, so every operation returns Status/Result.

#include <string>
#include <utility>
#include <variant>

namespace carc::storage {

enum class ErrorCode {
    io_error,          // the disk refused a read or write (read-only, full, failing device)
    sequence_gap,      // an action's seq is not exactly last + 1
    not_found,         // no such room or game
    already_exists,    // a room or game with that id exists
    invalid_state,     // e.g. appending to a finished room
    invalid_argument,  // a value the schema cannot hold
    corrupt,           // the database file fails its integrity check or is not a database
    newer_schema,      // the file was written by a newer server
    foreign_database,  // a valid SQLite file that belongs to some other program
    locked,            // another process holds the data directory; PostgreSQL: a row lock not granted in time
    fenced,            // another node took the room's lease: this node may not write it again
    outcome_unknown,   // the connection broke during COMMIT: the writes may or may not be stored
    internal,          // anything else the database reports
};

const char* to_string(ErrorCode code);

struct Error {
    ErrorCode code;
    std::string message;
};

class [[nodiscard]] Status {
public:
    Status() = default;  // success
    Status(Error error) : error_(std::move(error)), ok_(false) {}
    Status(ErrorCode code, std::string message) : Status(Error{code, std::move(message)}) {}

    bool ok() const { return ok_; }
    explicit operator bool() const { return ok_; }
    // Only meaningful when !ok().
    const Error& error() const { return error_; }
    ErrorCode code() const { return error_.code; }
    const std::string& message() const { return error_.message; }

private:
    Error error_{ErrorCode::internal, {}};
    bool ok_ = true;
};

template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : value_(std::move(value)) {}
    Result(Error error) : value_(std::move(error)) {}
    Result(ErrorCode code, std::string message) : value_(Error{code, std::move(message)}) {}

    bool ok() const { return std::holds_alternative<T>(value_); }
    explicit operator bool() const { return ok(); }

    // Only meaningful when ok().
    T& value() & { return std::get<T>(value_); }
    const T& value() const& { return std::get<T>(value_); }
    // By value, so `for (auto& x : f().value())` does not dangle.
    T value() && { return std::get<T>(std::move(value_)); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

    // Only meaningful when !ok().
    const Error& error() const { return std::get<Error>(value_); }
    ErrorCode code() const { return error().code; }
    const std::string& message() const { return error().message; }
    Status status() const { return ok() ? Status{} : Status{error()}; }

private:
    std::variant<T, Error> value_;
};

}  // namespace carc::storage
