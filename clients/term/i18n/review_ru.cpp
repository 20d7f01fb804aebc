// Русские слова разбора ходов и его повтора партии (review_text.cpp, review_ui.cpp), отдельно от
// ru.cpp; i18n.cpp их соединяет. Множественное число: ключ#one, ключ#few, ключ#many.
#include "i18n.hpp"

namespace carc::term {

namespace {

const Catalog russian_review = {
    {"header.review", "carc-term - разбор ходов: {room}"},
    {"header.replay", "carc-term - повтор: {room}  ход {step} из {steps}"},
    {"keys.review", "Вверх/Вниз дорогое решение  Enter показать его  Esc назад  q выход"},
    {"keys.review_wait", "Esc назад  q выход"},
    {"keys.replay", "Влево/Вправо ход  Home/End начало/конец  hjkl обзор  Esc разбор  q выход"},
    {"keys.game_over", "e разбор ходов  стрелки обзор  c центр  v журнал/чат  L уйти  ? помощь  q выход"},
    {"keys.my_games_finished", "Вверх/Вниз  Enter открыть  e разбор  r обновить  Esc лобби  ? помощь  q выход"},
    {"help.my_games.5", "e        разбор ходов завершённой партии"},
    {"help.game_over", "Партия окончена"},
    {"help.game_over.1", "e        разбор ходов: итог, удача и самые дорогие решения каждого игрока"},
    {"help.game_over.2", "         (Enter на решении: повтор с этого хода, Влево/Вправо, Esc назад)"},
    {"help.game_over.3", "L        выйти из комнаты"},
    {"review.loading", "читаем запись партии..."},
    {"review.asking", "запрашиваем разбор..."},
    {"review.queued", "ждём свободного бота для разбора партии..."},
    {"review.running", "оцениваем решения: {judged} из {decisions}"},
    {"review.wait_back", "сервер готовит разбор; Esc - назад (разбор продолжится)"},
    {"review.failed", "разбор не удался: {error}"},
    {"review.unreachable", "сервер недоступен: {error}"},
    {"review.refused.review_busy", "ваш разбор ещё идёт; попробуйте позже"},
    {"review.refused.review_daily_limit", "на сегодня разборов больше нельзя; попробуйте позже"},
    {"review.refused.review_queue_full", "слишком много разборов в очереди; попробуйте позже"},
    {"review.refused.game_not_finished", "партия ещё идёт"},
    {"review.refused.record_not_stored", "запись партии ещё сохраняется; попробуйте чуть позже"},
    {"review.refused.no_such_game", "такой завершённой партии нет"},
    {"review.none", "разбирать нечего"},
    {"review.result", "{seat} {name}: итог {lead}, без удачи {without}, удача {luck}"},
    {"review.average", "средняя потеря за решение {average}"},
    {"review.inaccuracies#one", "{count} неточность"},
    {"review.inaccuracies#few", "{count} неточности"},
    {"review.inaccuracies#many", "{count} неточностей"},
    {"review.mistakes#one", "{count} ошибка"},
    {"review.mistakes#few", "{count} ошибки"},
    {"review.mistakes#many", "{count} ошибок"},
    {"review.blunders#one", "{count} грубая ошибка"},
    {"review.blunders#few", "{count} грубые ошибки"},
    {"review.blunders#many", "{count} грубых ошибок"},
    {"review.costliest", "самые дорогие решения:"},
    {"review.decision", "ход {turn}, {name}: {loss}"},
    {"review.decision_graded", "ход {turn}, {name}: {grade}, {loss}"},
    {"review.grade_inaccuracy", "неточность"},
    {"review.grade_mistake", "ошибка"},
    {"review.grade_blunder", "грубая ошибка"},
    {"review.played_best", "сыграно: {played}; лучше: {best}"},
    {"review.played_is_best", "сыграно: {played} (так же сыграл бы поиск)"},
    {"review.lay", "положить квадрат {tile} на {at}"},
    {"review.lay_turned", "положить квадрат {tile} на {at} с поворотом на {degrees}°"},
    {"replay.start", "начало: ходов ещё не было"},
    {"replay.this_move", "этот ход:"},
    {"replay.ghost", "рамка на поле: куда лучший ход кладёт квадрат"},
    {"replay.scores", "очки:"},
    {"replay.mark", "* на поле: куда лучший ход ставит подданного"},
};

}  // namespace

const Catalog& russian_review_catalog() { return russian_review; }

}  // namespace carc::term
