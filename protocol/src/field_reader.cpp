#include "carc/protocol/field_reader.hpp"

#include "carc/protocol/errors.hpp"

namespace carc::protocol {

using nlohmann::json;

FieldReader::FieldReader(const json& object, std::string_view what) : object_(object), what_(what) {
    if (!object_.is_object()) throw WireError(ErrorCode::bad_field, what_ + ": expected an object");
}

void FieldReader::fail(std::string_view name, std::string_view expected) const {
    throw WireError(ErrorCode::bad_field,
                    what_ + ": field '" + std::string(name) + "' must be " + std::string(expected),
                    std::string(name));
}

const json* FieldReader::member(std::string_view name) const {
    const auto it = object_.find(name);
    if (it == object_.end() || it->is_null()) return nullptr;
    return &*it;
}

bool FieldReader::has(std::string_view name) const { return member(name) != nullptr; }

std::optional<std::string> FieldReader::optional_string(std::string_view name,
                                                        std::size_t max_length) const {
    const json* value = member(name);
    if (!value) return std::nullopt;
    if (!value->is_string()) fail(name, "a string");
    const auto& text = value->get_ref<const std::string&>();
    if (text.size() > max_length) fail(name, "at most " + std::to_string(max_length) + " bytes");
    return text;
}

namespace {

bool has_control_character(std::string_view text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x20 || c == 0x7f) return true;
        // U+0080..U+009F are encoded as C2 80..C2 9F.
        if (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) <= 0x9f &&
            static_cast<unsigned char>(text[i + 1]) >= 0x80)
            return true;
    }
    return false;
}

}  // namespace

std::optional<std::string> FieldReader::optional_label(std::string_view name, std::size_t max_length) const {
    auto text = optional_string(name, max_length);
    if (text && has_control_character(*text)) fail(name, "free of control characters");
    return text;
}

std::string FieldReader::label(std::string_view name, std::size_t max_length) const {
    auto text = optional_label(name, max_length);
    if (!text) fail(name, "present (a string)");
    return *text;
}

std::string FieldReader::string(std::string_view name, std::size_t max_length) const {
    auto text = optional_string(name, max_length);
    if (!text) fail(name, "present (a string)");
    return *text;
}

std::optional<std::int64_t> FieldReader::optional_integer(std::string_view name, std::int64_t min,
                                                         std::int64_t max) const {
    const json* value = member(name);
    if (!value) return std::nullopt;
    const std::string range = "an integer in " + std::to_string(min) + ".." + std::to_string(max);
    if (!value->is_number_integer()) fail(name, range);
    std::int64_t number = 0;
    if (value->is_number_unsigned()) {
        const auto u = value->get<std::uint64_t>();
        if (u > static_cast<std::uint64_t>(max)) fail(name, range);
        number = static_cast<std::int64_t>(u);
    } else {
        number = value->get<std::int64_t>();
    }
    if (number < min || number > max) fail(name, range);
    return number;
}

std::int64_t FieldReader::integer(std::string_view name, std::int64_t min, std::int64_t max) const {
    auto number = optional_integer(name, min, max);
    if (!number) fail(name, "present (an integer)");
    return *number;
}

bool FieldReader::boolean(std::string_view name, bool fallback) const {
    const json* value = member(name);
    if (!value) return fallback;
    if (!value->is_boolean()) fail(name, "true or false");
    return value->get<bool>();
}

}  // namespace carc::protocol
