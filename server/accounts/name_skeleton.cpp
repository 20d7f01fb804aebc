#include "accounts/name_skeleton.hpp"

#include <memory>

#include <spdlog/spdlog.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>

#include "accounts/account_rules.hpp"
#include "util/text.hpp"

namespace carc::server::accounts {
namespace {

struct spoof_checker_closer {
    void operator()(USpoofChecker* checker) const { uspoof_close(checker); }
};

// One checker for every thread: getting a skeleton only reads it.
const USpoofChecker* checker() {
    static const std::unique_ptr<USpoofChecker, spoof_checker_closer> made = [] {
        UErrorCode status = U_ZERO_ERROR;
        std::unique_ptr<USpoofChecker, spoof_checker_closer> opened(uspoof_open(&status));
        if (U_FAILURE(status)) opened.reset();
        return opened;
    }();
    return made.get();
}

icu::UnicodeString skeleton_of(const icu::UnicodeString& text) {
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString out;
    if (!checker()) return text;
    uspoof_getSkeletonUnicodeString(checker(), 0, text, out, &status);
    return U_FAILURE(status) ? text : out;
}

}  // namespace

std::string name_skeleton(std::string_view name) {
    // Skeleton, fold, skeleton: the first maps look-alikes to their prototype ("I" and "l"
    // alike), folding makes the case not count (beyond ASCII: "Ö" and "ö", "ß" and "ss"), the
    // second maps what folding made.
    icu::UnicodeString text = icu::UnicodeString::fromUTF8(icu::StringPiece(name.data(), static_cast<int32_t>(name.size())));
    text = skeleton_of(text);
    text.foldCase(U_FOLD_CASE_DEFAULT);
    text = skeleton_of(text);
    std::string out;
    text.toUTF8String(out);
    return out;
}

storage::Result<std::optional<storage::AccountRecord>> account_named(storage::AccountStore& store,
                                                                   std::string_view typed) {
    const std::string name = trim(typed);
    return store.account_by_look(name_key(name), name_skeleton(name));
}

int fill_missing_skeletons(storage::AccountStore& store) {
    auto missing = store.accounts_without_skeleton();
    if (!missing) {
        spdlog::error("event=name_skeletons_unread error=\"{}\"", missing.message());
        return 0;
    }
    int filled = 0;
    for (const auto& [person_id, name] : *missing) {
        auto set = store.set_name_skeleton(person_id, name_skeleton(name));
        if (set.ok()) {
            ++filled;
        } else if (set.code() == storage::ErrorCode::already_exists) {
            spdlog::warn("event=name_looks_like_another person={}", person_id);
        } else {
            spdlog::error("event=name_skeleton_unstored person={} error=\"{}\"", person_id, set.message());
        }
    }
    if (filled > 0) spdlog::info("event=name_skeletons_filled count={}", filled);
    return filled;
}

}  // namespace carc::server::accounts
