#include "verflixt/games/verflixte6/rules/engine.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/exact/solo_model.h"
#include "verflixt/games/verflixte6/rules/table.h"
#include "games/verflixte6/rules/turn_step.h"

namespace verflixt::verflixte6 {
namespace {

// What the players other than the one on turn look like during a pass. Solo mode has no
// table: steals and Senigma then pay the player (§5).
struct PassTable {
  std::vector<SeatView> seats;            // seats[k].keuler_paid: T6, once per victim per pass
  std::vector<int> keuler_earned;
  std::vector<unsigned> repeat_taken;     // E9: [thief] bit victim: classic Senigma took from him
};

using detail::StepEnd;
using detail::Take;

// Where a sampled step ended (turn_step.h's leaf).
using Leaf = detail::StepLeaf;

// The step algebra (turn_step.h) that samples a step: dice drawn one by one in the order
// the rules throw them, each question asked of the player, only the branch played.
struct SampledStep {
  using Dist = Leaf;
  const Rules& r;
  core::Dice& dice;
  detail::ChoiceAsker& asker;

  template <class F>
  Leaf die(F&& f) { return f(dice.roll()); }
  template <class Y, class N>
  Leaf any_reaching(int n, int face, Y&& yes, N&& no) {
    bool hit = false;
    for (int k = 0; k < n; ++k) hit |= dice.roll() >= face;
    return hit ? yes() : no();
  }
  template <class Y, class N>
  Leaf react(const InnerChoice& c, const TurnState& shown, Y&& yes, N&& no) {
    return asker.ask(shown, c) ? yes() : no();
  }
  static Leaf leaf(const TurnState& s, StepEnd end, Take take) { return {s, end, take}; }
  Leaf delta(const TurnState& base, Joker j) {
    const bool duel = j == SENIGMA && r.senigma == SenigmaKind::Duel;
    if (duel) asker.before_duel(base);
    detail::SampleNodes nodes{dice, asker, base};
    const int d = detail::DeltaStep<detail::SampleNodes>(r, nodes).run(j);
    if (j != SENIGMA) {
      TurnState n = base;
      n.eyes += d;
      return {n, StepEnd::Continue, {}};
    }
    if (duel) return {base, StepEnd::Continue, {Take::Duel, d}};
    return {base, StepEnd::Continue, nodes.repeated ? Take{Take::Repeat, d} : Take{}};
  }
};

// One turn being played: the rules applied to a TurnState, step by step (turn_step.h),
// with the table's part — victims, Keuler, lapses, the Senigma target (table.h) — here.
class TurnPlay final : public detail::ChoiceAsker {
 public:
  TurnPlay(const Rules& r, TurnState& t, const Policy& p, core::Dice& d, PassTable* table, int self)
      : r_(r), t_(t), policy_(p), dice_(d), table_(table), self_(self) {}

  TurnView view() const { return view_of(t_); }

  void free_throw(int bonus) { verflixt::verflixte6::free_throw(r_, t_, dice_, bonus); }

  void step(Action a) {
    if (t_.phase != TurnPhase::Decide)
      throw std::logic_error(t_.over() ? "engine: step after the turn ended" : "engine: step before the free throw");
    if (!is_legal(view(), a))
      throw std::logic_error("engine: policy " + policy_.name() + " chose an illegal joker " +
                             std::string(joker_id(a.joker)));
    SampledStep alg{r_, dice_, *this};
    const Leaf leaf = detail::TurnStep<SampledStep>(r_, alg).run(t_, a);
    t_ = leaf.state;
    if (leaf.end == StepEnd::Stopped) return;
    if (leaf.end == StepEnd::Continue) {
      take(leaf.take);
      // E1: Jule pays after a step that leaves the turn going (not after one that eliminated
      // or was undone); a step that ran under Fumo still has it active, so jule_pay sees it.
      t_.eyes += jule_pay(r_, t_);
    }
    if (t_.phase == TurnPhase::FreeThrow) free_throw(0);  // E6: the re-entry's free throw, no bonus
    follow_floor(t_);  // E5: the floor follows the eyes down whatever the step did
    sync();
  }

  bool ask(const TurnState& shown, const InnerChoice& c) override { return ask_policy(policy_, view_of(shown), c); }

  // J10 (2019): the duel's target is chosen before its dice, and is attacked once per pass.
  void before_duel(const TurnState& base) override {
    if (!table_) return;
    duel_target_ = duel_target(table_->seats, self_,
                               [&](std::span<const int> cand) { return policy_.senigma_target(view_of(base), cand); });
  }

 private:
  TurnView view_of(const TurnState& shown) const {
    if (!table_) return TurnView{r_, shown, -1, {}, 0};
    table_->seats[static_cast<size_t>(self_)].eyes = shown.eyes;
    int still = 0;
    for (size_t k = 0; k < table_->seats.size(); ++k)
      still += static_cast<int>(k) != self_ && table_->seats[k].status == Status::Jungfrau;
    return TurnView{r_, shown, self_, table_->seats, still};
  }

  void sync() const {
    if (table_) table_->seats[static_cast<size_t>(self_)].eyes = t_.eyes;
  }

  // The step's take: in solo mode (§5) it always counts for the player; at a table a robbing
  // 1 (T4) and classic Senigma (E9) take from a victim the player chooses, or lapse with none.
  void take(const Take& take) {
    if (take.kind == Take::None) return;
    if (!table_) {
      t_.eyes += take.amount;
      return;
    }
    if (take.kind == Take::Duel) return transfer(duel_target_, nullptr, take.amount);
    unsigned* taken = take.kind == Take::Repeat ? &table_->repeat_taken[static_cast<size_t>(self_)] : nullptr;
    const int victim = pick_victim(r_, table_->seats, self_, taken ? *taken : 0u, [&](std::span<const int> cand) {
      return policy_.choose_victim(view(), take.amount, cand);
    });
    transfer(victim, taken, take.amount);  // kLapsed: T4, the +1 stays
  }

  // Takes `amount` eyes from `victim` for the player on turn (negative: the other way; kLapsed:
  // nothing moves), with the Keuler bonus (T6) if it is earned (table.h take_from).
  void transfer(int victim, unsigned* taken, int amount) {
    if (victim == kLapsed) return;
    const int keuler = take_from(r_, table_->seats, victim, taken, amount);
    t_.eyes += amount + keuler;
    table_->keuler_earned[static_cast<size_t>(self_)] += keuler;
    sync();
  }

  const Rules& r_;
  TurnState& t_;
  const Policy& policy_;
  core::Dice& dice_;
  PassTable* table_;
  int self_;
  int duel_target_ = -1;
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
void free_throw(const Rules& rules, TurnState& turn, core::Dice& dice, int bonus) {
  struct NoQuestions final : detail::ChoiceAsker {
    bool ask(const TurnState&, const InnerChoice&) override { throw std::logic_error("engine: the free throw asks nothing"); }
  } none;
  SampledStep alg{rules, dice, none};
  turn = detail::TurnStep<SampledStep>(rules, alg).free_throw(turn, bonus).state;
}

void solo_step(const Rules& rules, TurnState& turn, Action action, const Policy& policy, core::Dice& dice) {
  TurnPlay(rules, turn, policy, dice, nullptr, -1).step(action);
}

TurnState play_solo_turn(const Rules& rules, JokerSet loadout, const Policy& policy, core::Dice& dice) {
  TurnState t = new_turn(loadout);
  TurnPlay play(rules, t, policy, dice, nullptr, -1);
  play_turn(play, t, policy, 0);
  return t;
}

namespace {

// Plays the turns of `order` at `table`; the first of them may resume a turn in progress.
PassResult run_pass(const Rules& rules, std::span<const PassSeat> seats, PassTable& table,
                    std::span<const int> order, core::Dice& dice, const TurnState* resume,
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
    record_turn(me, t);  // T5
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

PassResult play_pass(const Rules& rules, std::span<const PassSeat> seats, int first, core::Dice& dice) {
  const size_t n = seats.size();
  std::vector<SeatView> start(n);
  for (size_t k = 0; k < n; ++k) start[k].total = seats[k].total;
  PassTable table = make_table(std::move(start));
  if (first < 0 || static_cast<size_t>(first) >= n)
    throw std::invalid_argument("play_pass: first seat " + std::to_string(first) + " is not at the table");
  std::vector<int> order;
  for (int step = 0; step < static_cast<int>(n); ++step) order.push_back(seat_at(first, step, static_cast<int>(n)));  // P1
  return run_pass(rules, seats, table, order, dice, nullptr, std::nullopt);
}

PassResult finish_pass(const Rules& rules, std::span<const PassSeat> seats, PassSituation situation,
                       core::Dice& dice, std::optional<Action> first) {
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

bool is_loser(const Rules& rules, std::span<const int> totals, int self) {
  const int mine = totals[static_cast<size_t>(self)];
  int below = 0;
  for (const int t : totals) below += t < mine;
  return loser_given(rules, mine, below);
}

std::vector<bool> losers(const Rules& rules, std::span<const int> totals) {
  std::vector<bool> lose(totals.size());
  for (size_t k = 0; k < totals.size(); ++k) lose[k] = is_loser(rules, totals, static_cast<int>(k));
  return lose;
}

double win_share(std::span<const int> totals, int self) {
  const int mine = totals[static_cast<size_t>(self)];
  int ties = 0;
  for (const int t : totals) {
    if (t > mine) return 0.0;
    ties += t == mine;
  }
  return 1.0 / ties;
}

EveningResult play_evening(const Rules& rules, std::span<const EveningPlayer> players, bool final,
                           int first, core::Dice& dice) {
  return play_evening(rules, players, final, first,
                      [&](std::span<const PassSeat> seats, int f) { return play_pass(rules, seats, f, dice); });
}

JokerSet select_loadout(const Rules& rules, const EveningPlayer& player, JokerBook& book, int pass, int passes,
                        bool final, std::span<const int> totals, int self) {
  // P2: each joker once per evening, at most jokers_per_evening selections.
  JokerSet avail{static_cast<u16>(rules.jokers.bits & ~book.used.bits)};
  if (book.count >= rules.jokers_per_evening) avail = {};
  const bool may_free = final && rules.free_joker_choice && pass >= 1 && !book.free_used;
  const SelectionView view{rules, pass, passes, avail, may_free, totals, self};
  const Selection sel = player.selector ? player.selector->select(view) : Selection{};
  const JokerSet allowed = sel.free_choice ? rules.jokers : avail;
  if ((sel.free_choice && !may_free) || !allowed.contains(sel.jokers) || !legal_loadout(rules, sel.jokers) ||
      (!sel.free_choice && book.count + sel.jokers.size() > rules.jokers_per_evening))
    throw std::logic_error("illegal joker selection " + loadout_name(sel.jokers));
  if (sel.free_choice) book.free_used = true;
  else book.count += sel.jokers.size();
  book.used = JokerSet{static_cast<u16>(book.used.bits | sel.jokers.bits)};
  return sel.jokers;
}

void place_bonuses(const Rules& rules, std::span<const int> totals, std::span<int> bonus) {
  const int by_place[3] = {rules.place_bonus_1, rules.place_bonus_2, rules.place_bonus_3};
  if ((by_place[0] | by_place[1] | by_place[2]) == 0) {  // no bonuses: no places to count (0..100 each)
    std::fill(bonus.begin(), bonus.begin() + static_cast<std::ptrdiff_t>(totals.size()), 0);
    return;
  }
  for (size_t k = 0; k < totals.size(); ++k) {
    int better = 0;
    for (const int t : totals) better += t > totals[k];
    bonus[k] = better < 3 ? by_place[better] : 0;
  }
}

EveningResult play_evening(const Rules& rules, std::span<const EveningPlayer> players, bool final,
                           int first, const PassPlayer& play) {
  const size_t n = players.size();
  const int passes = final ? rules.final_passes : rules.passes;
  EveningResult res;
  res.totals.assign(n, 0);
  std::vector<JokerBook> books(n);
  for (int pass = 0; pass < passes; ++pass) {
    std::vector<PassSeat> seats(n);
    for (size_t k = 0; k < n; ++k) {
      const JokerSet jokers =
          select_loadout(rules, players[k], books[k], pass, passes, final, res.totals, static_cast<int>(k));
      seats[k] = PassSeat{players[k].policy, jokers, pass == 0 ? players[k].bonus : 0, res.totals[k]};
    }
    PassResult pr = play(seats, pass_opener(rules, first, pass, static_cast<int>(n)));
    for (size_t k = 0; k < n; ++k) res.totals[k] += pr.eyes[k];  // P3
    res.passes.push_back(std::move(pr));
  }
  res.loser = losers(rules, res.totals);
  const int best = *std::max_element(res.totals.begin(), res.totals.end());
  for (size_t k = 0; k < n; ++k)
    if (res.totals[k] == best) res.winners.push_back(static_cast<int>(k));
  res.place_bonus.assign(n, 0);
  place_bonuses(rules, res.totals, res.place_bonus);
  return res;
}

}  // namespace verflixt::verflixte6
