#pragma once
// Sentences (i18n.hpp) for Count, King and Cult: the City's events and decisions (quarters,
// the Count, redeployment, the market), the King and the Robber Baron, river tiles set aside.
// Called by event_text; "" for anything else.

#include <string>

#include <nlohmann/json.hpp>

#include "event_text.hpp"

namespace carc::term {

std::string describe_ckc_event(const nlohmann::json& event, const SeatNamer& name);
std::string describe_ckc_action(const nlohmann::json& action, const nlohmann::json& game);

}  // namespace carc::term
