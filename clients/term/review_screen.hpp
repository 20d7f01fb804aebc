#pragma once
// The state of the move review screen and its replay (review_ui.cpp), a layer over whichever
// screen opened it (a finished game, My games): Esc goes back there.

#include <cstdint>
#include <memory>
#include <string>

#include "board_scene.hpp"
#include "review_job.hpp"

namespace carc::term {

struct ReviewScreen {
    std::string game;
    std::unique_ptr<ReviewJob> job;
    ReviewProgress seen;  // the job's progress as last read
    bool replay = false;  // the replay of the record is shown, else the review
    std::size_t step = 0;  // replay: the actions done
    std::size_t selected = 0;  // the costliest decision chosen, in the order listed
    BoardCoord look;  // replay: how far the view was moved from the move shown
};

}  // namespace carc::term
