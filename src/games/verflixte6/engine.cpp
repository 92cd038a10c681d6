#include "verflixt/games/verflixte6/engine.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

#include "verflixt/games/verflixte6/joker.h"
#include "verflixt/games/verflixte6/table.h"

namespace verflixt {
namespace {

// What the players other than the one on turn look like during a pass. Solo mode has no
// table: steals and Senigma then pay the player (§5).
struct PassTable {
  std::vector<SeatView> seats;            // seats[k].keuler_paid: T6, once per victim per pass
  std::vector<int> keuler_earned;
  std::vector<unsigned> repeat_taken;     // E9: [thief] bit victim: classic Senigma took from him
};

// How a step ended, for Jule (E1).
enum class StepEnd { Continue, Eliminated, Cancelled };

// One turn being played: the rules applied to a TurnState, throw by throw.
class TurnPlay {
 public:
  TurnPlay(const Rules& r, TurnState& t, const Policy& p, Dice& d, PassTable* table, int self)
      : r_(r), t_(t), policy_(p), dice_(d), table_(table), self_(self) {}

  TurnView view() const {
    if (!table_) return TurnView{r_, t_, -1, {}, 0};
    sync();
    int still = 0;
    for (size_t k = 0; k < table_->seats.size(); ++k)
      still += static_cast<int>(k) != self_ && table_->seats[k].status == Status::Jungfrau;
    return TurnView{r_, t_, self_, table_->seats, still};
  }

  void free_throw(int bonus) { verflixt::free_throw(r_, t_, dice_, bonus); }

  void step(Action a) {
    if (t_.phase != TurnPhase::Decide)
      throw std::logic_error(t_.over() ? "engine: step after the turn ended" : "engine: step before the free throw");
    if (!is_legal(view(), a))
      throw std::logic_error("engine: policy " + policy_.name() + " chose an illegal joker " +
                             std::string(joker_id(a.joker)));
    if (a.kind == Action::Stop) {
      t_.phase = TurnPhase::Over;
      return;
    }
    if (a.kind == Action::UseJoker && t_.fumo_active) end_fumo();  // J13: another joker ends Fumo
    StepEnd end = StepEnd::Continue;
    bool under_fumo = false;
    if (a.kind == Action::Roll) {
      under_fumo = t_.fumo_active;
      end = plain_throw(/*ventil=*/false);
    } else {
      under_fumo = a.joker == FUMO;
      end = joker_step(a.joker);
    }
    // E1 / J7: Jule pays after the step, unless it eliminated, ran under Fumo or was undone.
    if (end == StepEnd::Continue && !under_fumo && t_.held.has(JULE)) t_.eyes += r_.jule_bonus;
    // E5 / J11: penalties are not protected; the floor follows the eyes down.
    if (t_.has_floor && t_.eyes < t_.floor) t_.floor = t_.eyes;
    sync();
  }

 private:
  void sync() const {
    if (table_) table_->seats[static_cast<size_t>(self_)].eyes = t_.eyes;
  }

  void end_fumo() {
    t_.fumo_active = false;
    t_.fumo_gain = 0;
  }

  void eliminate(bool to_floor) {
    t_.eyes = to_floor && t_.has_floor ? t_.floor : 0;  // T5 / J11 (All In ignores the floor)
    t_.phase = TurnPhase::Over;
    t_.eliminated = true;
  }

  // T3 (and E2 for the Ventil's throw), with Fumo (J13), Tentakel (J12), robbing 1s (T4),
  // elimination (T5) and the reactions Runkelrüb (J15) and classic fumo (J13).
  StepEnd plain_throw(bool ventil) {
    const int f = dice_.roll();
    if (f == r_.bust_face) {
      if (!ventil && t_.held.has(RUNKELRUEB) && policy_.use_runkelrueb(view())) {
        t_.held = t_.held.without(RUNKELRUEB);
        bool saved = false;
        for (int k = 0; k < r_.runkel_throws; ++k) saved |= dice_.roll() >= r_.runkel_face;
        if (saved) {
          // J13: with Fumo, every doubled gain since Fumo began is halved back, and Fumo ends.
          if (t_.fumo_active) t_.eyes -= t_.fumo_gain - t_.fumo_gain / r_.fumo_factor;
          end_fumo();
          return StepEnd::Cancelled;
        }
      }
      end_fumo();
      eliminate(/*to_floor=*/true);
      // J13 classic: re-entry from 0 with a new free throw; not after a Ventil floor.
      if (r_.fumo == FumoKind::Reentry && t_.held.has(FUMO) && !t_.has_floor &&
          policy_.use_fumo_reentry(view())) {
        t_.held = t_.held.without(FUMO);
        t_.phase = TurnPhase::FreeThrow;  // E6: a new free throw, which moves to Decide
        t_.eliminated = false;
        t_.eyes = 0;
        t_.robbing_ones = 0;
        free_throw(0);  // E6: no placement bonus on the re-entry
        return StepEnd::Cancelled;
      }
      return StepEnd::Eliminated;
    }
    if (t_.fumo_active) {  // J13: double face, a 1 steals nothing, no autojoker income
      const int gain = f * r_.fumo_factor;
      t_.eyes += gain;
      t_.fumo_gain += gain;
      return StepEnd::Continue;
    }
    if (t_.held.has(TENTAKEL) && f <= r_.tentakel_max_face) {  // J12, E3
      t_.eyes += f + r_.tentakel_bonus;
      return StepEnd::Continue;
    }
    t_.eyes += f;
    if (f == 1 && r_.ones_rob) robbing_one();
    return StepEnd::Continue;
  }

  // T4: the j-th robbing 1 steals min(j, rob_cap) from one victim.
  void robbing_one() {
    ++t_.robbing_ones;
    const int amount = std::min(t_.robbing_ones, r_.rob_cap);
    if (!table_) {
      t_.eyes += amount;  // §5: the steal always finds a victim
      return;
    }
    const Candidates cand = rob_candidates(r_, table_->seats, self_);
    if (cand.empty()) return;  // T4: the steal lapses, the +1 stays
    transfer(policy_.choose_victim(view(), amount, cand.span()), amount);
  }

  // Moves `amount` eyes from `victim` to the player on turn (negative: the other way), with
  // the Keuler bonus (T6) if it is earned.
  void transfer(int victim, int amount) {
    t_.eyes += amount;
    const int keuler = take_eyes(r_, table_->seats[static_cast<size_t>(victim)], amount);
    t_.eyes += keuler;
    table_->keuler_earned[static_cast<size_t>(self_)] += keuler;
    sync();
  }

  int throw_sum(int n) {
    int s = 0;
    for (int k = 0; k < n; ++k) s += dice_.roll();
    return s;
  }

  StepEnd joker_step(Joker j) {
    if (j != FROSTSCHUTZ) t_.held = t_.held.without(j);  // single-use jokers are spent
    switch (j) {
      case FROSTSCHUTZ: {  // J1: use k subtracts faces 1..k; a 6 adds 6 and expires it
        const int k = ++t_.frost_used;
        const int f = dice_.roll();
        t_.eyes += (f != 6 && f <= k) ? -f : f;
        if (f == 6 || k >= r_.frost_uses) t_.held = t_.held.without(FROSTSCHUTZ);
        return StepEnd::Continue;
      }
      case SPELUNKENBOLD: {  // J2
        const int f = dice_.roll();
        t_.eyes += f == 6 ? r_.spelunken_six : f + r_.spelunken_bonus;
        return StepEnd::Continue;
      }
      case ANACONDA: {  // J3: the croupier's attack first, then the player's choice
        const int a = dice_.roll();
        if (!policy_.anaconda_fight(view(), a)) {
          t_.eyes += r_.anaconda_decline;
          return StepEnd::Continue;
        }
        const int p = dice_.roll();
        t_.eyes += p >= a ? r_.anaconda_win_base + p
                          : r_.anaconda_loss - (r_.anaconda_loss_minus_attack ? a : 0);
        return StepEnd::Continue;
      }
      case HIRTENSCHUTZ:  // J4
        t_.eyes += dice_.roll() * r_.hirten_factor;
        return StepEnd::Continue;
      case RATTENLORD: {  // J5
        for (int k = 0; k < r_.rattenlord_throws; ++k) {
          if (dice_.roll() >= r_.rattenlord_face) {
            t_.eyes += r_.rattenlord_win;
            return StepEnd::Continue;
          }
          const int left = r_.rattenlord_throws - 1 - k;
          if (left > 0 && policy_.rattenlord_retreat(view(), left)) {
            t_.eyes += r_.rattenlord_retreat;
            return StepEnd::Continue;
          }
        }
        t_.eyes += r_.rattenlord_loss;
        return StepEnd::Continue;
      }
      case ALL_IN:  // J6: double, or 0 and a Zombie whatever protects him
        if (dice_.roll() <= r_.allin_max_face) {
          t_.eyes *= 2;
          return StepEnd::Continue;
        }
        eliminate(/*to_floor=*/false);
        return StepEnd::Eliminated;
      case PONY: {  // J8
        const int s = throw_sum(r_.pony_throws);
        t_.eyes += s >= r_.pony_target ? s : (r_.pony_fail_minus_sum ? -s : r_.pony_fail);
        return StepEnd::Continue;
      }
      case MONOKEL: {  // J9: each throw may be re-thrown once; faces only add
        int kept = 0;
        for (int k = 0; k < r_.monokel_throws; ++k) {
          int f = dice_.roll();
          if (policy_.monokel_rethrow(view(), k, f, kept)) f = dice_.roll();
          kept += f;
        }
        t_.eyes += kept;
        return StepEnd::Continue;
      }
      case SENIGMA:
        return r_.senigma == SenigmaKind::Duel ? senigma_duel() : senigma_repeat();
      case VENTIL:  // J11: floor at the current eyes, then a plain throw at once (E2)
        t_.has_floor = true;
        t_.floor = t_.eyes;
        return plain_throw(/*ventil=*/true);
      case FUMO:  // J13 doubling (E4): Fumo starts and this step's plain throw is under it
        t_.fumo_active = true;
        t_.fumo_gain = 0;
        return plain_throw(/*ventil=*/false);
      case CHERRY: {  // J14 (E8): all throws, then one counter per success
        int successes = 0;
        for (int k = 0; k < r_.cherry_throws; ++k) successes += dice_.roll() >= r_.cherry_face;
        int cancelled = 0;
        for (int k = 0; k < successes; ++k) cancelled += dice_.roll() >= r_.cherry_counter_face;
        t_.eyes += r_.cherry_worth * (successes - cancelled);
        return StepEnd::Continue;
      }
      default:
        throw std::logic_error("engine: joker " + std::string(joker_id(j)) + " is not announced");
    }
  }

  // J10 (2019): a duel of rounds; each countered round goes to the attacker when a > d.
  StepEnd senigma_duel() {
    int target = -1;
    if (table_) {
      const Candidates cand = senigma_candidates(table_->seats, self_);
      target = policy_.senigma_target(view(), cand.span());
      table_->seats[static_cast<size_t>(target)].senigma_attacked = true;
    }
    int won = 0, lost = 0;
    for (int round = 0; round < r_.senigma_rounds; ++round) {
      const int a = dice_.roll();
      if (!policy_.senigma_counter(view(), round, a, won, lost)) continue;  // waived
      const int d = dice_.roll();
      (a > d ? won : lost) += 1;
    }
    const int gain = (won - lost) * r_.senigma_per_round;
    if (table_) transfer(target, gain);
    else t_.eyes += gain;  // §5: the virtual defender's transfer counts for the player
    return StepEnd::Continue;
  }

  // J10 (classic): a repeated face among the throws takes eyes from a chosen victim (E9).
  StepEnd senigma_repeat() {
    bool seen[7] = {};
    bool repeat = false;
    for (int k = 0; k < r_.senigma_repeat_throws; ++k) {
      const int f = dice_.roll();
      repeat |= seen[f];
      seen[f] = true;
    }
    if (!repeat) return StepEnd::Continue;
    if (!table_) {
      t_.eyes += r_.senigma_repeat_gain;
      return StepEnd::Continue;
    }
    unsigned& taken = table_->repeat_taken[static_cast<size_t>(self_)];
    const Candidates cand = rob_candidates(r_, table_->seats, self_, taken);
    if (cand.empty()) return StepEnd::Continue;
    const int victim = policy_.choose_victim(view(), r_.senigma_repeat_gain, cand.span());
    taken |= 1u << victim;
    transfer(victim, r_.senigma_repeat_gain);
    return StepEnd::Continue;
  }

  const Rules& r_;
  TurnState& t_;
  const Policy& policy_;
  Dice& dice_;
  PassTable* table_;
  int self_;
};

void play_turn(TurnPlay& play, TurnState& t, const Policy& policy, int bonus) {
  play.free_throw(bonus);
  while (!t.over()) play.step(policy.decide(play.view()));
}

}  // namespace

TurnState new_turn(JokerSet loadout) {
  TurnState t;
  t.held = loadout;
  t.phase = TurnPhase::FreeThrow;
  return t;
}

// T1: the free throw. Its face is added whatever it is; it never robs or eliminates.
void free_throw(const Rules& rules, TurnState& turn, Dice& dice, int bonus) {
  if (rules.free_throw) turn.eyes += dice.roll() + bonus;
  turn.phase = TurnPhase::Decide;
}

void solo_step(const Rules& rules, TurnState& turn, Action action, const Policy& policy, Dice& dice) {
  TurnPlay(rules, turn, policy, dice, nullptr, -1).step(action);
}

TurnState play_solo_turn(const Rules& rules, JokerSet loadout, const Policy& policy, Dice& dice) {
  TurnState t = new_turn(loadout);
  TurnPlay play(rules, t, policy, dice, nullptr, -1);
  play_turn(play, t, policy, 0);
  return t;
}

namespace {

// Plays the turns of `order` at `table`; the first of them may resume a turn in progress.
PassResult run_pass(const Rules& rules, std::span<const PassSeat> seats, PassTable& table,
                    std::span<const int> order, Dice& dice, const TurnState* resume,
                    std::optional<Action> first) {
  PassResult res;
  for (size_t step = 0; step < order.size(); ++step) {
    const int self = order[step];
    res.order.push_back(self);
    const PassSeat& seat = seats[static_cast<size_t>(self)];
    SeatView& me = table.seats[static_cast<size_t>(self)];
    TurnState t;
    TurnPlay play(rules, t, *seat.policy, dice, &table, self);
    if (step == 0 && resume) {
      t = *resume;
      if (first && !t.over()) play.step(*first);
      while (!t.over()) play.step(seat.policy->decide(play.view()));
    } else {
      // A Jungfrau robbed before her turn starts it from her (possibly negative) eyes.
      t = new_turn(seat.jokers);
      t.eyes = me.eyes;
      play_turn(play, t, *seat.policy, seat.bonus);
    }
    me.eyes = t.eyes;
    me.status = t.eliminated ? Status::Zombie : Status::Prinzessin;
  }
  end_pass(table.seats);  // T7
  for (const auto& s : table.seats) {
    res.eyes.push_back(s.eyes);
    res.status.push_back(s.status);
  }
  res.keuler = table.keuler_earned;
  return res;
}

PassTable make_table(std::vector<SeatView> seats) {
  const size_t n = seats.size();
  check_pass_size(n);
  PassTable table;
  table.seats = std::move(seats);
  table.keuler_earned.assign(n, 0);
  table.repeat_taken.assign(n, 0u);
  return table;
}

}  // namespace

PassResult play_pass(const Rules& rules, std::span<const PassSeat> seats, int first, Dice& dice) {
  const size_t n = seats.size();
  std::vector<SeatView> start(n);
  for (size_t k = 0; k < n; ++k) start[k].total = seats[k].total;
  PassTable table = make_table(std::move(start));
  std::vector<int> order;
  for (size_t step = 0; step < n; ++step) order.push_back(static_cast<int>((static_cast<size_t>(first) + step) % n));  // P1
  return run_pass(rules, seats, table, order, dice, nullptr, std::nullopt);
}

PassResult finish_pass(const Rules& rules, std::span<const PassSeat> seats, PassSituation situation,
                       Dice& dice, std::optional<Action> first) {
  if (situation.table.size() != seats.size())
    throw std::invalid_argument("finish_pass: table and seats differ in size");
  PassTable table = make_table(std::move(situation.table));
  table.seats[static_cast<size_t>(situation.self)].eyes = situation.turn.eyes;
  std::vector<int> order{situation.self};
  order.insert(order.end(), situation.to_play.begin(), situation.to_play.end());
  return run_pass(rules, seats, table, order, dice, &situation.turn, first);
}

Selection ListSelector::select(const SelectionView& v) const {
  Selection s;
  for (Joker j : priority_)
    if (s.jokers.size() < v.rules.jokers_per_pass && v.available.has(j)) s.jokers = s.jokers.with(j);
  return s;
}

std::vector<bool> losers(const Rules& rules, std::span<const int> totals) {
  const size_t n = totals.size();
  std::vector<bool> lose(n, false);
  int count = 0;
  for (size_t k = 0; k < n; ++k)
    if (totals[k] <= 0) lose[k] = true, ++count;
  // Then the lowest totals, a whole tie group at a time, until there are enough losers.
  while (count < rules.losers_at_least) {
    int low = 0;
    bool any = false;
    for (size_t k = 0; k < n; ++k)
      if (!lose[k] && (!any || totals[k] < low)) low = totals[k], any = true;
    if (!any) break;
    for (size_t k = 0; k < n; ++k)
      if (!lose[k] && totals[k] == low) lose[k] = true, ++count;
  }
  return lose;
}

EveningResult play_evening(const Rules& rules, std::span<const EveningPlayer> players, bool final,
                           int first, Dice& dice) {
  return play_evening(rules, players, final, first,
                      [&](std::span<const PassSeat> seats, int f) { return play_pass(rules, seats, f, dice); });
}

EveningResult play_evening(const Rules& rules, std::span<const EveningPlayer> players, bool final,
                           int first, const PassPlayer& play) {
  const size_t n = players.size();
  const int passes = final ? rules.final_passes : rules.passes;
  EveningResult res;
  res.totals.assign(n, 0);
  std::vector<JokerSet> used(n);
  std::vector<int> used_count(n, 0);
  std::vector<bool> free_used(n, false);

  for (int pass = 0; pass < passes; ++pass) {
    std::vector<PassSeat> seats(n);
    for (size_t k = 0; k < n; ++k) {
      // P2: each joker once per evening, at most jokers_per_evening selections.
      JokerSet avail{static_cast<u16>(rules.jokers.bits & ~used[k].bits)};
      if (used_count[k] >= rules.jokers_per_evening) avail = {};
      const bool may_free = final && rules.free_joker_choice && pass >= 1 && !free_used[k];
      SelectionView view{rules, pass, passes, avail, may_free, res.totals, static_cast<int>(k)};
      Selection sel = players[k].selector ? players[k].selector->select(view) : Selection{};
      const JokerSet allowed = sel.free_choice ? rules.jokers : avail;
      if ((sel.free_choice && !may_free) || !allowed.contains(sel.jokers) ||
          sel.jokers.size() > rules.jokers_per_pass ||
          (!sel.free_choice && used_count[k] + sel.jokers.size() > rules.jokers_per_evening))
        throw std::logic_error("engine: illegal joker selection " + loadout_name(sel.jokers));
      if (sel.free_choice) free_used[k] = true;
      else used_count[k] += sel.jokers.size();
      used[k] = JokerSet{static_cast<u16>(used[k].bits | sel.jokers.bits)};
      seats[k] = PassSeat{players[k].policy, sel.jokers, pass == 0 ? players[k].bonus : 0, res.totals[k]};
    }
    const int f = rules.seat_order == SeatOrder::Rotate ? (first + pass) % static_cast<int>(n) : first;
    PassResult pr = play(seats, f);
    for (size_t k = 0; k < n; ++k) res.totals[k] += pr.eyes[k];  // P3
    res.passes.push_back(std::move(pr));
  }
  res.loser = losers(rules, res.totals);
  const int best = *std::max_element(res.totals.begin(), res.totals.end());
  for (size_t k = 0; k < n; ++k)
    if (res.totals[k] == best) res.winners.push_back(static_cast<int>(k));
  // P4: places by total; tied players share the better place, the next place is skipped.
  const int bonus[3] = {rules.place_bonus_1, rules.place_bonus_2, rules.place_bonus_3};
  res.place_bonus.assign(n, 0);
  for (size_t k = 0; k < n; ++k) {
    int better = 0;
    for (size_t m = 0; m < n; ++m) better += res.totals[m] > res.totals[k];
    if (better < 3) res.place_bonus[k] = bonus[better];
  }
  return res;
}

}  // namespace verflixt
