#include "notices/push_message.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

namespace carc::server::notices {

using nlohmann::json;

namespace {

constexpr std::int64_t max_ttl_s = 28LL * 24 * 60 * 60;  // push services keep at most about four weeks

}  // namespace

std::string turn_push(mail_language language, const std::string& kind, const std::string& room_id,
                      const std::string& game_name) {
    const bool warning = kind == "time_running_out";
    const bool ru = language == mail_language::ru;
    const std::string title = ru ? (warning ? "Время на исходе" : "Ваш ход") : (warning ? "Time is running out" : "Your turn");
    const std::string body = ru ? "Ваш ход в игре " + game_name + (warning ? ": время на исходе" : "")
                                : (warning ? "Your move in " : "Your turn in ") + game_name;
    return json{{"title", title},
                {"body", body},
                {"url", "/#/room/" + room_id},
                // One notification per game: a newer one replaces it on the device.
                {"tag", "room-" + room_id},
                {"kind", kind},
                {"game", game_name}}
        .dump();
}

std::string challenge_push(mail_language language, const std::string& room_id, const std::string& from_name,
                           const std::string& invite) {
    const bool ru = language == mail_language::ru;
    return json{{"title", ru ? "Вызов" : "A challenge"},
                {"body", from_name + (ru ? " вызывает вас на партию в Каркассон" : " challenges you to a game of Carcassonne")},
                {"url", "/#/invite/" + invite},
                {"tag", "challenge-" + room_id},
                {"kind", "challenge"},
                {"from", from_name}}
        .dump();
}

std::int64_t push_ttl_s(const std::string& kind, std::int64_t deadline_ms, std::int64_t now_ms) {
    if (kind == "challenge" || deadline_ms <= 0) return 24 * 60 * 60;
    return std::clamp<std::int64_t>((deadline_ms - now_ms) / 1000, 60, max_ttl_s);
}

}  // namespace carc::server::notices
