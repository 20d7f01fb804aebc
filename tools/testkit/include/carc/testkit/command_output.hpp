#pragma once
// A command line run through the shell, its standard output read whole: how the tests run the
// project's other programs (carc-admin, carc-sim, node scripts) and read what they print.

#include <string>

namespace carc::test {

struct command_output {
    int exit_code = -1;  // the command's exit status; -1 when it did not exit normally
    std::string text;    // its standard output (append " 2>&1" to the line for its errors too)
};

command_output run_command(const std::string& line);

}  // namespace carc::test
