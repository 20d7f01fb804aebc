#include "patch_ops.hpp"

#include <charconv>
#include <stdexcept>
#include <string_view>

namespace carc::protocol::patch_ops {

using nlohmann::json;

namespace {

[[noreturn]] void fail(std::string_view path, const char* why) {
    throw std::invalid_argument("patch path " + std::string(path) + ": " + why);
}

// One reference token of a JSON pointer, unescaped (RFC 6901: ~1 is '/', ~0 is '~').
std::string unescape(std::string_view token) {
    std::string out;
    out.reserve(token.size());
    for (std::size_t i = 0; i < token.size(); ++i) {
        if (token[i] == '~' && i + 1 < token.size() && (token[i + 1] == '0' || token[i + 1] == '1')) {
            out += token[i + 1] == '1' ? '/' : '~';
            ++i;
        } else {
            out += token[i];
        }
    }
    return out;
}

std::size_t array_index(std::string_view path, std::string_view token, std::size_t limit) {
    std::size_t index = 0;
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), index);
    if (ec != std::errc{} || end != token.data() + token.size() || index > limit) fail(path, "bad array index");
    return index;
}

// The value `token` names inside `parent`; it must exist.
json& child(json& parent, std::string_view path, std::string_view token) {
    if (parent.is_object()) {
        auto& object = parent.get_ref<json::object_t&>();
        const auto it = token.find('~') == std::string_view::npos ? object.find(token) : object.find(unescape(token));
        if (it == object.end()) fail(path, "no such member");
        return it->second;
    }
    if (parent.is_array()) {
        auto& array = parent.get_ref<json::array_t&>();
        if (array.empty()) fail(path, "no such element");
        return array[array_index(path, token, array.size() - 1)];
    }
    fail(path, "leads through a scalar");
}

void apply_one(json& doc, const json& op) {
    const std::string& kind = op.at("op").get_ref<const std::string&>();
    const std::string& full = op.at("path").get_ref<const std::string&>();
    const std::string_view path = full;
    if (path.empty()) {  // the whole document
        if (kind == "remove") fail(path, "cannot remove the root");
        doc = op.at("value");
        return;
    }
    if (path.front() != '/') fail(path, "does not start with /");
    const std::size_t last_slash = path.rfind('/');
    json* parent = &doc;
    for (std::size_t at = 1; at <= last_slash;) {
        const std::size_t next = path.find('/', at);
        parent = &child(*parent, path, path.substr(at, next - at));
        at = next + 1;
    }
    const std::string_view token = path.substr(last_slash + 1);

    if (parent->is_array()) {
        auto& array = parent->get_ref<json::array_t&>();
        if (kind == "add") {
            if (token == "-") array.push_back(op.at("value"));
            else array.insert(array.begin() + static_cast<std::ptrdiff_t>(array_index(path, token, array.size())), op.at("value"));
        } else if (kind == "replace") {
            child(*parent, path, token) = op.at("value");
        } else if (kind == "remove") {
            if (array.empty()) fail(path, "no such element");
            array.erase(array.begin() + static_cast<std::ptrdiff_t>(array_index(path, token, array.size() - 1)));
        } else {
            fail(path, "unsupported operation");
        }
        return;
    }
    if (!parent->is_object()) fail(path, "leads through a scalar");
    auto& object = parent->get_ref<json::object_t&>();
    if (kind == "add") {
        object[unescape(token)] = op.at("value");
    } else if (kind == "replace") {
        child(*parent, path, token) = op.at("value");
    } else if (kind == "remove") {
        if (object.erase(unescape(token)) == 0) fail(path, "no such member");
    } else {
        fail(path, "unsupported operation");
    }
}

}  // namespace

json make(const char* op, std::string path, json value) {
    json out(json::value_t::object);
    auto& object = out.get_ref<json::object_t&>();
    object.emplace("op", op);
    object.emplace("path", std::move(path));
    object.emplace("value", std::move(value));
    return out;
}

json make_remove(std::string path) {
    json out(json::value_t::object);
    auto& object = out.get_ref<json::object_t&>();
    object.emplace("op", "remove");
    object.emplace("path", std::move(path));
    return out;
}

void apply(json& doc, const json& ops) {
    for (const json& op : ops) apply_one(doc, op);
}

}  // namespace carc::protocol::patch_ops
