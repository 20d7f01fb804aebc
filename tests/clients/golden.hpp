#pragma once
// Golden files for styled text: the characters, a line "--", then one style code per
// character (styled_text.hpp). CARC_UPDATE_GOLDEN=1 rewrites them instead of comparing.

#include <string>
#include <vector>

#include "styled_text.hpp"

namespace carc::term::test {

std::string golden_text(const std::vector<StyledLine>& lines);
// Empty when `lines` match tests/clients/golden/NAME (or after updating it); else a diff.
std::string check_golden(const std::string& name, const std::vector<StyledLine>& lines);

}  // namespace carc::term::test
