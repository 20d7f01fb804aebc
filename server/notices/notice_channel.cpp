#include "notices/notice_channel.hpp"

#include <nlohmann/json.hpp>

namespace carc::server::notices {

using nlohmann::json;

namespace {

const notice_channel_names& names_of(notice_channel channel) {
    for (const auto& names : notice_channel_table)
        if (names.channel == channel) return names;
    return notice_channel_table.front();  // every enumerator has its row
}

json stored_choices(const std::string& notices_json) {
    json chosen = json::parse(notices_json, nullptr, false);
    return chosen.is_object() ? chosen : json::object();
}

}  // namespace

std::string_view setting_name(notice_channel channel) { return names_of(channel).setting; }
std::string_view queue_name(notice_channel channel) { return names_of(channel).queue; }

std::optional<notice_channel> channel_of_setting(std::string_view name) {
    for (const auto& names : notice_channel_table)
        if (names.setting == name) return names.channel;
    return std::nullopt;
}

std::optional<notice_channel> channel_of_queue(std::string_view name) {
    if (name.empty()) return std::nullopt;
    for (const auto& names : notice_channel_table)
        if (names.queue == name) return names.channel;
    return std::nullopt;
}

bool channel_on(const std::string& notices_json, notice_channel channel) {
    const json chosen = stored_choices(notices_json);
    const auto it = chosen.find(setting_name(channel));
    return it == chosen.end() || !it->is_boolean() || it->get<bool>();
}

json channel_choices(const std::string& notices_json) {
    json out = json::object();
    for (const auto& names : notice_channel_table) out[std::string(names.setting)] = channel_on(notices_json, names.channel);
    return out;
}

std::string with_channel(const std::string& notices_json, notice_channel channel, bool on) {
    json chosen = stored_choices(notices_json);
    chosen[std::string(setting_name(channel))] = on;
    return chosen.dump();
}

std::string setting_names_text() {
    std::string out;
    for (std::size_t i = 0; i < notice_channel_table.size(); ++i) {
        if (i > 0) out += i + 1 == notice_channel_table.size() ? " and " : ", ";
        out += notice_channel_table[i].setting;
    }
    return out;
}

}  // namespace carc::server::notices
