#pragma once
// The browser client's files, read once and kept in memory with their ETag and a gzip copy.
// A file is read again when its size or modification time changes, so editing the client
// needs no restart. Safe from any thread.

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <system_error>

namespace carc::server {

struct static_file {
    std::string body;
    std::string gzipped;  // empty when compressing does not pay (images, tiny files)
    std::string etag;     // quoted, of the body; the gzip copy's is etag_gzip
    std::string etag_gzip;
};

class static_file_cache {
public:
    // The file at `full_path`, or null when it cannot be read (the error code says why).
    std::shared_ptr<const static_file> get(const std::string& full_path, std::error_code& ec);

    // The JSON files directly in `folder` joined in one object, each under its file's name
    // without ".json" (a language's catalogue in one answer); null when `folder` holds none.
    // A file that is not JSON sets `bad_file` to its name, and the answer is null.
    std::shared_ptr<const static_file> get_joined_json(const std::string& folder, std::string& bad_file);

    // A file made from others (a page with versioned references) under `key`: the kept one
    // while `body` is the same, so its gzip copy is made once.
    std::shared_ptr<const static_file> derived(const std::string& key, std::string body);

private:
    struct entry {
        std::filesystem::file_time_type mtime;
        std::uintmax_t size = 0;
        std::shared_ptr<const static_file> file;
    };
    struct joined_entry {
        std::string fingerprint;  // every file's name, size and modification time
        std::shared_ptr<const static_file> file;
    };
    std::mutex mutex_;
    std::map<std::string, entry> files_;
    std::map<std::string, joined_entry> joined_;
    std::map<std::string, std::shared_ptr<const static_file>> derived_;
};

// A file made of `body` (an answer that never changes while the server runs): its ETags, and
// its gzip copy when `may_compress` and it pays.
std::shared_ptr<const static_file> make_static_file(std::string body, bool may_compress);

// gzip (RFC 1952) of `data` at the best compression; empty on failure.
std::string gzip_compress(const std::string& data);

// Whether an If-None-Match header value names `etag` (or is `*`).
bool etag_matches(std::string_view if_none_match, std::string_view etag);

// Whether an Accept-Encoding header value allows gzip.
bool accepts_gzip(std::string_view accept_encoding);

}  // namespace carc::server
