// Kniffel's exact solver against the published optimum and against a brute force written here.
//
// The published value: Tom Verhoeff, "How to Maximize Your Score in Solitaire Yahtzee" (1999),
// confirmed by James Glenn, "An Optimal Strategy for Yahtzee" (2006): 254.5896 under the rules
// of the `yahtzee` preset (docs/rules/kniffel.md, K5 free joker).
//
// The brute force plays the last turns of a game the slow way: five dice as an ordered list,
// each keep a subset of positions (32 of them), each re-throw every ordered sequence of the
// thrown dice (up to 6^5), the best category by score_in; no multisets, no keep recursion.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <array>
#include <functional>
#include <map>
#include <tuple>
#include <vector>

#include "verflixt/games/kniffel/solver.h"

namespace verflixt::kniffel {
namespace {

using Dice = std::array<int, kDice>;

Hand hand_of(const Dice& d) {
  Hand h{};
  for (int f : d) ++h[static_cast<std::size_t>(f - 1)];
  return h;
}

// The value of the turn from `sheet` with `next(sheet after)` the value of what follows.
class BruteTurn {
 public:
  BruteTurn(const KniffelRules& r, const Sheet& sheet, std::function<double(const Sheet&)> next)
      : r_(r), sheet_(sheet), next_(std::move(next)) {}

  double start() {
    double sum = 0;
    Dice d{};
    for_each_throw(d, 0, 0, [&](const Dice& x) { sum += after_throw(x, 1); });
    return sum / 7776.0;
  }

 private:
  // Every ordered fill of positions [i, 5) not in `kept` (bit p: position p kept).
  template <class F>
  void for_each_throw(Dice& d, int i, unsigned kept, F&& f) {
    if (i == kDice) return f(d);
    if (kept >> i & 1) return for_each_throw(d, i + 1, kept, f);
    for (int face = 1; face <= kFaces; ++face) {
      d[static_cast<std::size_t>(i)] = face;
      for_each_throw(d, i + 1, kept, f);
    }
  }

  double after_throw(const Dice& d, int throw_no) {
    Dice sorted = d;
    std::sort(sorted.begin(), sorted.end());
    int key = throw_no;
    for (int f : sorted) key = key * 7 + f;
    if (memo_[static_cast<std::size_t>(key)] == memo_[static_cast<std::size_t>(key)]) return memo_[static_cast<std::size_t>(key)];
    double best = -1;
    for (Category c : allowed_categories(sheet_, hand_of(sorted), r_)) {
      const Scored s = score_in(sheet_, hand_of(sorted), c, r_);
      best = std::max(best, s.points + (s.after.done() ? 0.0 : next_(s.after)));
    }
    if (throw_no < r_.throws) {
      for (unsigned kept = 0; kept < (1u << kDice); ++kept) {
        double sum = 0;
        int n = 0;
        Dice x = sorted;
        for_each_throw(x, 0, kept, [&](const Dice& y) { sum += after_throw(y, throw_no + 1), ++n; });
        best = std::max(best, sum / n);
      }
    }
    return memo_[static_cast<std::size_t>(key)] = best;
  }

  KniffelRules r_;
  Sheet sheet_;
  std::function<double(const Sheet&)> next_;
  // After throw t, the sorted dice d1..d5 as the digits of t d1 d2 d3 d4 d5 in base 7; NaN:
  // not yet computed.
  std::vector<double> memo_ = std::vector<double>(7 * 7 * 7 * 7 * 7 * 7 * 4, std::nan(""));
};

// The value of a sheet by brute force over its last turns (a sheet with one or two open
// boxes), each sheet's turn solved once.
double brute_value(const KniffelRules& r, const Sheet& sheet, std::map<std::tuple<int, int, bool>, double>& memo) {
  if (sheet.done()) return 0;
  const auto key = std::make_tuple(int{sheet.filled}, sheet.upper, sheet.kniffel_scored);
  if (const auto it = memo.find(key); it != memo.end()) return it->second;
  return memo[key] = BruteTurn(r, sheet, [&](const Sheet& after) { return brute_value(r, after, memo); }).start();
}

TEST(KniffelSolver, YahtzeeOptimumIsThePublishedValue) {
  const KniffelSolution s(preset("yahtzee"));
  EXPECT_NEAR(s.expected_score(), 254.5896, 0.00005);  // the four published decimals
}

// The end of a game, exactly: sheets with one or two open boxes, with the upper bonus and the
// Kniffel bonus and joker in play, solved by the solver and by the brute force.
TEST(KniffelSolver, LastTurnsEqualABruteForce) {
  for (const char* name : {"kniffel", "yahtzee"}) {
    const KniffelRules r = preset(name);
    const KniffelSolution s(r);
    const auto all_but = [](std::initializer_list<Category> open) {
      unsigned filled = (1u << kCategories) - 1;
      for (Category c : open) filled &= ~(1u << c);
      return static_cast<std::uint16_t>(filled);
    };
    const std::vector<Sheet> sheets = {
        {all_but({Chance}), 63, false},
        {all_but({Sixes, Chance}), 50, false},      // the bonus in reach with three sixes
        {all_but({Fours, FullHouse}), 40, true},    // a further Kniffel: bonus, and the joker
        {all_but({SmallStraight, LargeStraight}), 63, true},
        {all_but({Kniffel, Ones}), 62, false},
    };
    std::map<std::tuple<int, int, bool>, double> memo;
    for (const Sheet& sheet : sheets)
      EXPECT_NEAR(s.value(sheet), brute_value(r, sheet, memo), 1e-9) << name << " filled " << sheet.filled << " upper " << sheet.upper;
  }
}

TEST(KniffelSolver, TheSameValuesOnAnyThreadCount) {
  KniffelRules r = preset("yahtzee");
  r.throws = 1;             // a cheaper solve of the same kind of state space
  r.bonus_threshold = 20;   // (fewer upper totals)
  const KniffelSolution one(r, 1), three(r, 3);
  EXPECT_EQ(one.values(), three.values());
}

}  // namespace
}  // namespace verflixt::kniffel
