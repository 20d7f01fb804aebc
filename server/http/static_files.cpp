#include "http/static_files.hpp"

#include <cctype>
#include <cstdio>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>
#include <zlib.h>

#include "util/text.hpp"

namespace carc::server {

namespace fs = std::filesystem;

namespace {

// Below this, gzip's header and the extra round of decoding cost more than they save.
constexpr std::size_t min_compressible = 256;

std::string fnv1a_hex(const std::string& data) {
    std::uint64_t h = 14695981039346656037ull;
    for (const unsigned char c : data) {
        h ^= c;
        h *= 1099511628211ull;
    }
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
    return text;
}

bool compressible(const std::string& path) {
    for (const char* ext : {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".txt", ".md"})
        if (path.ends_with(ext)) return true;
    return false;
}

}  // namespace

std::string gzip_compress(const std::string& data) {
    z_stream z{};
    if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) return {};
    std::string out(deflateBound(&z, static_cast<uLong>(data.size())) + 32, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    z.avail_in = static_cast<uInt>(data.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    const int status = deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    return status == Z_STREAM_END ? out : std::string();
}

std::shared_ptr<const static_file> make_static_file(std::string body, bool may_compress) {
    auto file = std::make_shared<static_file>();
    file->body = std::move(body);
    const std::string hash = fnv1a_hex(file->body);
    file->etag = "\"" + hash + "\"";
    file->etag_gzip = "\"" + hash + "-gz\"";
    if (may_compress && file->body.size() >= min_compressible) {
        std::string packed = gzip_compress(file->body);
        if (!packed.empty() && packed.size() < file->body.size()) file->gzipped = std::move(packed);
    }
    return file;
}

bool etag_matches(std::string_view if_none_match, std::string_view etag) {
    while (!if_none_match.empty()) {
        const auto comma = if_none_match.find(',');
        std::string candidate = trim(if_none_match.substr(0, comma));
        if_none_match = comma == std::string_view::npos ? std::string_view() : if_none_match.substr(comma + 1);
        if (candidate.starts_with("W/")) candidate.erase(0, 2);
        if (candidate == "*" || candidate == etag) return true;
    }
    return false;
}

bool accepts_gzip(std::string_view accept_encoding) {
    std::string lower(accept_encoding);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string_view rest(lower);
    while (!rest.empty()) {
        const auto comma = rest.find(',');
        const std::string item = trim(rest.substr(0, comma));
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        const auto semi = item.find(';');
        const std::string coding = trim(std::string_view(item).substr(0, semi));
        if (coding != "gzip" && coding != "*") continue;
        if (semi == std::string::npos) return true;
        const std::string q = trim(std::string_view(item).substr(semi + 1));
        return !(q == "q=0" || q == "q=0.0" || q == "q=0.00" || q == "q=0.000");
    }
    return false;
}

std::shared_ptr<const static_file> static_file_cache::get(const std::string& full_path, std::error_code& ec) {
    const auto status = fs::status(full_path, ec);
    if (ec) return nullptr;
    if (!fs::is_regular_file(status)) {
        ec = std::make_error_code(fs::is_directory(status) ? std::errc::is_a_directory
                                                           : std::errc::no_such_file_or_directory);
        return nullptr;
    }
    const auto mtime = fs::last_write_time(full_path, ec);
    if (ec) return nullptr;
    const auto size = fs::file_size(full_path, ec);
    if (ec) return nullptr;
    {
        std::lock_guard lock(mutex_);
        const auto it = files_.find(full_path);
        if (it != files_.end() && it->second.mtime == mtime && it->second.size == size) return it->second.file;
    }
    std::ifstream in(full_path, std::ios::binary);
    if (!in) {
        ec = std::make_error_code(std::errc::permission_denied);
        return nullptr;
    }
    std::ostringstream text;
    text << in.rdbuf();
    auto file = make_static_file(std::move(text).str(), compressible(full_path));
    std::lock_guard lock(mutex_);
    files_[full_path] = {mtime, size, file};
    return file;
}

std::shared_ptr<const static_file> static_file_cache::derived(const std::string& key, std::string body) {
    {
        std::lock_guard lock(mutex_);
        const auto it = derived_.find(key);
        if (it != derived_.end() && it->second->body == body) return it->second;
    }
    auto file = make_static_file(std::move(body), true);
    std::lock_guard lock(mutex_);
    derived_[key] = file;
    return file;
}

std::shared_ptr<const static_file> static_file_cache::get_joined_json(const std::string& folder,
                                                                      std::string& bad_file) {
    std::error_code ec;
    std::map<std::string, fs::path> parts;  // sorted by name: the same files give the same bytes
    std::string fingerprint;
    for (const auto& item : fs::directory_iterator(folder, ec)) {
        if (!item.is_regular_file(ec) || item.path().extension() != ".json") continue;
        parts[item.path().stem().string()] = item.path();
    }
    if (ec || parts.empty()) return nullptr;
    for (const auto& [name, path] : parts) {
        const auto size = fs::file_size(path, ec);
        const auto mtime = fs::last_write_time(path, ec);
        if (ec) return nullptr;
        fingerprint += name + ":" + std::to_string(size) + ":" +
                       std::to_string(mtime.time_since_epoch().count()) + ";";
    }
    {
        std::lock_guard lock(mutex_);
        const auto it = joined_.find(folder);
        if (it != joined_.end() && it->second.fingerprint == fingerprint) return it->second.file;
    }
    auto joined = nlohmann::json::object();
    for (const auto& [name, path] : parts) {
        std::ifstream in(path, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        auto part = nlohmann::json::parse(text.str(), nullptr, false);
        if (!in || part.is_discarded()) {
            bad_file = path.filename().string();
            return nullptr;
        }
        joined[name] = std::move(part);
    }
    auto file = make_static_file(joined.dump(), true);
    std::lock_guard lock(mutex_);
    joined_[folder] = {fingerprint, file};
    return file;
}

}  // namespace carc::server
