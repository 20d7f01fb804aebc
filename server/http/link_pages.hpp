#pragma once
// The pages a mail's link opens (docs/accounts.md, "Pages a mail's link opens"): unsubscribing,
// a confirmed address, the new password's form and what became of it, a mailed sign-in link's
// outcome. Written in the account's language when the link names a known account, else in the
// browser's (Accept-Language). A page holds only its fixed text, fixed paths and the link's own
// token, which the callers check is hex before it gets here.

#include <string_view>

#include <boost/beast/http.hpp>

#include "notices/mail_language.hpp"

namespace carc::server {

enum class link_page {
    bad_link,              // unknown, used or too old
    unsubscribe_question,  // GET: a button, and nothing changes (mail scanners open links)
    unsubscribed,
    address_confirmed,
    new_password_form,
    password_too_short,
    password_too_long,
    password_changed,
    other_browser,  // a sign-in link opened where it was not asked for
    link_too_old,   // a sign-in link after its 15 minutes
    signed_in,
};

// The page as a whole HTML answer with `status`. `token` is the link's token, for the pages whose
// form carries it on (unsubscribe_question, new_password_form); `form_path` is where that form posts.
boost::beast::http::response<boost::beast::http::string_body> link_page_answer(
    const boost::beast::http::request<boost::beast::http::string_body>& request, boost::beast::http::status status,
    notices::mail_language language, link_page page, std::string_view form_path = {}, std::string_view token = {});

// The browser's preferred language among the pages' (Accept-Language, RFC 9110 section 12.5.4:
// the highest weight wins, the earlier on a tie, `q=0` never); English when it names neither.
notices::mail_language browser_language(std::string_view accept_language);
// The same, read from the request's header.
notices::mail_language browser_language(const boost::beast::http::request<boost::beast::http::string_body>& request);

}  // namespace carc::server
