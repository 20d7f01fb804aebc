#include "http/own_data.hpp"

#include <spdlog/spdlog.h>

#include "accounts/account_service.hpp"
#include "accounts/deleted_seats.hpp"
#include "http/record_cache.hpp"
#include "rooms/room_services.hpp"
#include "cluster/cluster_node.hpp"
#include "friends/friends_json.hpp"
#include "http/game_reads.hpp"
#include "rooms/recovery.hpp"
#include "ratings/ratings_json.hpp"
#include "rooms/room.hpp"

namespace carc::server::accounts {

namespace st = carc::storage;
using nlohmann::json;

namespace {

// Rating changes per game go back this far at most: more than anyone plays.
constexpr int max_rating_history = 100'000;

json parsed_or_text(const std::string& text) {
    json doc = json::parse(text, nullptr, false);
    return doc.is_discarded() ? json(text) : doc;
}

json account_part(const st::AccountRecord& a) {
    const st::AccountSettings& s = a.settings;
    return {{"person", a.person_id},
            {"name", a.name},
            {"created_ms", a.created_at_ms},
            {"email", s.email ? json(*s.email) : json(nullptr)},
            {"email_confirmed", s.email_confirmed}};
}

json settings_part(const st::AccountSettings& s) {
    return {{"auto_vacation", s.auto_vacation},
            {"notices", parsed_or_text(s.notices_json)},
            {"webhook", s.webhook_url ? json(*s.webhook_url) : json(nullptr)},
            {"language", s.language.empty() ? json(nullptr) : json(s.language)}};
}

}  // namespace

st::Result<json> export_own_data(const st::Stores& stores, const st::AccountRecord& account, st::TimeMs now_ms) {
    json out = {{"format", export_format},
                {"format_version", export_format_version},
                {"exported_ms", now_ms},
                {"account", account_part(account)},
                {"settings", settings_part(account.settings)}};

    auto sessions = stores.accounts->sessions_of(account.person_id);
    if (!sessions) return sessions.error();
    out["sessions"] = json::array();
    for (const st::SessionRecord& s : *sessions)
        out["sessions"].push_back({{"id", s.public_id},
                                   {"device", s.device},
                                   {"address", s.address},
                                   {"kind", s.kind},
                                   {"created_ms", s.created_at_ms},
                                   {"last_seen_ms", s.last_seen_ms}});

    auto seated = stores.accounts->seated_games(account.person_token_hash);
    if (!seated) return seated.error();
    out["games"] = json::array();
    for (const st::SeatedGame& g : *seated) {
        json game = {{"room", g.room_id},
                     {"status", st::to_string(g.status)},
                     {"seat", g.seat},
                     {"created_ms", g.created_at_ms},
                     {"resigned", g.resigned}};
        if (g.status == st::RoomStatus::finished) {
            auto record = stores.games->get_game(g.room_id);
            if (!record) return record.error();
            game["record"] = *record ? parsed_or_text(**record) : json(nullptr);
        }
        out["games"].push_back(std::move(game));
    }

    out["chat"] = json::array();
    if (stores.personal_data) {
        auto lines = stores.personal_data->chat_lines_of(account.person_id);
        if (!lines) return lines.error();
        for (const st::OwnChatLine& line : *lines) {
            json entry = {{"room", line.room_id},
                          {"seat", line.seat < 0 ? json(nullptr) : json(line.seat)},
                          {"name", line.name},
                          {"time_ms", line.time_ms}};
            // A line the operator removed is kept without its text (docs/moderation.md).
            if (line.removed) entry["removed"] = true;
            else entry["text"] = line.text;
            out["chat"].push_back(std::move(entry));
        }
    }

    out["ratings"] = json::array();
    out["rating_changes"] = json::array();
    if (stores.ratings) {
        auto ratings = stores.ratings->ratings_of(account.person_id);
        if (!ratings) return ratings.error();
        for (const st::PlayerRating& r : *ratings) {
            json rating = ratings::value_json(r.value);
            rating["key"] = r.key;
            rating["games"] = r.games;
            rating["wins"] = r.wins;
            rating["last_game_ms"] = r.last_game_ms;
            out["ratings"].push_back(std::move(rating));
        }
        auto history = stores.ratings->rating_history(account.person_id, max_rating_history);
        if (!history) return history.error();
        for (const st::RatedGameEntry& e : *history)
            out["rating_changes"].push_back({{"game", e.game_id},
                                             {"key", e.key},
                                             {"finished_ms", e.finished_at_ms},
                                             {"place", e.change.place},
                                             {"won", e.change.won},
                                             {"resigned", e.change.resigned},
                                             {"before", ratings::value_json(e.change.before)},
                                             {"after", ratings::value_json(e.change.after)}});
    }

    out["follows"] = json::array();
    out["followers"] = json::array();
    out["blocks"] = json::array();
    out["stats"] = json::array();
    if (stores.friends) {
        auto lists = stores.friends->friend_lists(account.person_id);
        if (!lists) return lists.error();
        for (const auto& a : lists->following) out["follows"].push_back(a.name);
        for (const auto& a : lists->followers) out["followers"].push_back(a.name);
        for (const auto& a : lists->blocked) out["blocks"].push_back(a.name);
        auto stats = stores.friends->stats_of(account.person_id);
        if (!stats) return stats.error();
        out["stats"] = friends::stats_json(*stats);
    }
    // The reports the account made (never the ones made about it), with what the operator
    // answered when closing them.
    out["reports"] = json::array();
    if (stores.moderation) {
        auto reports = stores.moderation->reports_made_by(account.person_id);
        if (!reports) return reports.error();
        for (const st::ReportRecord& r : *reports) {
            json report = {{"id", r.id},
                           {"reported", r.target_name},
                           {"reason", r.reason},
                           {"note", r.note},
                           {"room", r.room_id ? json(*r.room_id) : json(nullptr)},
                           {"chat_line", r.chat_text ? json(*r.chat_text) : json(nullptr)},
                           {"made_ms", r.made_at_ms},
                           {"closed_ms", r.closed_at_ms ? json(*r.closed_at_ms) : json(nullptr)},
                           {"closing_note", r.closing_note}};
            out["reports"].push_back(std::move(report));
        }
    }
    return out;
}

st::Result<int> delete_account(room_services& state, account_service& accounts, record_cache& records,
                               const st::AccountRecord& account, st::TimeMs now_ms) {
    if (!state.stores.personal_data) return st::Error{st::ErrorCode::invalid_argument, "this store cannot delete accounts"};
    // The rooms first: the deletion replaces the name in the seats they are found by.
    auto seated = state.stores.accounts->seated_games(account.person_token_hash);
    if (!seated) return seated.error();
    std::vector<std::shared_ptr<room>> here;
    std::vector<std::string> elsewhere;  // running rooms another node holds
    for (const st::SeatedGame& g : *seated) {
        if (g.status == st::RoomStatus::finished || g.resigned) continue;
        std::shared_ptr<room> target = state.rooms.find(g.room_id);
        if (!target && g.status == st::RoomStatus::adjourned)
            target = state.rooms.find_or_resume(g.room_id, [&] { return resume_adjourned(state, g.room_id); });
        if (target) here.push_back(std::move(target));
        else elsewhere.push_back(g.room_id);
    }
    const auto hold = std::chrono::duration_cast<std::chrono::milliseconds>(state.config.accounts.deleted_name_hold);
    auto ended = state.stores.personal_data->delete_account(
        {.person_id = account.person_id, .replacement_name = deleted_name, .now_ms = now_ms,
         .name_free_at_ms = now_ms + hold.count(), .rooms_elsewhere = elsewhere});
    if (!ended) return ended.error();
    accounts.close_sessions(*ended);

    for (const st::SeatedGame& g : *seated)
        if (g.status == st::RoomStatus::finished) records.forget(g.room_id);  // kept with the old name
    for (const auto& target : here) leave_as_deleted(target, account.person_id, account.name);
    // The others are resigned by the nodes that hold them, which follow the store's log.
    const int left = static_cast<int>(here.size() + elsewhere.size());
    spdlog::info("event=account_deleted person={} sessions_ended={} rooms_left={} rooms_elsewhere={}",
                 account.person_id, ended->size(), left, elsewhere.size());
    return left;
}

}  // namespace carc::server::accounts
