// Kniffel's exact solver against the published optimum and against a brute force written here.
//
// The published value: Tom Verhoeff, "How to Maximize Your Score in Solitaire Yahtzee" (1999),
// confirmed by James Glenn, "An Optimal Strategy for Yahtzee" (2006): 254.5896 under the rules
// of the `yahtzee` preset (docs/rules/kniffel.md, K5 free joker).
//
// The brute force plays the last turns of a game the slow way: five dice as an ordered list,
// each keep a subset of positions (32 of them), each re-throw every ordered sequence of the
// thrown dice (up to 6^5), the best category by score_in; no multisets, no keep recursion.
//
// The turn by turn definition holds the solve's batches to the plain form of the dynamic
// programme, bit for bit: each sheet alone, each hand's box by score_in, each keep's value the
// mean over one more die, each hand's best keep found by looking at every sub-multiset.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
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

// What every throw of five scores in every box, plain and as a joker (score() once per
// ruleset), and the face of a five of a kind.
struct ThrowPoints {
  explicit ThrowPoints(const KniffelRules& r) {
    const DiceTable& t = DiceTable::get();
    points.resize(static_cast<std::size_t>(t.count()));
    face.assign(static_cast<std::size_t>(t.count()), -1);
    for (int id : t.throws()) {
      for (int c = 0; c < kCategories; ++c)
        for (int joker = 0; joker < 2; ++joker)
          points[static_cast<std::size_t>(id)][static_cast<std::size_t>(c)][static_cast<std::size_t>(joker)] =
              score(t.hand(id), static_cast<Category>(c), r, joker == 1);
      face[static_cast<std::size_t>(id)] = kniffel_face(t.hand(id));
    }
  }
  std::vector<std::array<std::array<int, 2>, kCategories>> points;
  std::vector<int> face;
};

// The turn from `sheet` with `next(sheet after)` the value of what follows, in the plain form
// (what the solver computed sheet by sheet before it took sheets in batches): each hand's box
// as score_in scores it among allowed_mask's, each keep the mean over one more die summed face
// by face, each hand's best keep found among all its sub-multisets. The sums are in the same
// order, so the value must be the same double.
template <class Next>
double turn_by_turn(const KniffelRules& r, const ThrowPoints& tp, const Sheet& sheet, Next&& next) {
  const DiceTable& t = DiceTable::get();
  const auto at = [](int id) { return static_cast<std::size_t>(id); };
  std::vector<double> e(at(t.count())), kv(at(t.count()));
  for (int id : t.throws()) {
    const int face = tp.face[at(id)];
    const int joker = joker_applies(sheet, face, r) ? 1 : 0;
    const std::uint16_t allowed = allowed_mask(sheet, face, r);
    double best = -1;
    for (int c = 0; c < kCategories; ++c) {
      if (!(allowed >> c & 1)) continue;
      const int points = tp.points[at(id)][static_cast<std::size_t>(c)][static_cast<std::size_t>(joker)];
      const Scored s = settle(sheet, static_cast<Category>(c), points, face >= 0, r);
      best = std::max(best, s.points + (s.after.done() ? 0.0 : next(s.after)));
    }
    e[at(id)] = best;
  }
  for (int throw_no = r.throws;; --throw_no) {
    for (int id = t.count() - 1; id >= 0; --id) {
      if (t.size(id) == kDice) {
        kv[at(id)] = e[at(id)];
        continue;
      }
      double sum = 0;
      for (int f = 0; f < kFaces; ++f) sum += kv[at(t.plus(id, f))];
      kv[at(id)] = sum / kFaces;
    }
    if (throw_no == 1) return kv[0];
    for (int id : t.throws()) {
      double best = -1;
      for (int k : t.keeps(id)) best = std::max(best, kv[at(k)]);
      e[at(id)] = best;
    }
  }
}

// Every sheet the solver solves: each set of filled categories with the upper totals it can
// make, and the Kniffel box's flag where a bonus rides on it.
std::vector<Sheet> solved_sheets(const KniffelRules& r) {
  std::vector<Sheet> out;
  for (unsigned mask = 0; mask + 1 < (1u << kCategories); ++mask) {
    const std::vector<bool> can = reachable_uppers(mask & 0x3f, r.bonus_threshold);
    const bool flags = (mask >> Kniffel & 1) && r.kniffel_bonus > 0 && r.kniffel > 0;
    for (int u = 0; u <= r.bonus_threshold; ++u)
      if (can[static_cast<std::size_t>(u)])
        for (int flag = 0; flag <= (flags ? 1 : 0); ++flag) out.push_back(Sheet{static_cast<std::uint16_t>(mask), u, flag == 1});
  }
  return out;
}

std::string describe(const Sheet& s) {
  char text[64];
  std::snprintf(text, sizeof text, "filled %#x upper %d kniffel %d", unsigned{s.filled}, s.upper, s.kniffel_scored ? 1 : 0);
  return text;
}

// Small rulesets solved twice, by the solver and by the turn by turn definition from the full
// sheet back: every value the same double. Between them they play every kind of sheet: the
// bonus, the Kniffel bonus, the free, the forced and no joker, one to three throws.
TEST(KniffelSolver, EverySheetIsTheTurnByTurnValue) {
  std::vector<KniffelRules> rulesets;
  KniffelRules r = preset("yahtzee");
  r.throws = 2, r.bonus_threshold = 2;
  rulesets.push_back(r);
  r = preset("kniffel");
  r.throws = 3, r.bonus_threshold = 1, r.kniffel_bonus = 100, r.joker = KniffelRules::Joker::Forced;
  rulesets.push_back(r);
  r = preset("kniffel");
  r.throws = 1, r.bonus_threshold = 1;
  rulesets.push_back(r);
  for (const KniffelRules& rules : rulesets) {
    const KniffelSolution solved(rules, 2);
    const ThrowPoints tp(rules);
    std::vector<Sheet> sheets = solved_sheets(rules);
    std::stable_sort(sheets.begin(), sheets.end(), [](const Sheet& a, const Sheet& b) {
      return std::popcount(unsigned{a.filled}) > std::popcount(unsigned{b.filled});
    });
    // This definition's own values, [filled][upper][flag] (the flag only where a bonus rides on it).
    const auto uppers = static_cast<std::size_t>(rules.bonus_threshold + 1);
    std::vector<double> value((std::size_t{1} << kCategories) * uppers * 2, std::nan(""));
    const auto index = [&](const Sheet& s) {
      return (s.filled * uppers + static_cast<std::size_t>(s.upper)) * 2 + (s.kniffel_scored && rules.kniffel_bonus > 0 ? 1 : 0);
    };
    int wrong = 0;
    for (const Sheet& sheet : sheets) {
      const double v = value[index(sheet)] = turn_by_turn(rules, tp, sheet, [&](const Sheet& after) { return value[index(after)]; });
      if (v != solved.value(sheet) && ++wrong <= 3)
        ADD_FAILURE() << rules_summary(rules) << ": " << describe(sheet) << " solved " << solved.value(sheet) << " turn by turn " << v;
    }
    EXPECT_EQ(wrong, 0) << rules_summary(rules) << ": of " << sheets.size() << " sheets";
  }
}

// The full presets: every 61st sheet's value is the turn by turn value over the solver's values
// of the sheets after it, so each batch position, flag and upper total is met somewhere.
TEST(KniffelSolver, FullGameSheetsAreTheTurnByTurnValue) {
  for (const char* name : {"yahtzee", "kniffel"}) {
    const KniffelRules r = preset(name);
    const KniffelSolution solved(r);
    const ThrowPoints tp(r);
    const std::vector<Sheet> sheets = solved_sheets(r);
    for (std::size_t i = 0; i < sheets.size(); i += 61)
      ASSERT_EQ(solved.value(sheets[i]), turn_by_turn(r, tp, sheets[i], [&](const Sheet& after) { return solved.value(after); }))
          << name << ": " << describe(sheets[i]);
  }
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
  r.bonus_threshold = 20;  // a cheaper solve of the same kind of state space (fewer upper totals)
  const KniffelSolution one(r, 1), two(r, 2), three(r, 3);
  EXPECT_EQ(one.values(), two.values());
  EXPECT_EQ(one.values(), three.values());
}

}  // namespace
}  // namespace verflixt::kniffel
