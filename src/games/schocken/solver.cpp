#include "verflixt/games/schocken/solver.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "verflixt/core/backward_induction.h"

namespace verflixt::schocken {

namespace {

constexpr double kTie = 1e-12;  // values closer than this are equal (rounding of sums of products)

size_t at(int k) { return static_cast<size_t>(k - 1); }

const Keep kThrowAll{{0, 0, 0}, 0};

// One turn as a model of core/backward_induction.h. State (limit − k)·56 + d is throw d after
// k throws — later throws first, since they follow — and the last state the turn before its
// first throw. A decision comes first: the keeps of keep_options (stand first, so a tie
// stands; only stand at k = limit), then the throw of the dice not kept.
class TurnModel {
 public:
  TurnModel(const SchockenRules& rules, int limit, const TurnTable& payoff, const KeepTable* incumbent)
      : limit_(limit), payoff_(payoff), incumbent_(incumbent) {
    for (size_t d = 0; d < kThrowCount; ++d) keeps_[d] = keep_options(all_throws()[d], rules);
  }

  std::size_t state_count() const { return start() + 1; }
  std::size_t start() const { return static_cast<std::size_t>(limit_) * kThrowCount; }
  std::size_t state(int d, int k) const {
    return static_cast<std::size_t>(limit_ - k) * kThrowCount + static_cast<std::size_t>(d);
  }
  int throw_of(std::size_t s) const { return static_cast<int>(s % kThrowCount); }
  int throws_of(std::size_t s) const { return limit_ - static_cast<int>(s / kThrowCount); }
  const Keep& keep(std::size_t s, int a) const { return keeps_[s % kThrowCount][static_cast<size_t>(a)]; }

  template <class Visit>
  void outcomes(std::size_t s, Visit&& visit) const {
    if (s == start()) {
      visit(1.0, 1, [&](int, auto&& emit) { thrown(kThrowAll, 1, emit); });
      return;
    }
    const int d = throw_of(s), k = throws_of(s);
    const int actions = k < limit_ ? static_cast<int>(keeps_[static_cast<size_t>(d)].size()) : 1;
    visit(1.0, actions, [&, d, k](int a, auto&& emit) {
      const Keep& kp = keep(s, a);
      if (kp.stands())
        emit(core::Successor{1.0, core::kNoState, 1.0, payoff_[static_cast<size_t>(d)][at(k)]});
      else
        thrown(kp, k + 1, emit);
    });
  }

  // With an incumbent table its keep stays on a tie (see best_action in the core).
  int incumbent(std::size_t s, int) const {
    if (!incumbent_ || s == start() || throws_of(s) == limit_) return -1;
    const auto& options = keeps_[s % kThrowCount];
    const auto it = std::find(options.begin(), options.end(), (*incumbent_)[s % kThrowCount][at(throws_of(s))]);
    return it == options.end() ? -1 : static_cast<int>(it - options.begin());
  }

 private:
  template <class Emit>
  void thrown(const Keep& kp, int k, Emit& emit) const {
    for (const auto& o : throw_outcomes(kp)) emit(core::Successor{o.probability, state(o.outcome, k)});
  }

  int limit_;
  const TurnTable& payoff_;
  const KeepTable* incumbent_;
  std::array<std::vector<Keep>, kThrowCount> keeps_;
};

}  // namespace

TurnSolution best_turn(const SchockenRules& rules, int limit, const TurnTable& payoff, const KeepTable* incumbent) {
  if (limit < 1 || limit > kMaxThrows) throw std::invalid_argument("best_turn: limit out of range");
  TurnSolution sol;
  sol.limit = limit;
  const TurnModel model(rules, limit, payoff, incumbent);
  const auto values = core::backward_induction(model, {.tie = kTie}, [&](std::size_t s, int, int a) {
    if (s != model.start()) sol.best[static_cast<size_t>(model.throw_of(s))][at(model.throws_of(s))] = model.keep(s, a);
  });
  for (int k = 1; k <= limit; ++k)
    for (int d = 0; d < kThrowCount; ++d) sol.value[static_cast<size_t>(d)][at(k)] = values[model.state(d, k)];
  sol.start = values[model.start()];
  return sol;
}

double keep_value(const TurnSolution& sol, const TurnTable& payoff, const Dice& dice, int throws, const Keep& keep) {
  const auto d = static_cast<size_t>(throw_index(dice));
  if (keep.stands() || throws >= sol.limit) return payoff[d][at(throws)];
  double q = 0;
  for (const auto& o : throw_outcomes(keep)) q += o.probability * sol.value[static_cast<size_t>(o.outcome)][at(throws + 1)];
  return q;
}

TurnTable final_distribution(int limit, const KeepTable& policy) {
  TurnTable out{};
  std::array<double, kThrowCount> cur{};
  for (const auto& o : throw_outcomes(kThrowAll)) cur[static_cast<size_t>(o.outcome)] += o.probability;
  for (int k = 1; k <= limit; ++k) {
    std::array<double, kThrowCount> next{};
    for (size_t d = 0; d < kThrowCount; ++d) {
      if (cur[d] == 0) continue;
      const Keep& keep = policy[d][at(k)];
      if (k == limit || keep.stands()) {
        out[d][at(k)] += cur[d];
      } else {
        for (const auto& o : throw_outcomes(keep)) next[static_cast<size_t>(o.outcome)] += cur[d] * o.probability;
      }
    }
    cur = next;
  }
  return out;
}

double expected(const TurnTable& distribution, const TurnTable& payoff) {
  double s = 0;
  for (size_t d = 0; d < kThrowCount; ++d)
    for (size_t k = 0; k < kMaxThrows; ++k) s += distribution[d][k] * payoff[d][k];
  return s;
}

TurnTable beat_payoff(const SchockenRules& rules, const BeatTarget& target) {
  TurnTable p{};
  const int target_key = hand_key(target.hand, target.throws, rules);
  for (size_t d = 0; d < kThrowCount; ++d)
    for (int k = 1; k <= kMaxThrows; ++k) p[d][at(k)] = hand_key(all_throws()[d], k, rules) > target_key ? 1.0 : 0.0;
  return p;
}

TurnSolution solve_beat(const SchockenRules& rules, int limit, const BeatTarget& target) {
  return best_turn(rules, limit, beat_payoff(rules, target));
}

namespace {

// Final hands of one position as (key, probability) pairs.
using KeyDistribution = std::vector<std::pair<int, double>>;

KeyDistribution keys_of(const SchockenRules& rules, const TurnTable& dist) {
  KeyDistribution out;
  for (size_t d = 0; d < kThrowCount; ++d)
    for (int k = 1; k <= kMaxThrows; ++k)
      if (dist[d][at(k)] > 0) out.push_back({hand_key(all_throws()[d], k, rules), dist[d][at(k)]});
  return out;
}

// P(a player with these final hands ranks above a hand of key `key`): strictly above, or equal
// when he revealed earlier (S1 decision).
double p_above(const KeyDistribution& other, int key, bool other_earlier) {
  double p = 0;
  for (const auto& [k, q] : other)
    if (k > key || (k == key && other_earlier)) p += q;
  return p;
}

// Everyone's final-hand distribution, as the others see it under each limit L: for the
// starter, his hands given that he stood after L throws (or, when he never does, all his
// hands); for the others, their hands under limit L.
struct RoundDistributions {
  TurnTable starter{};                          // the starter's joint (throw, throws)
  std::array<double, kMaxThrows> p_limit{};     // P(starter stands after L throws)
  std::vector<std::array<KeyDistribution, kMaxThrows>> keys;  // [position][L-1]
  std::vector<std::array<TurnTable, kMaxThrows>> dist;        // [position][L-1] (positions >= 1)
};

RoundDistributions distributions(const SchockenRules& rules, const std::vector<PositionPolicy>& policies) {
  const int n = static_cast<int>(policies.size());
  const int m = rules.max_throws;
  RoundDistributions r;
  r.keys.resize(static_cast<size_t>(n));
  r.dist.resize(static_cast<size_t>(n));
  r.starter = final_distribution(m, policies[0][at(m)]);
  for (int limit = 1; limit <= m; ++limit) {
    TurnTable cond{};
    double p = 0;
    for (size_t d = 0; d < kThrowCount; ++d) p += r.starter[d][at(limit)];
    r.p_limit[at(limit)] = p;
    if (p > 0) {
      for (size_t d = 0; d < kThrowCount; ++d) cond[d][at(limit)] = r.starter[d][at(limit)] / p;
    } else {
      cond = r.starter;  // a limit the starter never sets: his hands as a whole
    }
    r.keys[0][at(limit)] = keys_of(rules, cond);
    for (int i = 1; i < n; ++i) {
      r.dist[static_cast<size_t>(i)][at(limit)] = final_distribution(limit, policies[static_cast<size_t>(i)][at(limit)]);
      r.keys[static_cast<size_t>(i)][at(limit)] = keys_of(rules, r.dist[static_cast<size_t>(i)][at(limit)]);
    }
  }
  return r;
}

TurnTable payoff_from(const SchockenRules& rules, const RoundDistributions& r, int n, int position, int limit) {
  TurnTable p{};
  for (size_t d = 0; d < kThrowCount; ++d)
    for (int k = 1; k <= kMaxThrows; ++k) {
      // The starter's own count sets the others' limit; a follower's limit is given.
      const int l = position == 0 ? k : limit;
      if (k > l) continue;
      const int key = hand_key(all_throws()[d], k, rules);
      double all_above = 1;
      for (int j = 0; j < n; ++j)
        if (j != position) all_above *= p_above(r.keys[static_cast<size_t>(j)][at(l)], key, j < position);
      p[d][at(k)] = 1 - all_above;
    }
  return p;
}

// P(position worst) under the distributions.
double p_worst_of(const SchockenRules& rules, const RoundDistributions& r, int n, int position) {
  if (position == 0) return 1 - expected(r.starter, payoff_from(rules, r, n, 0, rules.max_throws));
  double s = 0;
  for (int limit = 1; limit <= rules.max_throws; ++limit) {
    if (r.p_limit[at(limit)] == 0) continue;
    s += r.p_limit[at(limit)] *
         (1 - expected(r.dist[static_cast<size_t>(position)][at(limit)], payoff_from(rules, r, n, position, limit)));
  }
  return s;
}

int count_changes(const KeepTable& a, const KeepTable& b, int limit) {
  int c = 0;
  for (size_t d = 0; d < kThrowCount; ++d)
    for (int k = 1; k < limit; ++k) c += !(a[d][at(k)] == b[d][at(k)]);
  return c;
}

}  // namespace

std::vector<double> round_p_worst(const SchockenRules& rules, const std::vector<PositionPolicy>& policies) {
  const RoundDistributions r = distributions(rules, policies);
  const int n = static_cast<int>(policies.size());
  std::vector<double> out;
  for (int i = 0; i < n; ++i) out.push_back(p_worst_of(rules, r, n, i));
  return out;
}

TurnTable not_worst_payoff(const SchockenRules& rules, const std::vector<PositionPolicy>& policies, int position,
                           int limit) {
  return payoff_from(rules, distributions(rules, policies), static_cast<int>(policies.size()), position, limit);
}

namespace {

// Position i's best response to the others' current policies (its own as the incumbent).
PositionPolicy best_response(const SchockenRules& rules, const std::vector<PositionPolicy>& policies, int i) {
  const int m = rules.max_throws;
  const int n = static_cast<int>(policies.size());
  const RoundDistributions r = distributions(rules, policies);
  PositionPolicy out = policies[static_cast<size_t>(i)];
  if (i == 0) {
    out[at(m)] = best_turn(rules, m, payoff_from(rules, r, n, 0, m), &out[at(m)]).best;
  } else {
    for (int limit = 2; limit <= m; ++limit)
      out[at(limit)] = best_turn(rules, limit, payoff_from(rules, r, n, i, limit), &out[at(limit)]).best;
  }
  return out;
}

std::string fingerprint(const std::vector<PositionPolicy>& policies) {
  std::string s;
  for (const auto& p : policies)
    for (const auto& t : p)
      for (const auto& row : t)
        for (const Keep& k : row) s += keep_code(k) + ",";
  return s;
}

}  // namespace

std::vector<double> deviation_gains(const SchockenRules& rules, const std::vector<PositionPolicy>& policies) {
  const RoundDistributions r = distributions(rules, policies);
  const int n = static_cast<int>(policies.size());
  std::vector<double> out;
  for (int i = 0; i < n; ++i) {
    std::vector<PositionPolicy> deviated = policies;
    deviated[static_cast<size_t>(i)] = best_response(rules, policies, i);
    out.push_back(p_worst_of(rules, r, n, i) - p_worst_of(rules, distributions(rules, deviated), n, i));
  }
  return out;
}

RoundEquilibrium solve_round(const SchockenRules& rules, int players, int max_rounds) {
  if (players < 2 || players > kMaxPlayers) throw std::invalid_argument("solve_round: players out of range");
  RoundEquilibrium eq;
  eq.players = players;
  PositionPolicy all_stand;
  for (auto& t : all_stand)
    for (auto& row : t) row.fill(stand());
  eq.policies.assign(static_cast<size_t>(players), all_stand);
  const int m = rules.max_throws;
  std::vector<std::string> seen = {fingerprint(eq.policies)};
  std::vector<std::vector<PositionPolicy>> history = {eq.policies};
  for (int round = 0; round < max_rounds && !eq.converged && eq.cycle_length == 0; ++round) {
    BestResponseRound br;
    int changed_total = 0;
    for (int i = 0; i < players; ++i) {
      const auto pi = static_cast<size_t>(i);
      const double before = p_worst_of(rules, distributions(rules, eq.policies), players, i);
      std::vector<PositionPolicy> next = eq.policies;
      next[pi] = best_response(rules, eq.policies, i);
      const double after = p_worst_of(rules, distributions(rules, next), players, i);
      int changed = 0;
      if (after < before - kTie) {
        for (int limit = (i == 0 ? m : 2); limit <= m; ++limit)
          changed += count_changes(next[pi][at(limit)], eq.policies[pi][at(limit)], limit);
        eq.policies = next;
      }
      br.before.push_back(before);
      br.after.push_back(changed ? after : before);
      br.changed.push_back(changed);
      changed_total += changed;
    }
    eq.rounds.push_back(br);
    eq.converged = changed_total == 0;
    if (eq.converged) break;
    const std::string f = fingerprint(eq.policies);
    if (const auto it = std::find(seen.begin(), seen.end(), f); it != seen.end()) {
      // A cycle: keep the profile in it that its players gain least by leaving.
      const auto start = static_cast<size_t>(it - seen.begin());
      eq.cycle_length = static_cast<int>(seen.size() - start);
      double best_eps = 2;
      for (size_t k = start; k < history.size(); ++k) {
        const auto g = deviation_gains(rules, history[k]);
        const double eps = *std::max_element(g.begin(), g.end());
        if (eps < best_eps) best_eps = eps, eq.policies = history[k];
      }
    }
    seen.push_back(f);
    history.push_back(eq.policies);
  }
  eq.p_worst = round_p_worst(rules, eq.policies);
  eq.deviation_gain = deviation_gains(rules, eq.policies);
  return eq;
}

RoundKeepTables equilibrium_tables(const SchockenRules& rules) {
  RoundKeepTables t;
  t.tables.resize(kMaxPlayers + 1);
  for (int n = 2; n <= rules.players; ++n) {
    const RoundEquilibrium eq = solve_round(rules, n);
    for (const auto& p : eq.policies) t.tables[static_cast<size_t>(n)].push_back(p);
  }
  return t;
}

}  // namespace verflixt::schocken
