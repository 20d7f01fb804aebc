#include "golden.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace carc::term::test {

std::string golden_text(const std::vector<StyledLine>& lines) {
    std::string out;
    for (const StyledLine& l : lines) out += plain_text(l) + "\n";
    out += "--\n";
    for (const StyledLine& l : lines) out += style_codes(l) + "\n";
    return out;
}

std::string check_golden(const std::string& name, const std::vector<StyledLine>& lines) {
    const std::string path = std::string(CARC_GOLDEN_DIR) + "/" + name;
    const std::string actual = golden_text(lines);
    const char* update = std::getenv("CARC_UPDATE_GOLDEN");
    if (update && std::string(update) == "1") {
        std::ofstream(path) << actual;
        return "";
    }
    std::ifstream in(path);
    if (!in) return "missing golden file " + path + " (run with CARC_UPDATE_GOLDEN=1)\nactual:\n" + actual;
    std::stringstream expected;
    expected << in.rdbuf();
    if (expected.str() == actual) return "";
    return "differs from " + path + "\nexpected:\n" + expected.str() + "actual:\n" + actual;
}

}  // namespace carc::term::test
