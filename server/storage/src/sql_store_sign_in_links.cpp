// SqlStore: sign-in by a mailed link (docs/accounts.md, "Sign-in by a mailed link"). Every query
// is written once for both databases.
#include "sql_store.hpp"

namespace carc::storage {

using sql::Statement;

Status SqlStore::add_sign_in_link(const SignInLink& link, TimeMs now_ms) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.status();
    if (auto swept = db().run("DELETE FROM sign_in_links WHERE expires_at_ms <= $1", {now_ms}); !swept) return swept;
    if (auto added = db().run(
            "INSERT INTO sign_in_links (token_sha256, person_id, browser_sha256, email, expires_at_ms)"
            " VALUES ($1, $2, $3, $4, $5)",
            {link.token_hash.hex(), link.person_id, link.browser_hash.hex(), link.email, link.expires_at_ms});
        !added)
        return added;
    return tx->commit();
}

Result<SignInLinkUse> SqlStore::use_sign_in_link(const TokenHash& token_hash, const TokenHash& browser_hash,
                                                 TimeMs now_ms) {
    std::lock_guard lock(mutex_);
    auto tx = sql::Transaction::begin(db(), sql::TransactionKind::write);
    if (!tx) return tx.error();
    // The use itself is one conditional DELETE: of every request racing for the link, on any
    // node, one deletes its row.
    SignInLinkUse use;
    auto used = db().for_each_row(
        "DELETE FROM sign_in_links WHERE token_sha256 = $1 AND browser_sha256 = $2 AND expires_at_ms > $3"
        " RETURNING person_id, email",
        {token_hash.hex(), browser_hash.hex(), now_ms}, [&](const Statement& row) -> Status {
            use = {SignInLinkOutcome::signed_in, row.text(0), row.text(1)};
            return {};
        });
    if (!used) return used.error();
    if (use.outcome != SignInLinkOutcome::signed_in) {
        // Refused: say why. An expired link goes; another browser's stays for the one that asked.
        std::optional<TimeMs> expires;
        auto read = db().for_each_row("SELECT expires_at_ms FROM sign_in_links WHERE token_sha256 = $1",
                                      {token_hash.hex()}, [&](const Statement& row) -> Status {
                                          expires = row.int64(0);
                                          return {};
                                      });
        if (!read) return read.error();
        if (!expires) return SignInLinkUse{};
        if (*expires > now_ms) return SignInLinkUse{SignInLinkOutcome::other_browser, {}, {}};
        if (auto gone = db().run("DELETE FROM sign_in_links WHERE token_sha256 = $1", {token_hash.hex()}); !gone)
            return gone.error();
        use.outcome = SignInLinkOutcome::expired;
    }
    if (auto committed = tx->commit(); !committed) return committed.error();
    return use;
}

}  // namespace carc::storage
