#pragma once
// Appending an event to an action's event list, which is null when the caller (a playout, a
// bot's look-ahead) asked for none. Call sites name the fields they set:
//   emit(events, {.type = EventType::turn_started, .player = p});
// Fields must be named in Event's declaration order (C++20 designated initialisers).

#include <utility>
#include <vector>

#include "carc/event.hpp"

namespace carc {

inline void emit(std::vector<Event>* events, Event event) {
    if (events) events->push_back(std::move(event));
}

}  // namespace carc
