#include "verflixt/games/en_gingg/solver.h"

#include <algorithm>
#include <cmath>

#include "verflixt/core/error.h"
#include "verflixt/core/names.h"

namespace verflixt::en_gingg {

const std::vector<std::string>& objective_names() {
  static const std::vector<std::string> names = {"own", "own+next"};
  return names;
}

Objective parse_objective(const std::string& text) {
  // "own+next" normalises like "ownnext" would not: compare the literal forms first.
  for (size_t k = 0; k < objective_names().size(); ++k)
    if (text == objective_names()[k]) return static_cast<Objective>(k);
  return static_cast<Objective>(choose_name(text, objective_names(), "en-gingg objective"));
}

std::vector<double> phase2_hit_distribution(const EnGinggRules& rules, int digit) {
  // dist[n][h]: P(h more hits | n dice still to throw). A throw of n dice shows the digit on
  // x of them with the binomial probability C(n, x) p^x (1 − p)^(n − x); x = 0 ends phase 2.
  const int dice = rules.dice;
  const double p = digit >= 1 && digit <= rules.faces ? 1.0 / rules.faces : 0.0;
  std::vector<std::vector<double>> dist(dice + 1, std::vector<double>(dice + 1, 0.0));
  dist[0][0] = 1.0;  // G3 Decision: no die left ends phase 2
  for (int n = 1; n <= dice; ++n) {
    double choose = 1.0;  // C(n, x)
    for (int x = 0; x <= n; ++x) {
      if (x > 0) choose = choose * (n - x + 1) / x;
      const double px = choose * std::pow(p, x) * std::pow(1 - p, n - x);
      if (x == 0) {
        dist[n][0] += px;
        continue;
      }
      for (int h = 0; h + x <= dice; ++h) dist[n][h + x] += px * dist[n - x][h];
    }
  }
  return dist[dice];
}

double phase2_expected_hits(const EnGinggRules& rules, int digit) {
  const auto d = phase2_hit_distribution(rules, digit);
  double e = 0;
  for (size_t h = 0; h < d.size(); ++h) e += static_cast<double>(h) * d[h];
  return e;
}

double terminal_value(const EnGinggRules& rules, Objective objective, int sum) {
  const Phase1Outcome o = phase1_outcome(sum, rules);
  double v = o.own_change;
  if (objective == Objective::OwnPlusNext && o.digit > 0) v += o.digit * phase2_expected_hits(rules, o.digit);
  return v;
}

std::size_t Phase1Solution::index(int left, int sum, int throws) const {
  return (static_cast<std::size_t>(left) * static_cast<std::size_t>(rules_.max_sum() + 1) + static_cast<std::size_t>(sum)) *
             static_cast<std::size_t>(rules_.max_throws + 1) +
         static_cast<std::size_t>(throws);
}

Phase1Solution::Phase1Solution(const EnGinggRules& rules, Objective objective, int guard_balance, double guard_weight)
    : rules_(rules), objective_(objective), guard_balance_(guard_balance) {
  validate(rules);
  for (int s = 0; s <= rules.max_sum(); ++s) {
    const bool survives = phase1_outcome(s, rules).own_change + guard_balance > 0;  // G1
    terminal_.push_back(terminal_value(rules, objective, s) + (guard_balance > 0 && survives ? guard_weight : 0.0));
  }
  values_.assign(index(rules.dice + 1, 0, 0), 0.0);
  // Fewer dice left first: every set-aside leads to fewer dice (G2: at least one each throw),
  // so each value needs only values already computed. Only the (sum, throws) a phase 1 can
  // reach with `left` dice to throw are solved: after k = dice − left dice set aside, the sum
  // is k..k·faces and 1..min(k, max_throws − 1) throws were made (none at the start).
  for (int left = 0; left <= rules.dice; ++left) {
    const auto outcomes = throw_outcomes(left, rules.faces);
    const int k = rules.dice - left;
    for (int sum = 0; sum <= rules.max_sum(); ++sum)
      for (int throws = 0; throws <= rules.max_throws; ++throws) {
        if (left == 0) {
          values_[index(0, sum, throws)] = terminal_[sum];
          continue;
        }
        const bool reachable = k == 0 ? sum == 0 && throws == 0
                                      : sum >= k && sum <= k * rules.faces && throws >= 1 &&
                                            throws <= std::min(k, rules.max_throws - 1);
        if (!reachable) continue;
        const Phase1State s{left, sum, throws};
        double v = 0;
        for (const auto& m : outcomes) {
          const DiceCounts a = best(s, m.outcome);
          choices_.emplace(key(s, m.outcome), a);
          v += m.probability * value(apply_set_aside(s, a));
        }
        values_[index(left, sum, throws)] = v;
      }
  }
}

double Phase1Solution::value(const Phase1State& s) const {
  if (s.left == 0) return terminal_[s.aside_sum];
  return values_[index(s.left, s.aside_sum, s.throws)];
}

std::vector<RankedSetAside> Phase1Solution::rank(const Phase1State& s, const DiceCounts& thrown) const {
  std::vector<RankedSetAside> out;
  for (const auto& a : legal_set_asides(s, thrown, rules_)) out.push_back({a, value(apply_set_aside(s, a))});
  std::stable_sort(out.begin(), out.end(), [](const RankedSetAside& x, const RankedSetAside& y) { return x.value > y.value; });
  return out;
}

DiceCounts Phase1Solution::best(const Phase1State& s, const DiceCounts& thrown) const {
  // rank()'s order and ties without its list (this runs for every decision of a simulated
  // game): the sub-multisets in legal_set_asides' odometer order, a tie going to fewer dice.
  const int need = min_set_aside(s, rules_);
  DiceCounts a{}, best{};
  double best_value = -1e300;
  int best_dice = 0;
  while (true) {
    const int n = dice_in(a);
    if (n >= need) {
      const double v = value(apply_set_aside(s, a));
      if (v > best_value || (v == best_value && n < best_dice)) best = a, best_value = v, best_dice = n;
    }
    int f = 0;
    while (f < rules_.faces && a[f] == thrown[f]) a[f++] = 0;
    if (f == rules_.faces) break;
    ++a[f];
  }
  return best;
}

std::uint64_t Phase1Solution::key(const Phase1State& s, const DiceCounts& thrown) {
  // 4 bits per face count (at most 8 dice), then throws, sum and dice left.
  std::uint64_t k = 0;
  for (int f = kMaxFaces - 1; f >= 0; --f) k = k << 4 | static_cast<std::uint64_t>(thrown[f]);
  k = k << 4 | static_cast<std::uint64_t>(s.throws);
  k = k << 7 | static_cast<std::uint64_t>(s.aside_sum);
  return k << 4 | static_cast<std::uint64_t>(s.left);
}

DiceCounts Phase1Solution::choice(const Phase1State& s, const DiceCounts& thrown) const {
  const auto it = choices_.find(key(s, thrown));
  return it != choices_.end() ? it->second : best(s, thrown);
}

int Phase1Solution::keep_from(int rethrow, int sum, int throws) const {
  const double without = value({rethrow, sum, throws + 1});
  for (int x = 1; x <= rules_.faces; ++x)
    if (value({rethrow - 1, sum + x, throws + 1}) >= without) return x;
  return rules_.faces + 1;
}

DiceCounts Phase1Solution::rule_choice(const Phase1State& s, const DiceCounts& thrown) const {
  DiceCounts a = highest_dice(thrown, min_set_aside(s, rules_));
  int sum = s.aside_sum + pips(a);
  for (int f = rules_.faces; f >= 1; --f)
    while (a[f - 1] < thrown[f - 1]) {
      if (f < keep_from(s.left - dice_in(a), sum, s.throws)) return a;
      ++a[f - 1];
      sum += f;
    }
  return a;
}

}  // namespace verflixt::en_gingg
