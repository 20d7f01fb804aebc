#include "http/versioned_page.hpp"

namespace carc::server {

namespace {

// A reference the page may name by content: a local file that is not a script.
bool versionable(std::string_view ref) {
    if (ref.empty() || ref.find_first_of("?#:") != std::string_view::npos) return false;  // data:, http:, queries
    if (ref.starts_with("//") || ref.find("..") != std::string_view::npos) return false;
    return !(ref.ends_with(".js") || ref.ends_with(".mjs") || ref.ends_with(".html") || ref.ends_with("/"));
}

}  // namespace

std::string content_tag(const static_file& file) {
    return file.etag.size() >= 2 ? file.etag.substr(1, file.etag.size() - 2) : file.etag;
}

std::string version_references(std::string_view html, std::string_view page_path,
                               const std::function<std::shared_ptr<const static_file>(const std::string&)>& lookup) {
    const std::string folder(page_path.substr(0, page_path.rfind('/') + 1));
    std::string out;
    out.reserve(html.size() + 256);
    std::size_t at = 0;
    for (;;) {
        const std::size_t href = html.find(" href=\"", at);
        const std::size_t src = html.find(" src=\"", at);
        const std::size_t attr = std::min(href, src);
        if (attr == std::string_view::npos) break;
        const std::size_t begin = attr + (attr == href ? 7 : 6);
        const std::size_t end = html.find('"', begin);
        if (end == std::string_view::npos) break;
        const std::string_view ref = html.substr(begin, end - begin);
        out.append(html.substr(at, end - at));
        if (versionable(ref)) {
            const std::string path = ref.starts_with('/') ? std::string(ref) : folder + std::string(ref);
            if (const auto file = lookup(path)) out += "?v=" + content_tag(*file);
        }
        at = end;
    }
    out.append(html.substr(at));
    return out;
}

bool names_version(std::string_view target, std::string_view tag) {
    const auto q = target.find('?');
    if (q == std::string_view::npos) return false;
    std::string_view query = target.substr(q + 1, target.find('#') - q - 1);
    while (!query.empty()) {
        const auto amp = query.find('&');
        const std::string_view pair = query.substr(0, amp);
        if (pair.starts_with("v=") && pair.substr(2) == tag) return true;
        query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    }
    return false;
}

}  // namespace carc::server
