#include "verflixt/games/verflixte6/advise.h"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <set>
#include <stdexcept>

#include "verflixt/core/chunks.h"
#include "verflixt/core/dice.h"
#include "verflixt/core/error.h"
#include "verflixt/games/verflixte6/joker.h"
#include "verflixt/core/rng.h"
#include "verflixt/games/verflixte6/table.h"

namespace verflixt {
namespace {

constexpr int kMinEyes = -200, kMaxEyes = 400;
constexpr std::uint64_t kAdviceChunk = 512;

std::string who(int k) { return "player " + std::to_string(k + 1); }

TurnView view_of(const Rules& rules, const PassSituation& s, std::vector<SeatView>& table) {
  table = s.table;
  table[static_cast<size_t>(s.self)].eyes = s.turn.eyes;
  return TurnView{rules, s.turn, s.self, table, static_cast<int>(s.to_play.size())};
}

// The objective of one finished pass in integer units: win shares of 1/kWinUnit, 0/1, eyes.
std::int64_t outcome(const Rules& rules, const AdviceSituation& s, const PassResult& r) {
  const auto self = static_cast<size_t>(s.pass.self);
  if (s.goal == AdviceGoal::Eyes) return r.eyes[self];
  std::vector<int> totals;
  for (size_t k = 0; k < r.eyes.size(); ++k) totals.push_back(s.pass.table[k].total + r.eyes[k]);
  const EveningScore sc = score_totals(rules, totals);
  return s.goal == AdviceGoal::Win ? sc.win_units[self] : (sc.loser[self] ? 0 : 1);
}

}  // namespace

void validate_situation(const Rules& rules, const AdviceSituation& a) {
  const PassSituation& s = a.pass;
  const int n = static_cast<int>(s.table.size());
  if (n < 2 || n > 12) throw InputError("a table has 2..12 players, not " + std::to_string(n));
  if (s.self < 0 || s.self >= n) throw InputError("the player on turn is not at the table");
  if (s.table[static_cast<size_t>(s.self)].status != Status::Jungfrau)
    throw InputError("the player on turn must still be a Jungfrau (he has not stopped or been eliminated)");
  auto eyes_ok = [](int e, const std::string& what) {
    if (e < kMinEyes || e > kMaxEyes)
      throw InputError(what + " eyes " + std::to_string(e) + " are out of range; valid: " + std::to_string(kMinEyes) +
                       ".." + std::to_string(kMaxEyes));
  };
  eyes_ok(s.turn.eyes, "own");
  for (int k = 0; k < n; ++k) {
    const SeatView& v = s.table[static_cast<size_t>(k)];
    if (v.total < 0 || v.total > 100000)
      throw InputError(who(k) + ": evening total " + std::to_string(v.total) + " is out of range; valid: 0..100000");
    if (k == s.self) continue;
    eyes_ok(v.eyes, who(k));
    if (v.status == Status::Zombie && v.eyes < 0)
      throw InputError(who(k) + " is a Zombie with " + std::to_string(v.eyes) +
                       " eyes; valid: a Zombie holds 0 or his Ventil floor (>= 0)");
  }
  std::set<int> seen;
  for (int k : s.to_play) {
    if (k < 0 || k >= n || k == s.self) throw InputError("seat order names " + who(k) + ", who is not another player");
    if (s.table[static_cast<size_t>(k)].status != Status::Jungfrau)
      throw InputError(who(k) + " is to play but is a " +
                       std::string(s.table[static_cast<size_t>(k)].status == Status::Zombie ? "Zombie" : "Prinzessin") +
                       "; valid: only Jungfrauen are still to play");
    if (!seen.insert(k).second) throw InputError(who(k) + " is to play twice");
  }
  for (int k = 0; k < n; ++k)
    if (k != s.self && s.table[static_cast<size_t>(k)].status == Status::Jungfrau && !seen.count(k))
      throw InputError(who(k) + " is a Jungfrau but not in the order of players still to play");
  const TurnState& t = s.turn;
  if (t.robbing_ones < 0 || t.robbing_ones > 100)
    throw InputError("robbing-1 count " + std::to_string(t.robbing_ones) + " is out of range; valid: 0..100");
  if (!rules.jokers.contains(t.held))
    throw InputError("held jokers " + loadout_name(t.held) + " include jokers " + rules.preset +
                     " does not have; valid: " + loadout_name(rules.jokers));
  if (t.held.size() > rules.jokers_per_pass)
    throw InputError("held jokers " + loadout_name(t.held) + ": at most " + std::to_string(rules.jokers_per_pass) +
                     " per pass");
  if (t.frost_used < 0 || t.frost_used >= rules.frost_uses || (t.frost_used > 0 && !t.held.has(FROSTSCHUTZ)))
    throw InputError("Frostschutz uses " + std::to_string(t.frost_used) + ": valid 0.." +
                     std::to_string(rules.frost_uses - 1) + " and only while frostschutz is held");
  if (t.fumo_active && (rules.fumo != FumoKind::Doubling || t.held.has(FUMO)))
    throw InputError("Fumo active: valid only under doubling Fumo (tournament) and with fumo no longer held");
  if (t.has_floor && (t.floor > t.eyes || t.held.has(VENTIL)))
    throw InputError("Ventil floor " + std::to_string(t.floor) + ": valid only at or below the eyes (" +
                     std::to_string(t.eyes) + ") and with ventil no longer held");
  if (!a.jokers.empty()) {
    if (a.jokers.size() != s.table.size()) throw InputError("jokers must be given for every player");
    for (int k = 0; k < n; ++k) {
      const JokerSet j = a.jokers[static_cast<size_t>(k)];
      if (j.empty() || k == s.self) continue;
      if (s.table[static_cast<size_t>(k)].status != Status::Jungfrau)
        throw InputError(who(k) + " holds jokers but has already played");
      if (!rules.jokers.contains(j) || j.size() > rules.jokers_per_pass)
        throw InputError(who(k) + ": jokers " + loadout_name(j) + " are not a legal selection under " + rules.preset);
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
    totals.push_back(v.table[k].total + std::max(0, static_cast<int>(k) == v.self ? v.turn.eyes : v.table[k].eyes));
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
    return std::pair<int, int>{keuler_due(v.rules, s, amount) ? 1 : 0, s.total + std::max(0, s.eyes)};
  });
}

bool advice_is_exact(const Rules&, const AdviceSituation& a) {
  return a.goal != AdviceGoal::Eyes && a.pass.to_play.empty();
}

Advice advise(const Rules& rules, const AdviceSituation& a, const Policy& self_policy, const Policy& others_policy,
              std::uint64_t samples, std::uint64_t seed, int threads, bool exact_if_possible,
              const RunControl& control) {
  validate_situation(rules, a);
  const auto t0 = std::chrono::steady_clock::now();
  Advice adv;
  const std::vector<Action> actions = legal_actions(rules, a.pass);
  const size_t A = actions.size();
  if (exact_if_possible && advice_is_exact(rules, a)) {
    std::vector<SeatView> table = a.pass.table;
    table[static_cast<size_t>(a.pass.self)].eyes = a.pass.turn.eyes;
    try {
      const LastSeatSolver dp(rules, table, a.pass.self, a.goal == AdviceGoal::Win ? Goal::Win : Goal::NotLoser,
                              a.pass.turn, kAdviceMaxStates);
      std::vector<ActionAdvice> ranked;
      for (Action act : actions) {
        if (!dp.legal(a.pass.turn, act))  // both read RULES.md T2 and J10's table condition
          throw std::logic_error("advise: the last-seat DP and is_legal disagree on an action");
        ranked.push_back({act, {dp.action_value(a.pass.turn, table, act), 0}, {}, true});
      }
      adv.exact = true;
      adv.dp_states = dp.states();
      adv.ranked = std::move(ranked);
    } catch (const InputError& e) {
      adv.note = std::string(e.what()) + "; Monte Carlo instead";
    }
  }
  if (!adv.exact) {
    if (samples < 2) throw InputError("--samples must be at least 2");
    std::vector<PassSeat> seats(a.pass.table.size());
    for (size_t k = 0; k < seats.size(); ++k) {
      const bool me = static_cast<int>(k) == a.pass.self;
      seats[k] = PassSeat{me ? &self_policy : &others_policy, a.jokers.empty() ? JokerSet{} : a.jokers[k], 0,
                          a.pass.table[k].total};
    }
    struct Part {
      std::vector<std::int64_t> sum, cross;
      std::uint64_t count = 0;
    };
    const auto parts = run_chunks<Part>(
        samples, kAdviceChunk, threads, control, adv.interrupted,
        [&](std::uint64_t chunk, std::uint64_t count, Part& p) {
          p.sum.assign(A, 0);
          p.cross.assign(A * A, 0);
          p.count = count;
          std::vector<std::int64_t> x(A);
          for (std::uint64_t i = 0; i < count; ++i) {
            // Common random numbers: sample i of every action throws the same dice.
            const Rng stream = chunk_rng(seed, chunk * kAdviceChunk + i);
            for (size_t k = 0; k < A; ++k) {
              RandomDice dice(stream);
              x[k] = outcome(rules, a, finish_pass(rules, seats, a.pass, dice, actions[k]));
            }
            for (size_t k = 0; k < A; ++k) {
              p.sum[k] += x[k];
              for (size_t m = 0; m < A; ++m) p.cross[k * A + m] += x[k] * x[m];
            }
          }
        });
    std::vector<std::int64_t> sum(A, 0), cross(A * A, 0);
    std::uint64_t played = 0;  // fewer than `samples` after a stop (whole chunks)
    for (const auto& p : parts) {
      played += p.count;
      for (size_t k = 0; k < A; ++k) sum[k] += p.sum[k];
      for (size_t k = 0; k < A * A; ++k) cross[k] += p.cross[k];
    }
    const double unit = a.goal == AdviceGoal::Win ? static_cast<double>(kWinUnit) : 1.0;
    adv.samples = played;
    if (played < 2) {  // stopped before two samples: no estimate to rank by
      adv.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      return adv;
    }
    const double n = static_cast<double>(played);
    auto mean = [&](size_t k) { return static_cast<double>(sum[k]) / n; };
    auto cross_sum = [&](size_t k, size_t m) { return static_cast<double>(cross[k * A + m]); };
    for (size_t k = 0; k < A; ++k)
      adv.ranked.push_back({actions[k], mean_from_sums(n, static_cast<double>(sum[k]), cross_sum(k, k), unit), {}, false});
    std::vector<size_t> order(A);
    for (size_t k = 0; k < A; ++k) order[k] = k;
    std::stable_sort(order.begin(), order.end(), [&](size_t p, size_t q) { return mean(p) > mean(q); });
    const size_t best = order.front();
    for (size_t k = 0; k < A; ++k) {
      const Estimate d = paired_difference({n, static_cast<double>(sum[k]), static_cast<double>(sum[best]),
                                            cross_sum(k, k), cross_sum(best, best), cross_sum(k, best)});
      adv.ranked[k].versus_best = {d.mean / unit, d.se / unit};
    }
    std::vector<ActionAdvice> sorted;
    for (size_t k : order) sorted.push_back(adv.ranked[k]);
    adv.ranked = std::move(sorted);
  }
  if (adv.exact) {
    std::stable_sort(adv.ranked.begin(), adv.ranked.end(),
                     [](const ActionAdvice& p, const ActionAdvice& q) { return p.value.mean > q.value.mean; });
    for (auto& r : adv.ranked) r.versus_best = {r.value.mean - adv.ranked.front().value.mean, 0};
  }
  adv.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return adv;
}

}  // namespace verflixt
