#include "verflixt/games/en_gingg/solver.h"

#include <algorithm>
#include <cmath>

#include "verflixt/core/backward_induction.h"
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
  return static_cast<Objective>(core::choose_name(text, objective_names(), "en-gingg objective"));
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

namespace {

std::size_t state_index(const EnGinggRules& rules, int left, int sum, int throws) {
  return (static_cast<std::size_t>(left) * static_cast<std::size_t>(rules.max_sum() + 1) + static_cast<std::size_t>(sum)) *
             static_cast<std::size_t>(rules.max_throws + 1) +
         static_cast<std::size_t>(throws);
}

// Phase 1 as a model of core/backward_induction.h. A state is (dice left, pips aside, throws
// made), numbered by state_index: fewer dice left first, and every set-aside leaves fewer dice
// (G2: at least one each throw), so successors come first. Its chance node is the throw of the
// dice left, its decisions after a throw the legal set-asides in legal_set_asides' order
// (fewer dice first: a tie keeps the most dice in play); a finished phase 1 is worth f of its
// sum. Only the states a phase 1 can reach are solved: after k = dice − left dice set aside,
// the sum is k..k·faces and 1..min(k, max_throws − 1) throws were made (none at the start);
// the others, and the finished ones (value() reads f for those), visit no outcome.
class Phase1Model {
 public:
  Phase1Model(const EnGinggRules& rules, const std::vector<double>& terminal) : rules_(rules), terminal_(terminal) {
    for (int left = 0; left <= rules.dice; ++left) {
      throws_.push_back(throw_outcomes(left, rules.faces));
      legal_.emplace_back(throws_.back().size() * static_cast<std::size_t>(left + 1));
    }
  }

  std::size_t state_count() const { return state_index(rules_, rules_.dice + 1, 0, 0); }

  Phase1State state(std::size_t s) const {
    const auto throws = static_cast<std::size_t>(rules_.max_throws + 1), sums = static_cast<std::size_t>(rules_.max_sum() + 1);
    return {static_cast<int>(s / throws / sums), static_cast<int>(s / throws % sums), static_cast<int>(s % throws)};
  }

  template <class Visit>
  void outcomes(std::size_t index, Visit&& visit) const {
    const Phase1State s = state(index);
    const int k = rules_.dice - s.left;
    const bool reachable = k == 0 ? s.aside_sum == 0 && s.throws == 0
                                  : s.aside_sum >= k && s.aside_sum <= k * rules_.faces && s.throws >= 1 &&
                                        s.throws <= std::min(k, rules_.max_throws - 1);
    if (s.left == 0 || !reachable) return;
    const auto& throws = throws_[static_cast<std::size_t>(s.left)];
    const int need = min_set_aside(s, rules_);
    for (std::size_t o = 0; o < throws.size(); ++o) {
      asides_ = &legal(s, static_cast<int>(o), need);
      visit(throws[o].probability, static_cast<int>(asides_->size()),
            [&](int a, auto&& emit) { emit(successor(s, (*asides_)[static_cast<std::size_t>(a)])); });
    }
  }

  core::Successor successor(const Phase1State& s, const DiceCounts& aside) const {
    const Phase1State next = apply_set_aside(s, aside);
    if (next.left == 0) return {1.0, core::kNoState, 1.0, terminal_[static_cast<std::size_t>(next.aside_sum)]};
    return {1.0, state_index(rules_, next.left, next.aside_sum, next.throws)};
  }
  // The throw of outcome o in a state with `left` dice, and a set-aside of the outcome being
  // visited (what a decision reported by the induction means).
  const DiceCounts& thrown(int left, int o) const {
    return throws_[static_cast<std::size_t>(left)][static_cast<std::size_t>(o)].outcome;
  }
  const DiceCounts& aside(int a) const { return (*asides_)[static_cast<std::size_t>(a)]; }

 private:
  // legal_set_asides of throw o, made once: G2 lets a state change them only through the
  // number of dice it demands (min_set_aside), and many states share that.
  const std::vector<DiceCounts>& legal(const Phase1State& s, int o, int need) const {
    auto& slot = legal_[static_cast<std::size_t>(s.left)][static_cast<std::size_t>(o * (s.left + 1) + need)];
    if (slot.empty()) slot = legal_set_asides(s, thrown(s.left, o), rules_);
    return slot;
  }

  const EnGinggRules& rules_;
  const std::vector<double>& terminal_;
  std::vector<std::vector<core::ChanceOutcome<DiceCounts>>> throws_;  // [left]
  mutable std::vector<std::vector<std::vector<DiceCounts>>> legal_;  // [left][o · (left + 1) + need]
  mutable const std::vector<DiceCounts>* asides_ = nullptr;  // of the outcome being visited
};

}  // namespace

std::size_t Phase1Solution::index(int left, int sum, int throws) const { return state_index(rules_, left, sum, throws); }

Phase1Solution::Phase1Solution(const EnGinggRules& rules, Objective objective, int guard_balance, double guard_weight)
    : rules_(rules), objective_(objective), guard_balance_(guard_balance) {
  validate(rules);
  for (int s = 0; s <= rules.max_sum(); ++s) {
    const bool survives = phase1_outcome(s, rules).own_change + guard_balance > 0;  // G1
    terminal_.push_back(terminal_value(rules, objective, s) + (guard_balance > 0 && survives ? guard_weight : 0.0));
  }
  const Phase1Model model(rules_, terminal_);
  values_ = core::backward_induction(model, {}, [&](std::size_t s, int o, int a) {
    const Phase1State state = model.state(s);
    choices_.emplace(key(state, model.thrown(state.left, o)), model.aside(a));
  });
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
  // The induction's decision where its table holds the state and throw; elsewhere the same
  // rule (the first of highest value in legal_set_asides' order) over the values.
  if (const auto it = choices_.find(key(s, thrown)); it != choices_.end()) return it->second;
  const auto asides = legal_set_asides(s, thrown, rules_);
  if (asides.empty()) return {};
  const auto q = [&](int a) { return value(apply_set_aside(s, asides[static_cast<std::size_t>(a)])); };
  return asides[static_cast<std::size_t>(core::best_action(static_cast<int>(asides.size()), q).second)];
}

std::uint64_t Phase1Solution::key(const Phase1State& s, const DiceCounts& thrown) {
  // 4 bits per face count (at most 8 dice), then throws, sum and dice left.
  std::uint64_t k = 0;
  for (int f = kMaxFaces - 1; f >= 0; --f) k = k << 4 | static_cast<std::uint64_t>(thrown[f]);
  k = k << 4 | static_cast<std::uint64_t>(s.throws);
  k = k << 7 | static_cast<std::uint64_t>(s.aside_sum);
  return k << 4 | static_cast<std::uint64_t>(s.left);
}

DiceCounts Phase1Solution::choice(const Phase1State& s, const DiceCounts& thrown) const { return best(s, thrown); }

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
