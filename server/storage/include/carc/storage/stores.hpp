#pragma once
// One database seen through each interface it implements. The opener fills every member it
// can; the server's composition root hands each service only the members it uses, so no
// service asks the store at run time what it can do. A member left null means the server has
// no such store, and the services that need it are simply not made.

#include <memory>

#include "carc/storage/friend_store.hpp"
#include "carc/storage/moderation_store.hpp"
#include "carc/storage/notice_store.hpp"
#include "carc/storage/personal_data_store.hpp"
#include "carc/storage/rating_store.hpp"
#include "carc/storage/review_store.hpp"
#include "carc/storage/sign_in_link_store.hpp"
#include "carc/storage/store.hpp"
#include "carc/storage/tournament_store.hpp"

namespace carc::storage {

class LeaseStore;  // postgres_store.hpp

struct Stores {
    std::shared_ptr<Store> games;
    std::shared_ptr<AccountStore> accounts;
    std::shared_ptr<TurnStore> turns;
    std::shared_ptr<NoticeStore> notices;
    std::shared_ptr<RatingStore> ratings;
    std::shared_ptr<FriendStore> friends;
    std::shared_ptr<TournamentStore> tournaments;
    std::shared_ptr<ReviewStore> reviews;
    std::shared_ptr<ModerationStore> moderation;
    std::shared_ptr<PersonalDataStore> personal_data;
    std::shared_ptr<SignInLinkStore> sign_in_links;
    // Room leases between nodes: PostgreSQL only.
    std::shared_ptr<LeaseStore> leases;

    // Only the games (a store that keeps nothing else, as some tests use).
    static Stores games_only(std::shared_ptr<Store> games) {
        Stores only;
        only.games = std::move(games);
        return only;
    }
};

}  // namespace carc::storage
