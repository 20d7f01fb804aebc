#pragma once
// The text of engine/data/castle-board.txt, embedded at build time.

#include <string_view>

namespace carc::detail {

std::string_view castle_board_text();

}  // namespace carc::detail
