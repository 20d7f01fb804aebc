#include "carc/testkit/command_output.hpp"

#include <sys/wait.h>

#include <array>
#include <cstdio>

namespace carc::test {

command_output run_command(const std::string& line) {
    command_output out;
    FILE* pipe = ::popen(line.c_str(), "r");
    if (!pipe) return out;
    std::array<char, 4096> chunk{};
    while (const std::size_t n = std::fread(chunk.data(), 1, chunk.size(), pipe)) out.text.append(chunk.data(), n);
    const int status = ::pclose(pipe);
    out.exit_code = status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return out;
}

}  // namespace carc::test
