#pragma once
// Typed access to the fields of an untrusted JSON object. Every accessor checks presence, type
// and range and throws WireError(bad_field) naming the field, so message parsers stay one line
// per field.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace carc::protocol {

class FieldReader {
public:
    // Throws bad_field unless `object` is a JSON object.
    FieldReader(const nlohmann::json& object, std::string_view what);

    bool has(std::string_view name) const;  // present and not null

    std::string string(std::string_view name, std::size_t max_length) const;
    std::optional<std::string> optional_string(std::string_view name, std::size_t max_length) const;
    // A name shown to other people (a person's, a room's): also refuses control characters
    // (C0, DEL, C1), which could break a log line or a terminal client's screen.
    std::string label(std::string_view name, std::size_t max_length) const;
    std::optional<std::string> optional_label(std::string_view name, std::size_t max_length) const;
    std::int64_t integer(std::string_view name, std::int64_t min, std::int64_t max) const;
    std::optional<std::int64_t> optional_integer(std::string_view name, std::int64_t min,
                                                 std::int64_t max) const;
    bool boolean(std::string_view name, bool fallback) const;
    // The member itself, or nullptr when absent or null.
    const nlohmann::json* member(std::string_view name) const;

    [[noreturn]] void fail(std::string_view name, std::string_view expected) const;

private:
    const nlohmann::json& object_;
    std::string what_;
};

}  // namespace carc::protocol
