// The last seat's policy: every decision of the turn, the inner choices of the jokers
// included, answered by the last-seat DP (last_seat.cpp).
#include <span>
#include <stdexcept>

#include "verflixt/games/verflixte6/exact/last_seat.h"

namespace verflixt::verflixte6 {

void LastSeatPolicy::check(const TurnView& v) const {
  if (v.solo() || v.still_to_play != 0 || v.self != s_.self())
    throw std::logic_error("last-seat policy asked outside the last seat");
}

Action LastSeatPolicy::decide(const TurnView& v) const {
  check(v);
  return s_.best_action(v.turn, v.table);
}

bool LastSeatPolicy::anaconda_fight(const TurnView& v, int attack) const {
  check(v);
  return s_.inner_choice(v.turn, v.table, ANACONDA, {InnerChoice::AnacondaFight, attack});
}

bool LastSeatPolicy::rattenlord_retreat(const TurnView& v, int throws_left) const {
  check(v);
  return s_.inner_choice(v.turn, v.table, RATTENLORD, {InnerChoice::RattenlordRetreat, throws_left});
}

bool LastSeatPolicy::monokel_rethrow(const TurnView& v, int index, int face, int kept) const {
  check(v);
  return s_.inner_choice(v.turn, v.table, MONOKEL, {InnerChoice::MonokelRethrow, index, face, kept});
}

bool LastSeatPolicy::senigma_counter(const TurnView& v, int round, int attack, int won, int lost) const {
  check(v);
  return s_.inner_choice(v.turn, v.table, SENIGMA, {InnerChoice::SenigmaCounter, round, attack, won, lost});
}

bool LastSeatPolicy::use_runkelrueb(const TurnView& v) const {
  check(v);
  return s_.use_runkelrueb(v.turn, v.table);
}

bool LastSeatPolicy::use_fumo_reentry(const TurnView& v) const {
  check(v);
  return s_.use_fumo_reentry(v.turn, v.table);
}

int LastSeatPolicy::choose_victim(const TurnView& v, int amount, std::span<const int> candidates) const {
  check(v);
  return s_.best_victim(v.turn, v.table, amount, candidates);
}

int LastSeatPolicy::senigma_target(const TurnView& v, std::span<const int> candidates) const {
  check(v);
  return s_.best_senigma_target(v.turn, v.table, candidates);
}

}  // namespace verflixt::verflixte6
