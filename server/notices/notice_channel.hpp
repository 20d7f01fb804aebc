#pragma once
// The ways a notice reaches a person (docs/accounts.md, Notices), named once: each channel's key
// in the account's choices (`notices` of GET/PATCH /api/me, stored as AccountSettings::
// notices_json) and its name in the store's queue (QueuedNotice::channel), or none for a channel
// never queued. Every other part of the server names a channel by this type.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

namespace carc::server::notices {

enum class notice_channel : std::uint8_t {
    email,     // mail through the operator's SMTP server
    page,      // the page's own notification of a `notice` message (the browser decides)
    webhook,   // a POST to the account's URL
    web_push,  // Web Push to the account's subscribed browsers
};

struct notice_channel_names {
    notice_channel channel;
    std::string_view setting;  // the key in the account's choices
    std::string_view queue;    // the name in the queue; empty: never queued
};

inline constexpr std::array<notice_channel_names, 4> notice_channel_table{{
    {notice_channel::email, "email", "email"},
    {notice_channel::page, "push", ""},
    {notice_channel::webhook, "webhook", "webhook"},
    {notice_channel::web_push, "webpush", "push"},
}};

std::string_view setting_name(notice_channel channel);
std::string_view queue_name(notice_channel channel);
std::optional<notice_channel> channel_of_setting(std::string_view name);
std::optional<notice_channel> channel_of_queue(std::string_view name);
// The channels that are queued, each with its senders (notice_service).
inline constexpr std::array<notice_channel, 3> queued_channels{notice_channel::email, notice_channel::webhook,
                                                               notice_channel::web_push};

// The account's choice for `channel` in its stored choices: on unless set to false.
bool channel_on(const std::string& notices_json, notice_channel channel);
// Every channel's choice, {"email": true, "push": true, ...}: each on until turned off.
nlohmann::json channel_choices(const std::string& notices_json);
// The stored choices with `channel` set to `on`.
std::string with_channel(const std::string& notices_json, notice_channel channel, bool on);
// "email, push, webhook and webpush": the settings' keys, for a refusal's message.
std::string setting_names_text();

}  // namespace carc::server::notices
