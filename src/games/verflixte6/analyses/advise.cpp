#include "verflixt/games/verflixte6/analyses/advise.h"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <set>
#include <stdexcept>

#include "verflixt/core/budget.h"
#include "verflixt/core/sampling.h"
#include "verflixt/core/dice.h"
#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/exact/solver.h"
#include "verflixt/core/rng.h"
#include "verflixt/games/verflixte6/rules/table.h"

namespace verflixt::verflixte6 {
namespace {

constexpr int kMinEyes = -200, kMaxEyes = 400;
constexpr std::uint64_t kAdviceChunk = 512;

std::string who(int k) { return "player " + std::to_string(k + 1); }

TurnView view_of(const Rules& rules, const PassSituation& s, std::vector<SeatView>& table) {
  table = s.table;
  table[static_cast<size_t>(s.self)].eyes = s.turn.eyes;
  return TurnView{rules, s.turn, s.self, table, static_cast<int>(s.to_play.size())};
}

// The objective of the evening's end in integer units: win shares of 1/kWinUnit, 0/1, eyes
// (this pass's result for eyes). `totals`: everyone's evening totals at the end.
std::int64_t outcome(const Rules& rules, const AdviceSituation& s, const PassResult& first_pass,
                     const std::vector<int>& totals) {
  const auto self = static_cast<size_t>(s.pass.self);
  if (s.goal == AdviceGoal::Eyes) return first_pass.eyes[self];
  const EveningScore sc = score_totals(rules, totals);
  return s.goal == AdviceGoal::Win ? sc.win_units[self] : (sc.loser[self] ? 0 : 1);
}

// Plays the rest of the evening from `situation` with `first` as the own next action: this
// pass, then passes_left - 1 more (see AdviceSituation::passes_left), and scores it.
std::int64_t play_out(const Rules& rules, const AdviceSituation& a, std::vector<PassSeat> seats, core::Dice& dice,
                      Action first) {
  const PassResult r = finish_pass(rules, seats, a.pass, dice, first);
  std::vector<int> totals(seats.size());
  for (size_t k = 0; k < seats.size(); ++k) totals[k] = a.pass.table[k].total + r.eyes[k];
  const int n = static_cast<int>(seats.size());
  for (int p = 1; p < a.passes_left; ++p) {
    for (size_t k = 0; k < seats.size(); ++k) seats[k].jokers = JokerSet{}, seats[k].total = totals[k];
    const PassResult later = play_pass(rules, seats, (a.pass.self + p) % n, dice);
    for (size_t k = 0; k < seats.size(); ++k) totals[k] += later.eyes[k];
  }
  return outcome(rules, a, r, totals);
}

}  // namespace

void validate_situation(const Rules& rules, const AdviceSituation& a) {
  const PassSituation& s = a.pass;
  const int n = static_cast<int>(s.table.size());
  if (n < 2 || n > kMaxPlayers)
    throw core::InputError("a table has 2.." + std::to_string(kMaxPlayers) + " players, not " + std::to_string(n));
  if (s.self < 0 || s.self >= n) throw core::InputError("the player on turn is not at the table");
  if (s.table[static_cast<size_t>(s.self)].status != Status::Jungfrau)
    throw core::InputError("the player on turn must still be a Jungfrau (he has not stopped or been eliminated)");
  auto eyes_ok = [](int e, const std::string& what) {
    if (e < kMinEyes || e > kMaxEyes)
      throw core::InputError(what + " eyes " + std::to_string(e) + " are out of range; valid: " + std::to_string(kMinEyes) +
                       ".." + std::to_string(kMaxEyes));
  };
  eyes_ok(s.turn.eyes, "own");
  // An evening total before this pass sums the results of the evening's earlier passes
  // (P3), each at most kMaxEyes: what the game can reach, and so what the exact answers are
  // built for (a larger total only makes the last seat's DP walk thousands of throws).
  const int earlier = std::max(1, rules.final_passes - 1), max_total = earlier * kMaxEyes;
  for (int k = 0; k < n; ++k) {
    const SeatView& v = s.table[static_cast<size_t>(k)];
    if (v.total < 0)
      throw core::InputError(who(k) + ": evening total " + std::to_string(v.total) + " is out of range; valid: 0.." +
                             std::to_string(max_total));
    if (v.total > max_total)
      throw core::InputError(who(k) + ": evening total " + std::to_string(v.total) + " is more than the evening's " +
                             std::to_string(earlier) + " earlier pass" + (earlier == 1 ? "" : "es") +
                             " can add up to (each at most " + std::to_string(kMaxEyes) + " eyes); valid: 0.." +
                             std::to_string(max_total));
    if (k == s.self) continue;
    eyes_ok(v.eyes, who(k));
    if (v.status == Status::Zombie && v.eyes < 0)
      throw core::InputError(who(k) + " is a Zombie with " + std::to_string(v.eyes) +
                       " eyes; valid: a Zombie holds 0 or his Ventil floor (>= 0)");
  }
  std::set<int> seen;
  for (int k : s.to_play) {
    if (k < 0 || k >= n || k == s.self) throw core::InputError("seat order names " + who(k) + ", who is not another player");
    if (s.table[static_cast<size_t>(k)].status != Status::Jungfrau)
      throw core::InputError(who(k) + " is to play but is a " +
                       std::string(s.table[static_cast<size_t>(k)].status == Status::Zombie ? "Zombie" : "Prinzessin") +
                       "; valid: only Jungfrauen are still to play");
    if (!seen.insert(k).second) throw core::InputError(who(k) + " is to play twice");
  }
  for (int k = 0; k < n; ++k)
    if (k != s.self && s.table[static_cast<size_t>(k)].status == Status::Jungfrau && !seen.count(k))
      throw core::InputError(who(k) + " is a Jungfrau but not in the order of players still to play");
  if (a.passes_left < 1 || a.passes_left > 50)
    throw core::InputError("passes left " + std::to_string(a.passes_left) + " is out of range; valid: 1..50");
  const TurnState& t = s.turn;
  if (t.robbing_ones < 0 || t.robbing_ones > 100)
    throw core::InputError("robbing-1 count " + std::to_string(t.robbing_ones) + " is out of range; valid: 0..100");
  if (!rules.jokers.contains(t.held))
    throw core::InputError("held jokers " + loadout_name(t.held) + " include jokers " + rules.preset +
                     " does not have; valid: " + loadout_name(rules.jokers));
  if (!legal_loadout(rules, t.held))
    throw core::InputError("held jokers " + loadout_name(t.held) + ": at most " + std::to_string(rules.jokers_per_pass) +
                     " per pass");
  if (t.frost_used < 0 || t.frost_used >= rules.frost_uses || (t.frost_used > 0 && !t.held.has(FROSTSCHUTZ)))
    throw core::InputError("Frostschutz uses " + std::to_string(t.frost_used) + ": valid 0.." +
                     std::to_string(rules.frost_uses - 1) + " and only while frostschutz is held");
  if (t.fumo_active && (rules.fumo != FumoKind::Doubling || t.held.has(FUMO)))
    throw core::InputError("Fumo active: valid only under doubling Fumo (tournament) and with fumo no longer held");
  // Eyes fall to the floor on a bust, and the pass kernel computes eyes - 1 in int32.
  if (t.has_floor && t.floor < kMinEyes)
    throw core::InputError("Ventil floor " + std::to_string(t.floor) + " is out of range; valid: " +
                     std::to_string(kMinEyes) + ".." + std::to_string(kMaxEyes));
  if (t.has_floor && (t.floor > t.eyes || t.held.has(VENTIL)))
    throw core::InputError("Ventil floor " + std::to_string(t.floor) + ": valid only at or below the eyes (" +
                     std::to_string(t.eyes) + ") and with ventil no longer held");
  if (!a.jokers.empty()) {
    if (a.jokers.size() != s.table.size()) throw core::InputError("jokers must be given for every player");
    for (int k = 0; k < n; ++k) {
      const JokerSet j = a.jokers[static_cast<size_t>(k)];
      if (j.empty() || k == s.self) continue;
      if (s.table[static_cast<size_t>(k)].status != Status::Jungfrau)
        throw core::InputError(who(k) + " holds jokers but has already played");
      if (!legal_loadout(rules, j))
        throw core::InputError(who(k) + ": jokers " + loadout_name(j) + " are not a legal selection under " + rules.preset);
    }
  }
}

std::vector<Action> legal_actions(const Rules& rules, const PassSituation& s) {
  std::vector<SeatView> table;
  const TurnView v = view_of(rules, s, table);
  std::vector<Action> out = {Action::stop(), Action::roll()};
  for (int j = 0; j < JOKER_NB; ++j)
    if (is_legal(v, Action::use(static_cast<Joker>(j)))) out.push_back(Action::use(static_cast<Joker>(j)));
  return out;
}

Action LastSeatGreedyPolicy::decide(const TurnView& v) const {
  if (v.solo()) return v.turn.eyes >= 20 ? Action::stop() : Action::roll();
  std::vector<int> totals;
  for (size_t k = 0; k < v.table.size(); ++k)
    totals.push_back(standing(v.table[k].total, static_cast<int>(k) == v.self ? v.turn.eyes : v.table[k].eyes));
  const EveningScore sc = score_totals(v.rules, totals);
  const auto self = static_cast<size_t>(v.self);
  const bool done = goal_ == AdviceGoal::Win ? sc.win_units[self] == kWinUnit : !sc.loser[self];
  // Nobody can escape the losers with too few players: then play for the sole lead.
  const bool hopeless = goal_ == AdviceGoal::NotLoser && static_cast<int>(totals.size()) <= v.rules.losers_at_least;
  return done || (hopeless && sc.win_units[self] == kWinUnit) ? Action::stop() : Action::roll();
}

int LastSeatGreedyPolicy::choose_victim(const TurnView& v, int amount, std::span<const int> candidates) const {
  // Keuler bonus first, then the highest standing; ties: E11 (table.h).
  return best_candidate(candidates, [&](int k) {
    const SeatView& s = v.table[static_cast<size_t>(k)];
    return std::pair<int, int>{keuler_due(v.rules, s, amount) ? 1 : 0, standing(s.total, s.eyes)};
  });
}

bool advice_is_exact(const Rules&, const AdviceSituation& a) {
  return a.goal != AdviceGoal::Eyes && a.pass.to_play.empty() && a.passes_left == 1;
}

bool ranking_separated(const std::vector<ActionAdvice>& ranked) {
  if (ranked.size() < 2) return true;
  if (ranked.front().exact) return true;
  const core::Estimate& d = ranked[1].versus_best;
  return std::abs(d.mean) > 2 * d.se && d.mean != 0;
}

ObjectiveContinuation::ObjectiveContinuation(AdviceGoal goal, std::shared_ptr<const Policy> solved)
    : goal_(goal), stop_rule_(goal), solved_(std::move(solved)) {}

std::string ObjectiveContinuation::name() const {
  const std::string g = goal_ == AdviceGoal::Win ? "win" : goal_ == AdviceGoal::NotLoser ? "not-loser" : "eyes";
  return "objective:" + g + (solved_ ? " (jokers as the solo solver)" : "");
}

Action ObjectiveContinuation::decide(const TurnView& v) const {
  const Action solver = solved_ ? solved_->decide(v) : Action::stop();
  if (goal_ == AdviceGoal::Eyes) return solved_ ? solver : (v.turn.eyes >= 20 ? Action::stop() : Action::roll());
  if (stop_rule_.decide(v).kind == Action::Stop) return Action::stop();
  // Not there yet: the solver's joker where it announces one, otherwise a roll.
  return solver.kind == Action::UseJoker && is_legal(v, solver) ? solver : Action::roll();
}

bool ObjectiveContinuation::anaconda_fight(const TurnView& v, int attack) const {
  return solved_ ? solved_->anaconda_fight(v, attack) : Policy::anaconda_fight(v, attack);
}
bool ObjectiveContinuation::rattenlord_retreat(const TurnView& v, int left) const {
  return solved_ ? solved_->rattenlord_retreat(v, left) : Policy::rattenlord_retreat(v, left);
}
bool ObjectiveContinuation::monokel_rethrow(const TurnView& v, int i, int face, int kept) const {
  return solved_ ? solved_->monokel_rethrow(v, i, face, kept) : Policy::monokel_rethrow(v, i, face, kept);
}
bool ObjectiveContinuation::senigma_counter(const TurnView& v, int round, int attack, int won, int lost) const {
  return solved_ ? solved_->senigma_counter(v, round, attack, won, lost)
                 : Policy::senigma_counter(v, round, attack, won, lost);
}
bool ObjectiveContinuation::use_runkelrueb(const TurnView& v) const {
  return solved_ ? solved_->use_runkelrueb(v) : Policy::use_runkelrueb(v);
}
bool ObjectiveContinuation::use_fumo_reentry(const TurnView& v) const {
  return solved_ ? solved_->use_fumo_reentry(v) : Policy::use_fumo_reentry(v);
}
int ObjectiveContinuation::choose_victim(const TurnView& v, int amount, std::span<const int> candidates) const {
  return stop_rule_.choose_victim(v, amount, candidates);
}

std::unique_ptr<Policy> objective_continuation(const Rules& rules, const AdviceSituation& s,
                                               std::size_t max_solver_states) {
  std::shared_ptr<const Policy> solved;
  const JokerSet held = s.pass.turn.held;
  if (!held.empty() || s.goal == AdviceGoal::Eyes) {
    SolverOptions options;
    options.max_states = max_solver_states;
    try {
      solved = table_policy(rules, solve_solo(rules, held, options));
    } catch (const core::BudgetExceeded&) {
      // advise has no risk cap to lower: say what the player can change instead.
      throw core::BudgetExceeded("playing on for the objective with jokers " + loadout_name(held) +
                           " needs a solve of more than " + std::to_string(max_solver_states) +
                           " states, beyond the budget; continue with another policy (--policy threshold:N or "
                           "heuristic) or use rules that need fewer states");
    } catch (const std::exception&) {
      solved = nullptr;  // the solver cannot order these rules (a cycle): announce no joker
    }
  }
  return std::make_unique<ObjectiveContinuation>(s.goal, std::move(solved));
}

std::vector<std::string> describe_situation(const AdviceSituation& s) {
  std::vector<std::string> out;
  const auto& t = s.pass.table;
  for (size_t k = 0; k < t.size(); ++k) {
    const int i = static_cast<int>(k);
    std::string line = "player " + std::to_string(k + 1) + (i == s.pass.self ? " (you, on turn)" : "") + ": ";
    if (i == s.pass.self) {
      line += std::to_string(s.pass.turn.eyes) + " eyes so far";
    } else if (t[k].status == Status::Jungfrau) {
      const auto pos = std::find(s.pass.to_play.begin(), s.pass.to_play.end(), i) - s.pass.to_play.begin();
      // A Jungfrau robbed (or paid) before her turn starts it from these eyes (engine.cpp).
      if (t[k].eyes != 0) line += "Jungfrau with " + std::to_string(t[k].eyes) + " eyes before her turn, ";
      line += std::string(t[k].eyes != 0 ? "" : "Jungfrau, ") + "plays " + std::to_string(pos + 1) + (pos == 0 ? "st" : pos == 1 ? "nd" : pos == 2 ? "rd" : "th") +
              " after you";
    } else {
      line += std::string(t[k].status == Status::Prinzessin ? "Prinzessin" : "Zombie") + " with " +
              std::to_string(t[k].eyes) + " eyes";
    }
    line += ", evening total " + std::to_string(t[k].total);
    out.push_back(line);
  }
  out.push_back(s.pass.to_play.empty() ? std::string("you are the last to play this pass")
                                       : std::to_string(s.pass.to_play.size()) + " still to play after you");
  out.push_back(s.passes_left == 1 ? std::string("this is the last pass of the evening")
                                   : std::to_string(s.passes_left - 1) + " more pass" +
                                         (s.passes_left > 2 ? "es" : "") + " after this one (played out before scoring)");
  return out;
}

namespace {

// Ranks the actions by Monte Carlo with `self_policy` continuing the own turn, into `adv`
// (ranked, samples, interrupted).
void monte_carlo(const Rules& rules, const AdviceSituation& a, const Policy& self_policy, const Policy& others_policy,
                 std::uint64_t samples, std::uint64_t seed, int threads, const core::RunControl& control, Advice& adv) {
  const std::vector<Action> actions = legal_actions(rules, a.pass);
  const size_t A = actions.size();
  std::vector<PassSeat> seats(a.pass.table.size());
  for (size_t k = 0; k < seats.size(); ++k) {
    const bool me = static_cast<int>(k) == a.pass.self;
    seats[k] = PassSeat{me ? &self_policy : &others_policy, a.jokers.empty() ? JokerSet{} : a.jokers[k], 0,
                        a.pass.table[k].total};
  }
  // Per action the sum of its results and per pair of actions the sum of their products.
  struct Sums {
    std::vector<std::int64_t> sum, cross;
    void merge(const Sums& p) {
      for (size_t k = 0; k < sum.size(); ++k) sum[k] += p.sum[k];
      for (size_t k = 0; k < cross.size(); ++k) cross[k] += p.cross[k];
    }
  };
  const core::SampledRun<Sums> run = sample_chunks(
      samples, kAdviceChunk, seed, threads, control, Sums{std::vector<std::int64_t>(A, 0), std::vector<std::int64_t>(A * A, 0)},
      [&](core::SampleChunk& chunk, Sums& p) {
        std::vector<std::int64_t> x(A);
        for (std::uint64_t i = 0; i < chunk.count; ++i) {
          // A sample of a long evening takes milliseconds: a deadline (core/budget.h) cuts the
          // chunk under way rather than waiting for its end (the chunk is then not counted).
          core::checkpoint();
          // Common random numbers: sample i of every action throws the same dice, its own stream.
          const core::Rng stream = core::chunk_rng(seed, chunk.first + i);
          for (size_t k = 0; k < A; ++k) {
            core::RandomDice dice(stream);
            x[k] = play_out(rules, a, seats, dice, actions[k]);
          }
          for (size_t k = 0; k < A; ++k) {
            p.sum[k] += x[k];
            for (size_t m = 0; m < A; ++m) p.cross[k * A + m] += x[k] * x[m];
          }
        }
      });
  adv.interrupted = run.interrupted;
  const std::vector<std::int64_t>& sum = run.tally.sum;
  const std::vector<std::int64_t>& cross = run.tally.cross;
  const std::uint64_t played = run.completed;  // fewer than `samples` after a stop (whole chunks)
  const double unit = a.goal == AdviceGoal::Win ? static_cast<double>(kWinUnit) : 1.0;
  adv.samples = played;
  if (played < 2) return;  // stopped before two samples: no estimate to rank by
  const double n = static_cast<double>(played);
  auto mean = [&](size_t k) { return static_cast<double>(sum[k]) / n; };
  auto cross_sum = [&](size_t k, size_t m) { return static_cast<double>(cross[k * A + m]); };
  for (size_t k = 0; k < A; ++k)
    adv.ranked.push_back({actions[k], core::mean_from_sums(n, static_cast<double>(sum[k]), cross_sum(k, k), unit), {}, false});
  std::vector<size_t> order(A);
  for (size_t k = 0; k < A; ++k) order[k] = k;
  // Ties never put stop first: among equal estimates the actions that play on lead.
  std::stable_sort(order.begin(), order.end(), [&](size_t p, size_t q) {
    return mean(p) != mean(q) ? mean(p) > mean(q) : (actions[q].kind == Action::Stop && actions[p].kind != Action::Stop);
  });
  const size_t best = order.front();
  for (size_t k = 0; k < A; ++k) {
    const core::Estimate d = core::paired_difference({n, static_cast<double>(sum[k]), static_cast<double>(sum[best]),
                                          cross_sum(k, k), cross_sum(best, best), cross_sum(k, best)});
    adv.ranked[k].versus_best = {d.mean / unit, d.se / unit};
  }
  std::vector<ActionAdvice> sorted;
  for (size_t k : order) sorted.push_back(adv.ranked[k]);
  adv.ranked = std::move(sorted);
}

}  // namespace

Advice advise(const Rules& rules, const AdviceSituation& a, const Policy& self_policy, const Policy& others_policy,
              std::uint64_t samples, std::uint64_t seed, int threads, bool exact_if_possible,
              const core::RunControl& control) {
  // A non-owning pointer (the aliasing constructor with no owner): the caller keeps the policy.
  return advise(rules, a, [&self_policy] { return std::shared_ptr<const Policy>(std::shared_ptr<const Policy>(), &self_policy); },
                others_policy, samples, seed, threads, exact_if_possible, control, SolverOptions{}.max_states);
}

Advice advise(const Rules& rules, const AdviceSituation& a, const PolicyFactory& make_self_policy,
              const Policy& others_policy, std::uint64_t samples, std::uint64_t seed, int threads,
              bool exact_if_possible, const core::RunControl& control, std::size_t max_solver_states) {
  validate_situation(rules, a);
  const auto t0 = std::chrono::steady_clock::now();
  Advice adv;
  const std::vector<Action> actions = legal_actions(rules, a.pass);
  if (exact_if_possible && advice_is_exact(rules, a)) {
    std::vector<SeatView> table = a.pass.table;
    table[static_cast<size_t>(a.pass.self)].eyes = a.pass.turn.eyes;
    try {
      const LastSeatSolver dp(rules, table, a.pass.self, a.goal == AdviceGoal::Win ? Goal::Win : Goal::NotLoser,
                              a.pass.turn, kAdviceMaxStates);
      std::vector<ActionAdvice> ranked;
      for (Action act : actions) {
        if (!dp.legal(a.pass.turn, act))  // both read docs/rules/verflixte6.md T2 and J10's table condition
          throw std::logic_error("advise: the last-seat DP and is_legal disagree on an action");
        ranked.push_back({act, {dp.action_value(a.pass.turn, table, act), 0}, {}, true});
      }
      adv.exact = true;
      adv.dp_states = dp.states();
      adv.ranked = std::move(ranked);
    } catch (const core::InputError& e) {
      adv.note = std::string(e.what()) + "; ranked by Monte Carlo instead";
    }
  }
  if (!adv.exact) {
    if (samples < 2) throw core::InputError("--samples must be at least 2");
    const std::shared_ptr<const Policy> self_held = make_self_policy();
    const Policy& self_policy = *self_held;
    monte_carlo(rules, a, self_policy, others_policy, samples, seed, threads, control, adv);
    adv.continuation = self_policy.name();
    if (!adv.interrupted && !adv.ranked.empty() && !ranking_separated(adv.ranked)) {
      // The estimates cannot tell the leaders apart (typically every action 0 ± 0 because
      // the continuation never reaches the objective): rank again with the continuation
      // that plays for the objective, unless that was the continuation already (then it is
      // not built again: that would solve the same loadout a second time).
      const auto fitted = dynamic_cast<const ObjectiveContinuation*>(&self_policy)
                              ? nullptr
                              : objective_continuation(rules, a, max_solver_states);
      if (fitted && fitted->name() != self_policy.name()) {
        Advice again;
        monte_carlo(rules, a, *fitted, others_policy, samples, seed, threads, control, again);
        // Keep the ranking of the continuation that plays better for the objective (each
        // value is that of a real policy, so the larger is closer to the optimum); a ranking
        // where every action has the same estimate is never kept over one that differs.
        const auto flat = [](const std::vector<ActionAdvice>& r) {
          return std::all_of(r.begin(), r.end(), [&](const ActionAdvice& x) { return x.value.mean == r.front().value.mean; });
        };
        const bool usable = !again.interrupted && !again.ranked.empty();
        if (usable && (again.ranked.front().value.mean > adv.ranked.front().value.mean ||
                       (flat(adv.ranked) && !flat(again.ranked)))) {
          adv.fallback = "continuing with " + self_policy.name() +
                         " did not separate the actions (best two within 2 paired SE); ranked again continuing with " +
                         fitted->name();
          adv.ranked = std::move(again.ranked);
          adv.samples = again.samples;
          adv.continuation = fitted->name();
        } else if (usable) {
          adv.fallback = "the actions are not separated; continuing with " + fitted->name() +
                         " instead played no better, so the ranking continuing with " + self_policy.name() + " stands";
        }
      }
    }
    adv.separated = ranking_separated(adv.ranked);
  }
  if (adv.exact) {
    std::stable_sort(adv.ranked.begin(), adv.ranked.end(),
                     [](const ActionAdvice& p, const ActionAdvice& q) { return p.value.mean > q.value.mean; });
    for (auto& r : adv.ranked) r.versus_best = {r.value.mean - adv.ranked.front().value.mean, 0};
  }
  adv.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return adv;
}

}  // namespace verflixt::verflixte6
