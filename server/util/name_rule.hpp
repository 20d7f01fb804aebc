#pragma once
// The one rule for every name people choose and others see: an account's, a guest's, a room's,
// a tournament's (docs/accounts.md, "Names"). A name is printable text another person can
// read as it is: no control characters (a line break would end a mail header or a log line), no
// invisible or direction characters (a name that looks like another's, or turns the text
// around it), no space but the plain one between words.

#include <cstddef>
#include <string>
#include <string_view>

namespace carc::server {

struct checked_name {
    std::string name;     // as it is kept: plain spaces around it removed, in Unicode's NFC form
    std::string problem;  // empty when the name is fine; else why not, in words for the client
    bool ok() const { return problem.empty(); }
};

// `text` as a name of 1 to `max_chars` characters (code points), or why it cannot be one.
checked_name check_name(std::string_view text, std::size_t max_chars);

}  // namespace carc::server
