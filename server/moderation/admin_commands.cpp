#include "moderation/admin_commands.hpp"

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <map>
#include <sstream>

#include "accounts/account_rules.hpp"
#include "accounts/name_skeleton.hpp"
#include "ratings/game_rating.hpp"
#include "carc/protocol/messages.hpp"
#include "carc/storage/account_rename.hpp"
#include "util/name_rule.hpp"
#include "moderation/sanction_checks.hpp"
#include "moderation/chat_removal.hpp"

namespace carc::server::moderation {

namespace st = carc::storage;

namespace {

// A command's words: its positional arguments and its --options (each with one value).
struct command_line {
    std::vector<std::string> words;
    std::map<std::string, std::string> options;
    std::vector<std::string> flags;  // options without a value (--all)

    bool has_flag(const std::string& name) const {
        for (const auto& f : flags)
            if (f == name) return true;
        return false;
    }
    std::optional<std::string> option(const std::string& name) const {
        const auto it = options.find(name);
        if (it == options.end()) return std::nullopt;
        return it->second;
    }
    std::vector<std::pair<std::string, std::string>> given;  // every valued option, in order
    // Every value of an option that may be given more than once (--game).
    std::vector<std::string> all(const std::string& name) const {
        std::vector<std::string> out;
        for (const auto& [option, value] : given)
            if (option == name) out.push_back(value);
        return out;
    }
};

const std::vector<std::string> value_flags = {"--reason", "--for", "--limit", "--from", "--account", "--game"};

std::optional<command_line> split(const std::vector<std::string>& args, std::string& problem) {
    command_line line;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (!a.starts_with("--")) {
            line.words.push_back(a);
            continue;
        }
        bool takes_value = false;
        for (const auto& f : value_flags) takes_value = takes_value || f == a;
        if (!takes_value) {
            line.flags.push_back(a);
            continue;
        }
        if (i + 1 >= args.size()) {
            problem = a + " needs a value";
            return std::nullopt;
        }
        line.options[a] = args[++i];
        line.given.emplace_back(a, args[i]);
    }
    return line;
}

std::string time_text(std::optional<std::int64_t> ms) {
    if (!ms) return "for good";
    const std::time_t seconds = static_cast<std::time_t>(*ms / 1000);
    std::tm tm{};
    gmtime_r(&seconds, &tm);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%d %H:%M:%S UTC", &tm);
    return buffer;
}

std::string until_text(std::optional<std::int64_t> until_ms) {
    return until_ms ? "until " + time_text(until_ms) : "for good";
}

struct context {
    const st::Stores& stores;
    const std::string& operator_name;
    std::int64_t now_ms;
    admin_outcome result;

    admin_outcome& fail(const std::string& why, int code = 1) {
        result.exit_code = code;
        result.err += why + "\n";
        return result;
    }
    void say(const std::string& text) { result.out += text + "\n"; }
    st::AuditEntry audit(std::string action, std::string target, std::string detail, std::string reason) const {
        return {.id = 0, .operator_name = operator_name, .action = std::move(action), .target = std::move(target),
                .detail = std::move(detail), .reason = std::move(reason), .time_ms = now_ms};
    }
};

// The account a command names; nullopt (with the refusal written) when there is none.
std::optional<st::AccountRecord> account_named(context& c, const std::string& name) {
    auto found = accounts::account_named(*c.stores.accounts, name);
    if (!found) {
        c.fail("the store failed: " + found.message());
        return std::nullopt;
    }
    if (!*found) {
        c.fail("no account named '" + name + "'");
        return std::nullopt;
    }
    return **found;
}

// Every action says why (the audit log keeps it).
std::optional<std::string> reason_of(context& c, const command_line& line) {
    const auto reason = line.option("--reason");
    if (!reason || reason->empty()) {
        c.fail("say why with --reason TEXT (the audit log keeps it)", 2);
        return std::nullopt;
    }
    return reason;
}

// --for DURATION, or for good without it. false (with the refusal written) when it is malformed.
bool until_of(context& c, const command_line& line, std::optional<std::int64_t>& until) {
    const auto length = line.option("--for");
    if (!length) return true;
    const auto ms = parse_duration_ms(*length);
    if (!ms) {
        c.fail("--for '" + *length + "': a length such as 90s, 30m, 12h or 7d", 2);
        return false;
    }
    until = c.now_ms + *ms;
    return true;
}

void list_reports(context& c, const command_line& line) {
    int limit = 100;
    if (const auto l = line.option("--limit")) limit = std::max(1, std::atoi(l->c_str()));
    auto reports = c.stores.moderation->reports(line.has_flag("--all"), limit);
    if (!reports) {
        c.fail("the store failed: " + reports.message());
        return;
    }
    if (reports->empty()) c.say(line.has_flag("--all") ? "no reports" : "no open reports");
    for (const auto& r : *reports) {
        std::ostringstream text;
        text << "#" << r.id << " " << time_text(r.made_at_ms) << " " << r.reporter_name << " reports "
             << r.target_name << ": " << r.reason;
        if (!r.note.empty()) text << " \"" << r.note << "\"";
        if (r.room_id) text << "\n    game: " << *r.room_id << " (/api/games/" << *r.room_id << ")";
        if (r.chat_text)
            text << "\n    chat line at " << r.chat_time_ms.value_or(0) << ": \"" << *r.chat_text << "\"";
        if (r.closed_at_ms)
            text << "\n    closed " << time_text(r.closed_at_ms) << " by " << r.closed_by << ": " << r.closing_note;
        c.say(text.str());
    }
}

void close_report(context& c, const command_line& line) {
    if (line.words.size() != 2) {
        c.fail("usage: close-report ID --reason TEXT", 2);
        return;
    }
    const auto reason = reason_of(c, line);
    if (!reason) return;
    std::int64_t id = 0;
    try {
        id = std::stoll(line.words[1]);
    } catch (const std::exception&) {
        c.fail("report id '" + line.words[1] + "': a number as `reports` lists it", 2);
        return;
    }
    auto closed = c.stores.moderation->close_report(id, c.audit("close_report", std::to_string(id), "", *reason));
    if (!closed) {
        c.fail(closed.message());
        return;
    }
    c.say("report #" + std::to_string(id) + " closed");
}

void sanction(context& c, const command_line& line, st::SanctionKind kind) {
    const std::string verb = st::to_string(kind);
    if (line.words.size() != 2) {
        c.fail("usage: " + verb + " NAME [--for LENGTH] --reason TEXT", 2);
        return;
    }
    const auto reason = reason_of(c, line);
    if (!reason) return;
    std::optional<std::int64_t> until;
    if (!until_of(c, line, until)) return;
    const auto account = account_named(c, line.words[1]);
    if (!account) return;
    const st::Sanction s{.person_id = account->person_id, .name = account->name, .kind = kind, .until_ms = until,
                         .reason = *reason, .made_at_ms = c.now_ms};
    auto set = c.stores.moderation->set_sanction(s, c.audit(verb, account->person_id,
                                                            account->name + " " + until_text(until), *reason));
    if (!set) {
        c.fail(set.message());
        return;
    }
    c.say(account->name + (kind == st::SanctionKind::mute ? " is muted " : " is banned ") + until_text(until));
}

void lift(context& c, const command_line& line, st::SanctionKind kind) {
    const std::string verb = std::string("un") + st::to_string(kind);
    if (line.words.size() != 2) {
        c.fail("usage: " + verb + " NAME --reason TEXT", 2);
        return;
    }
    const auto reason = reason_of(c, line);
    if (!reason) return;
    const auto account = account_named(c, line.words[1]);
    if (!account) return;
    auto lifted = c.stores.moderation->lift_sanction(account->person_id, kind,
                                                     c.audit(verb, account->person_id, account->name, *reason));
    if (!lifted) {
        c.fail(account->name + ": " + lifted.message());
        return;
    }
    c.say(account->name + (kind == st::SanctionKind::mute ? " may chat again" : " may sign in again"));
}

void list_sanctions(context& c, st::SanctionKind kind) {
    auto list = c.stores.moderation->sanctions(kind, c.now_ms);
    if (!list) {
        c.fail("the store failed: " + list.message());
        return;
    }
    if (list->empty()) c.say(kind == st::SanctionKind::mute ? "no one is muted" : "no one is banned");
    for (const auto& s : *list) c.say(s.name + " " + until_text(s.until_ms) + ": " + s.reason);
}

void show_log(context& c, const command_line& line) {
    int limit = 50;
    if (const auto l = line.option("--limit")) limit = std::max(1, std::atoi(l->c_str()));
    auto log = c.stores.moderation->audit_log(limit);
    if (!log) {
        c.fail("the store failed: " + log.message());
        return;
    }
    if (log->empty()) c.say("the audit log is empty");
    for (const auto& e : *log)
        c.say(time_text(e.time_ms) + " " + e.operator_name + " " + e.action + " " + e.target +
              (e.detail.empty() ? "" : " (" + e.detail + ")") + ": " + e.reason);
}

void rename(context& c, const command_line& line) {
    if (line.words.size() != 3) {
        c.fail("usage: rename NAME NEW_NAME --reason TEXT", 2);
        return;
    }
    const auto reason = reason_of(c, line);
    if (!reason) return;
    const checked_name checked = check_name(line.words[2], protocol::max_name_length);
    if (!checked.ok()) {
        c.fail("'" + line.words[2] + "': " + checked.problem, 2);
        return;
    }
    const auto account = account_named(c, line.words[1]);
    if (!account) return;
    const st::AccountRename r{.person_id = account->person_id, .name = checked.name,
                              .name_key = accounts::name_key(checked.name),
                              .skeleton = accounts::name_skeleton(checked.name)};
    // The detail is what every node reads to tell the person: their new name.
    if (auto renamed = st::rename_account(c.stores, r, c.audit("rename", account->person_id, checked.name, *reason));
        !renamed) {
        c.fail(account->name + ": " + renamed.message());
        return;
    }
    c.say(account->name + " is now " + checked.name);
}

void ban_address(context& c, const command_line& line) {
    if (line.words.size() != 2) {
        c.fail("usage: ban-address ADDRESS[/PREFIX] [--for LENGTH] --reason TEXT", 2);
        return;
    }
    const auto reason = reason_of(c, line);
    if (!reason) return;
    std::optional<std::int64_t> until;
    if (!until_of(c, line, until)) return;
    const auto range = normal_range(line.words[1]);
    if (!range) {
        c.fail("'" + line.words[1] + "': an IPv4 or IPv6 address, or a range such as 203.0.113.0/24", 2);
        return;
    }
    const st::AddressBan ban{.cidr = *range, .until_ms = until, .reason = *reason, .made_at_ms = c.now_ms};
    if (auto set = c.stores.moderation->ban_address(ban, c.audit("ban_address", *range, until_text(until), *reason));
        !set) {
        c.fail(set.message());
        return;
    }
    c.say("sign-ups and guests from " + *range + " are refused " + until_text(until));
}

void unban_address(context& c, const command_line& line) {
    if (line.words.size() != 2) {
        c.fail("usage: unban-address ADDRESS[/PREFIX] --reason TEXT", 2);
        return;
    }
    const auto reason = reason_of(c, line);
    if (!reason) return;
    const auto range = normal_range(line.words[1]);
    if (!range) {
        c.fail("'" + line.words[1] + "': an IPv4 or IPv6 address, or a range such as 203.0.113.0/24", 2);
        return;
    }
    if (auto lifted = c.stores.moderation->lift_address_ban(*range, c.audit("unban_address", *range, "", *reason));
        !lifted) {
        c.fail(lifted.message());
        return;
    }
    c.say(*range + " may sign up and play as a guest again");
}

void list_address_bans(context& c) {
    auto bans = c.stores.moderation->address_bans(c.now_ms);
    if (!bans) {
        c.fail("the store failed: " + bans.message());
        return;
    }
    if (bans->empty()) c.say("no address is banned");
    for (const auto& b : *bans) c.say(b.cidr + " " + until_text(b.until_ms) + ": " + b.reason);
}

// The line is named as a report names it: its room, its sender and its time in ms.
void remove_chat(context& c, const command_line& line) {
    const auto from = line.option("--from");
    if (line.words.size() != 3 || !from) {
        c.fail("usage: remove-chat ROOM TIME --from NAME --reason TEXT", 2);
        return;
    }
    const auto reason = reason_of(c, line);
    if (!reason) return;
    const std::string& room = line.words[1];
    const std::string& time = line.words[2];
    if (time.empty() || time.size() > 18 || time.find_first_not_of("0123456789") != std::string::npos) {
        c.fail("TIME '" + time + "': the line's time in ms, as `reports` shows it (\"chat line at TIME\")", 2);
        return;
    }
    const std::int64_t time_ms = std::stoll(time);
    const auto account = account_named(c, *from);
    if (!account) return;
    const std::string named = account->name + "'s line at " + time + " in room " + room;
    auto removed = c.stores.moderation->remove_chat_line(
        {room, account->person_id, time_ms},
        c.audit(remove_chat_action, room, chat_removal_detail(account->name, account->person_id, time_ms), *reason));
    if (!removed) {
        if (removed.code() == st::ErrorCode::not_found)
            c.fail("no such chat line: room " + room + " keeps no line of " + account->name + " at " + time +
                   " (the store keeps a room's last " + std::to_string(st::kept_chat_lines) +
                   " lines said before its game ended)");
        else if (removed.code() == st::ErrorCode::already_exists)
            c.fail(named + " was removed already");
        else
            c.fail("the store failed: " + removed.message());
        return;
    }
    c.say(named + " is removed: \"" + removed->text + "\"");
}

// void-ratings: an account's rated games, or the games named, stop counting; every rating they
// touched is recomputed in order (docs/ratings.md, "Voided games").
void void_ratings(context& c, const command_line& line) {
    const std::string usage = "usage: void-ratings (--account NAME | --game ROOM [--game ROOM ...]) --reason TEXT";
    const auto account_name = line.option("--account");
    std::vector<std::string> games = line.all("--game");
    if (line.words.size() != 1 || account_name.has_value() == !games.empty()) {
        c.fail(usage, 2);
        return;
    }
    const auto reason = reason_of(c, line);
    if (!reason) return;
    if (!c.stores.ratings) {
        c.fail("this store keeps no ratings");
        return;
    }
    std::string target;
    if (account_name) {
        const auto account = account_named(c, *account_name);
        if (!account) return;
        auto played = c.stores.ratings->rated_games_of(account->person_id);
        if (!played) {
            c.fail("the store failed: " + played.message());
            return;
        }
        if (played->empty()) {
            c.fail(account->name + " has no rated game that counts");
            return;
        }
        games = *played;
        target = account->person_id;
    } else {
        for (const auto& g : games) target += (target.empty() ? "" : " ") + g;
    }
    std::string listed;
    for (const auto& g : games) listed += (listed.empty() ? "" : " ") + g;
    auto voided = c.stores.ratings->void_games(
        games, ratings::rate_seats,
        c.audit("void_ratings", target, "games: " + listed, *reason));
    if (!voided) {
        c.fail(voided.message());
        return;
    }
    c.say(std::to_string(voided->voided.size()) + (voided->voided.size() == 1 ? " game" : " games") +
          " voided; " + std::to_string(voided->rerated) + " later rated " +
          (voided->rerated == 1 ? "game" : "games") + " rated again");
}

}  // namespace

std::optional<std::int64_t> parse_duration_ms(const std::string& text) {
    if (text.size() < 2) return std::nullopt;
    const char unit = text.back();
    const std::string digits = text.substr(0, text.size() - 1);
    if (digits.empty() || digits.size() > 6 || digits.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    const std::int64_t n = std::stoll(digits);
    if (n <= 0) return std::nullopt;
    switch (unit) {
        case 's': return n * 1000;
        case 'm': return n * 60 * 1000;
        case 'h': return n * 60 * 60 * 1000;
        case 'd': return n * 24 * 60 * 60 * 1000;
        default: return std::nullopt;
    }
}

std::string admin_usage() {
    return "usage: carc-admin [--store sqlite:DIR | --data-dir DIR | --store postgres://...] [--operator NAME] COMMAND\n"
           "commands:\n"
           "  reports [--all] [--limit N]              the open reports (--all: closed ones too)\n"
           "  close-report ID --reason TEXT             close a report\n"
           "  mute NAME [--for LENGTH] --reason TEXT    refuse the account's chat lines (LENGTH: 90s, 30m, 12h, 7d)\n"
           "  unmute NAME --reason TEXT\n"
           "  mutes                                     the accounts muted now\n"
           "  ban NAME [--for LENGTH] --reason TEXT     end the account's sessions and refuse its sign-ins\n"
           "  unban NAME --reason TEXT\n"
           "  bans                                      the accounts banned now\n"
           "  rename NAME NEW_NAME --reason TEXT        rename an account whose name offends (it keeps the rest)\n"
           "  ban-address ADDRESS[/PREFIX] [--for LENGTH] --reason TEXT   refuse sign-ups and guests from it\n"
           "  unban-address ADDRESS[/PREFIX] --reason TEXT\n"
           "  address-bans                              the addresses and ranges banned now\n"
           "  log [--limit N]                           the audit log, newest first\n"
           "  remove-chat ROOM TIME --from NAME --reason TEXT   remove a chat line (TIME in ms, as `reports` shows it)\n"
           "  void-ratings --account NAME --reason TEXT    void every rated game the account played\n"
           "  void-ratings --game ROOM [--game ROOM ...] --reason TEXT   void these games\n";
}

admin_outcome run_admin_command(const st::Stores& stores, const std::vector<std::string>& args,
                                const std::string& operator_name, std::int64_t now_ms) {
    context c{stores, operator_name, now_ms, {}};
    if (!stores.moderation || !stores.accounts) return c.fail("this store keeps no accounts");
    std::string problem;
    const auto line = split(args, problem);
    if (!line) return c.fail(problem, 2);
    if (line->words.empty()) return c.fail(admin_usage(), 2);
    const std::string& command = line->words[0];
    const bool bare = line->words.size() == 1;
    if (command == "reports" && bare) list_reports(c, *line);
    else if (command == "close-report") close_report(c, *line);
    else if (command == "mute") sanction(c, *line, st::SanctionKind::mute);
    else if (command == "unmute") lift(c, *line, st::SanctionKind::mute);
    else if (command == "mutes" && bare) list_sanctions(c, st::SanctionKind::mute);
    else if (command == "ban") sanction(c, *line, st::SanctionKind::ban);
    else if (command == "unban") lift(c, *line, st::SanctionKind::ban);
    else if (command == "bans" && bare) list_sanctions(c, st::SanctionKind::ban);
    else if (command == "rename") rename(c, *line);
    else if (command == "ban-address") ban_address(c, *line);
    else if (command == "unban-address") unban_address(c, *line);
    else if (command == "address-bans" && bare) list_address_bans(c);
    else if (command == "log" && bare) show_log(c, *line);
    else if (command == "remove-chat") remove_chat(c, *line);
    else if (command == "void-ratings") void_ratings(c, *line);
    else return c.fail("unknown command '" + command + "'\n" + admin_usage(), 2);
    return c.result;
}

}  // namespace carc::server::moderation
