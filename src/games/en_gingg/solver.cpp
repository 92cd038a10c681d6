#include "verflixt/games/en_gingg/solver.h"

#include <algorithm>
#include <cmath>

#include "verflixt/error.h"
#include "verflixt/names.h"

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

Phase1Solution::Phase1Solution(const EnGinggRules& rules, Objective objective) : rules_(rules), objective_(objective) {
  validate(rules);
  for (int s = 0; s <= rules.max_sum(); ++s) terminal_.push_back(terminal_value(rules, objective, s));
  values_.assign(index(rules.dice + 1, 0, 0), 0.0);
  // Fewer dice left first: every set-aside leads to fewer dice (G2: at least one each throw),
  // so each value needs only values already computed. Unreachable (sum, throws) pairs are
  // computed too; they cost nothing and keep the table dense.
  for (int left = 0; left <= rules.dice; ++left) {
    const auto outcomes = throw_outcomes(left, rules.faces);
    for (int sum = 0; sum <= rules.max_sum(); ++sum)
      for (int throws = 0; throws <= rules.max_throws; ++throws) {
        if (left == 0) {
          values_[index(0, sum, throws)] = terminal_[sum];
          continue;
        }
        if (throws >= rules.max_throws) continue;  // no throw left: never reached
        const Phase1State s{left, sum, throws};
        double v = 0;
        for (const auto& m : outcomes) v += m.probability * value(apply_set_aside(s, best(s, m.outcome)));
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
  // The same order and ties as rank(): the first strictly larger value wins.
  DiceCounts best{};
  double best_value = -1e300;
  for (const auto& a : legal_set_asides(s, thrown, rules_)) {
    const double v = value(apply_set_aside(s, a));
    if (v > best_value) best = a, best_value = v;
  }
  return best;
}

}  // namespace verflixt::en_gingg
