#include "verflixt/games/zehntausend/race.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

#include "verflixt/core/error.h"

namespace verflixt::zehntausend {
namespace {

constexpr std::size_t kD = kMaxDice + 1;

}  // namespace

Race::Race(const ZehntausendRules& rules, int overshoot, const core::RaceOptions& options) : Race(rules, overshoot, TurnOnly{}) {
  solution_ = solve(options);
}

Race::Race(const ZehntausendRules& rules, int overshoot, TurnOnly) : model_(rules), overshoot_(overshoot) {
  if (rules.players != 2)
    throw core::InputError("the Zehntausend race is solved for 2 players, not " + std::to_string(rules.players));
  if (rules.limit > kMaxRaceLimit)
    throw core::InputError("the exact Zehntausend race takes limits up to " + std::to_string(kMaxRaceLimit) + ", not " +
                           std::to_string(rules.limit) + " (its time grows as the limit's fourth power); valid: 50.." +
                           std::to_string(kMaxRaceLimit) + " (played games and the other policies take any limit)");
  if (overshoot < 0 || overshoot > kMaxOvershoot || overshoot % kPointStep != 0)
    throw core::InputError("the race's overshoot must be a multiple of 50 points in 0.." + std::to_string(kMaxOvershoot) +
                           ", not " + std::to_string(overshoot));
  race_ = {.goal = rules.limit / kPointStep,
           .finish = rules.final_round ? core::RaceFinish::FinalRound : core::RaceFinish::FirstToGoal,
           .overshoot = overshoot / kPointStep};
  const core::RaceRules& race = race_;
  // What the core needs (core/race_solver.h; every total from bank_min on is bankable).
  const int gain = model_.max_points() / kPointStep;
  const int from = (rules.bank_min + kPointStep - 1) / kPointStep;
  top_ = std::max(race.goal + race.overshoot, race.goal - 1 + from) + 2 * gain;
  build_turn();
}

core::RaceSolution Race::solve(const core::RaceOptions& options) const { return core::solve_race(turn_, race_, options); }

Race::Race(const ZehntausendRules& rules, int overshoot, core::RaceSolution solved) : Race(rules, overshoot, TurnOnly{}) {
  // A solution solved before (a saved file): it must be this race's.
  const core::RaceRules& race = race_;
  const auto g = static_cast<std::size_t>(race.goal);
  const std::size_t seats = rules.final_round ? 2 : 1;
  if (solved.seats != static_cast<int>(seats) || solved.start.size() != seats * g * g || solved.rules.goal != race.goal ||
      solved.rules.finish != race.finish || solved.rules.overshoot != race.overshoot ||
      solved.last_turn.empty() != !rules.final_round)
    throw core::InputError("a saved race solution of other rules or another cap");
  solution_ = std::move(solved);
}

core::TurnEnds Race::ends_played(int seat, int a, int b) const {
  if (seat != 2) return core::played_turn(turn_, solution_, seat, a / kPointStep, b / kPointStep);
  return core::turn_ends(turn_, core::play_last_turn(turn_, solution_, a / kPointStep));
}

void Race::build_turn() {
  const ZehntausendRules& r = model_.rules();
  // Throws whose set-asides score alike (the same points and dice, in the order of the
  // actions) lead to the same moves: one outcome of the turn each, their probabilities summed
  // (462 throws of six dice make far fewer outcomes); every Niete is one outcome.
  struct Group {
    double probability = 0;
    int id = 0;  // a throw of the group: its options give the moves
  };
  std::vector<std::vector<Group>> groups(kD);
  group_.assign(static_cast<std::size_t>(model_.outcome_count()), -1);
  for (int d = 1; d <= r.dice; ++d) {
    std::map<std::vector<int>, int> index;
    for (const ThrowOutcome& o : model_.throws(d)) {
      std::vector<int> key;
      for (int k = 0; k < static_cast<int>(o.options.size()); ++k) {
        const ThrowOption& x = o.options[static_cast<std::size_t>(option(o, k))];
        key.insert(key.end(), {x.points, x.dice});
      }
      auto& list = groups[static_cast<std::size_t>(d)];
      const auto [it, fresh] = index.emplace(key, static_cast<int>(list.size()));
      if (fresh) list.push_back({0.0, o.id});
      list[static_cast<std::size_t>(it->second)].probability += o.probability;
      group_[static_cast<std::size_t>(o.id)] = it->second;
    }
  }
  state_.assign(static_cast<std::size_t>(top_) * kD, -1);
  after_.assign(static_cast<std::size_t>(top_) * kD, -1);
  // Highest turn total first: a set-aside adds at least 50, so successors come before. Per
  // turn total the moments after a set-aside (bank or throw the d dice left) come after the
  // throws they lead to: a throw's outcome then chooses among its set-asides only, each read
  // once, not among every set-aside twice (banked and thrown on).
  for (int t = top_ - 1; t >= 0; --t) {
    const bool may = t * kPointStep >= r.bank_min;  // Z3
    for (int d = 1; d <= r.dice; ++d) {
      if (t == 0 && d != r.dice) continue;  // a turn opens with all dice
      const bool first = t == 0;
      state_[static_cast<std::size_t>(t) * kD + static_cast<std::size_t>(d)] = turn_.add_state(t, may);
      for (const Group& g : groups[static_cast<std::size_t>(d)]) {
        const ThrowOutcome& o = model_.outcome(g.id);
        turn_.add_outcome(g.probability);
        if (o.niete()) {  // Z2, and Z4 on the first throw
          turn_.add_action();
          turn_.add_move({1.0, first && r.bankrott ? core::TurnEnd::Reset : core::TurnEnd::Bust, 0});
          continue;
        }
        for (int k = 0; k < static_cast<int>(o.options.size()); ++k) {
          const ThrowOption& x = o.options[static_cast<std::size_t>(option(o, k))];
          const int t2 = t + x.points / kPointStep, d2 = model_.dice_after(d, x.dice);
          const bool may2 = t2 * kPointStep >= r.bank_min;
          turn_.add_action();
          if (d2 == 0)  // no dice and no hot dice: the turn ends, banked if Z3 allows
            turn_.add_move({1.0, may2 ? core::TurnEnd::Bank : core::TurnEnd::Bust, may2 ? t2 : 0});
          else if (t2 >= top_)  // past every total the race follows: bank
            turn_.add_move({1.0, core::TurnEnd::Bank, t2});
          else if (may2)
            turn_.add_move({1.0, core::TurnEnd::Continue, after(t2, d2)});
          else
            turn_.add_move({1.0, core::TurnEnd::Continue, state(t2, d2)});
        }
      }
    }
    if (!may) continue;
    for (int d = 1; d <= r.dice; ++d) {
      if (state(t, d) < 0) continue;
      // Bank (listed first: a tie banks) or throw the d dice left.
      after_[static_cast<std::size_t>(t) * kD + static_cast<std::size_t>(d)] = turn_.add_state(t, true);
      turn_.add_outcome(1.0);
      turn_.add_action();
      turn_.add_move({1.0, core::TurnEnd::Bank, t});
      turn_.add_action();
      turn_.add_move({1.0, core::TurnEnd::Continue, state(t, d)});
    }
  }
  turn_.finish(state(0, r.dice), top_);
}

const core::TurnPlay& Race::play(int seat, int a, int b) const {
  const auto key = std::tuple{seat, a, b};
  auto it = plays_.find(key);
  if (it == plays_.end())
    it = plays_.emplace(key, seat == 2 ? core::play_last_turn(turn_, solution_, a) : core::play_turn(turn_, solution_, seat, a, b))
             .first;
  return it->second;
}

Decision Race::decide(const TurnView& v) const {
  if (v.seat < 0 || v.seat > 1 || v.totals.size() != 2) throw std::invalid_argument("Race::decide: two seats");
  const int mine = v.totals[static_cast<std::size_t>(v.seat)], theirs = v.totals[static_cast<std::size_t>(1 - v.seat)];
  // The final round is the second seat's last turn: it needs the first seat's total.
  const core::TurnPlay& p = v.final_round ? play(2, (theirs - mine) / kPointStep, 0)
                                          : play(v.seat, mine / kPointStep, theirs / kPointStep);
  const int t = v.turn_total / kPointStep, d = dice_in(v.thrown);
  if (t >= top_ || state(t, d) < 0) throw std::invalid_argument("Race::decide: a turn total past the race's cap");
  const auto s = static_cast<std::size_t>(state(t, d));
  const ThrowOutcome& o = model_.outcome(model_.outcome_id(v.thrown));
  const std::size_t outcome = turn_.outcome_begin(s) + static_cast<std::size_t>(group_[static_cast<std::size_t>(o.id)]);
  const int k = p.choose(turn_, s, outcome);
  if (k < 0) return {o.options[static_cast<std::size_t>(o.most_points)].kept, true};  // capped: banked before
  const ThrowOption& x = o.options[static_cast<std::size_t>(option(o, k))];
  const int t2 = t + x.points / kPointStep, d2 = model_.dice_after(d, x.dice);
  bool bank = t2 * kPointStep >= rules().bank_min;  // with no dice left or past the cap
  if (bank && d2 > 0 && t2 < top_) bank = p.choose(turn_, static_cast<std::size_t>(after(t2, d2)), turn_.outcome_begin(static_cast<std::size_t>(after(t2, d2)))) <= 0;
  return {x.kept, bank};
}

double Race::bank_win(int seat, int a, int b, int t) const {
  return play(seat, a / kPointStep, b / kPointStep).bank.at(static_cast<std::size_t>(t / kPointStep));
}

std::optional<double> Race::throw_win(int seat, int a, int b, int t, int d) const {
  const core::TurnPlay& p = play(seat, a / kPointStep, b / kPointStep);
  const int u = t / kPointStep;
  if (u >= top_ || d < 1 || d > rules().dice || state(u, d) < 0) return std::nullopt;
  if (u >= p.cut && t >= rules().bank_min) return std::nullopt;  // the cap banks there
  return p.values[static_cast<std::size_t>(state(u, d))];
}

int Race::bank_at(int seat, int a, int b, int d) const {
  const core::TurnPlay& p = play(seat, a / kPointStep, b / kPointStep);
  const int low = std::max(1, (rules().bank_min + kPointStep - 1) / kPointStep);
  int t = std::min(p.cut, top_);
  // After a set-aside at t with d dice left, banking is worth bank[t], throwing values[(t, d)].
  while (t - 1 >= low && state(t - 1, d) >= 0 &&
         p.bank[static_cast<std::size_t>(t - 1)] >= p.values[static_cast<std::size_t>(state(t - 1, d))])
    --t;
  return t * kPointStep;
}

}  // namespace verflixt::zehntausend
