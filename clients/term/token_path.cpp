#include "token_path.hpp"

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <system_error>

namespace carc::term {

namespace {

// Letters, digits, '.', '-' stay; every other byte as %XX, so any name makes one safe file name.
std::string file_safe(const std::string& text) {
    std::string out;
    for (const char c : text) {
        const auto b = static_cast<unsigned char>(c);
        if (std::isalnum(b) || c == '.' || c == '-') {
            out.push_back(c);
        } else {
            char hex[4];
            std::snprintf(hex, sizeof hex, "%%%02X", b);
            out += hex;
        }
    }
    return out;
}

}  // namespace

std::string default_token_file(const ServerUrl& url, const std::string& name, const char* xdg_state_home,
                               const char* home) {
    std::string dir;
    if (xdg_state_home && *xdg_state_home == '/') dir = xdg_state_home;
    else if (home && *home) dir = std::string(home) + "/.local/state";
    else return "";
    return dir + "/carc-term/token-" + file_safe(url.host) + "-" + file_safe(url.port) + "-" + file_safe(name);
}

bool make_token_dir(const std::string& file) {
    const std::filesystem::path dir = std::filesystem::path(file).parent_path();
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return false;
    std::filesystem::permissions(dir, std::filesystem::perms::owner_all, ec);
    return true;
}

}  // namespace carc::term
