#pragma once
// Pages whose style sheets, icons and manifest are named by their content: in an HTML file, each
// local `href="..."` or `src="..."` gets `?v=` and that file's tag (a hash of its bytes), and a
// request carrying the current tag may be cached for a year, since a changed file gets a new
// name. Scripts keep their plain names: a module imported under two names would run twice.

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "http/static_files.hpp"

namespace carc::server {

// The tag a file is named by in `?v=`: its ETag without the quotes.
std::string content_tag(const static_file& file);

// `html` (the page at URL path `page_path`) with its references versioned; `lookup` gives the
// file at a URL path, or null when there is none (that reference is left as it is).
std::string version_references(std::string_view html, std::string_view page_path,
                               const std::function<std::shared_ptr<const static_file>(const std::string&)>& lookup);

// Whether the query of `target` (after '?') holds `v=` equal to `tag`.
bool names_version(std::string_view target, std::string_view tag);

}  // namespace carc::server
