// The exact turn solver against a small recursion written here over dice sequences (not
// multisets) and reference.h's scoring, on reduced rulesets of three dice; the cap; policy
// evaluation, files and the rules' INI round trip.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <stdexcept>
#include <vector>

#include "reference.h"
#include "verflixt/core/error.h"
#include "verflixt/games/zehntausend/policy.h"
#include "verflixt/games/zehntausend/turn_solver.h"

namespace verflixt::zehntausend {
namespace {

// The optimal expected turn score by plain recursion: every ordered sequence of the d dice
// (6^d, each 6^-d), every subset of them as a set-aside, banking allowed from 400. Totals at
// or above `cap` bank; with three dice the solver's own bound T* is below 2000, and the
// recursion's answer does not move between caps 5000 and 10000 (checked below).
struct Recursion {
  int dice = 3, bank_min = 400, cap = 5000;
  bool hot = true;
  int target = 0;  // > 0: the value is P(bank at least target) instead of the points
  std::map<std::pair<int, int>, double> memo;

  double after(int total, int left) {  // after a set-aside
    if (target > 0 && total >= target) return 1;
    if (left == 0) {
      if (!hot) return total >= bank_min ? total : 0;
      left = dice;
    }
    if (target > 0) return throw_dice(total, left);  // below the target banking is worth nothing
    if (total >= cap) return total;
    const double go = throw_dice(total, left);
    return total >= bank_min ? std::max<double>(total, go) : go;
  }
  double throw_dice(int total, int d) {
    const auto key = std::make_pair(total, d);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    int sequences = 1;
    for (int k = 0; k < d; ++k) sequences *= 6;
    double sum = 0;
    for (int s = 0; s < sequences; ++s) {
      std::vector<int> faces;
      for (int k = 0, x = s; k < d; ++k, x /= 6) faces.push_back(x % 6 + 1);
      testing::Faces thrown{};
      for (int f : faces) ++thrown[static_cast<size_t>(f - 1)];
      double best = 0;  // a Niete leaves 0
      for (int mask = 1; mask < (1 << d); ++mask) {
        testing::Faces kept{};
        int n = 0;
        for (int k = 0; k < d; ++k)
          if (mask >> k & 1) ++kept[static_cast<size_t>(faces[static_cast<size_t>(k)] - 1)], ++n;
        const int p = testing::reference_points(thrown, kept);
        if (p > 0) best = std::max(best, after(total + p, d - n));
      }
      sum += best;
    }
    return memo[key] = sum / sequences;
  }
};

ZehntausendRules three_dice() {
  ZehntausendRules r;
  r.dice = 3;
  return r;
}

TEST(ZehntausendTurnSolver, ThreeDiceMatchesAnIndependentRecursion) {
  const TurnModel m(three_dice());
  const TurnSolution s = solve_turn(m);
  Recursion rec;
  const double want = rec.throw_dice(0, 3);
  EXPECT_NEAR(s.value, want, 1e-9 * want);
  Recursion wider;
  wider.cap = 10000;
  EXPECT_NEAR(wider.throw_dice(0, 3), want, 1e-9 * want);  // the recursion's cap is not binding
  EXPECT_LT(s.cap, 5000);
  // Mid-turn values agree too: throwing two dice at 300, one die at 550.
  EXPECT_NEAR(s.throw_value_at(300, 2, m), rec.throw_dice(300, 2), 1e-9);
  EXPECT_NEAR(s.throw_value_at(550, 1, m), rec.throw_dice(550, 1), 1e-9);
  // The policy evaluated forward gives the same value as the backward induction.
  EXPECT_NEAR(evaluate_turn(m, s.policy).value, s.value, 1e-9);
}

TEST(ZehntausendTurnSolver, ThreeDiceWithoutHotDiceAndAnotherBankMinimum) {
  ZehntausendRules r = three_dice();
  r.hot_dice = false;
  r.bank_min = 300;
  const TurnSolution s = solve_turn(TurnModel(r));
  Recursion rec;
  rec.hot = false;
  rec.bank_min = 300;
  const double want = rec.throw_dice(0, 3);
  EXPECT_NEAR(s.value, want, 1e-9 * want);
}

TEST(ZehntausendTurnSolver, FourDiceWithoutBankMinimumMatchesTheRecursion) {
  // With bank_min 0 every total may bank, so the bank thresholds themselves are tested.
  ZehntausendRules r;
  r.dice = 4;
  r.bank_min = 0;
  const TurnModel m(r);
  const TurnSolution s = solve_turn(m);
  Recursion rec;
  rec.dice = 4;
  rec.bank_min = 0;
  rec.cap = 10000;  // above the solver's proven cap T*, checked below
  const double want = rec.throw_dice(0, 4);
  EXPECT_NEAR(s.value, want, 1e-9 * want);
  EXPECT_NEAR(s.throw_value_at(250, 3, m), rec.throw_dice(250, 3), 1e-9);
  EXPECT_LT(s.cap, 10000);
}

TEST(ZehntausendTurnSolver, ReachPolicyIsTheBestChanceOfATarget) {
  // reach:N (what the final round asks, Z5) against the recursion maximizing P(bank >= N).
  const TurnModel m(three_dice());
  for (int target : {400, 750, 1500}) {
    const TurnEvaluation e = evaluate_turn(m, reach_policy(m, target));
    double p = 0;
    for (size_t t = 0; t < e.banked.size(); ++t)
      if (static_cast<int>(t) * kPointStep >= target) p += e.banked[t];
    Recursion rec;
    rec.target = target;
    EXPECT_NEAR(p, rec.throw_dice(0, 3), 1e-12) << target;
  }
}

// reach:N read off a wider reach policy is the reach:N the induction finds: the same bank and
// keep tables, the same distribution of the turn to the bit — with hot dice and without, with
// and without a bank minimum; and the library (which reads every reach:N off one) agrees.
TEST(ZehntausendTurnSolver, AReachPolicyReadOffAWiderOneIsTheSame) {
  for (const ZehntausendRules& rules :
       {ZehntausendRules{}, ZehntausendRules{.bank_min = 0}, ZehntausendRules{.hot_dice = false},
        ZehntausendRules{.dice = 4, .bank_min = 350, .hot_dice = false}}) {
    const TurnModel m(rules);
    const TurnPolicy wide = reach_policy(m, 12000);
    for (int n : {rules.bank_min, rules.bank_min + 50, 1000, 2350, 7000, 12000}) {
      const TurnPolicy direct = reach_policy(m, n), read = reach_from(m, wide, n);
      EXPECT_EQ(read.name, direct.name);
      EXPECT_EQ(read.horizon, direct.horizon) << n;
      EXPECT_EQ(read.bank, direct.bank) << n;
      EXPECT_EQ(read.keep, direct.keep) << n;
      const TurnEvaluation a = evaluate_turn(m, direct), b = evaluate_turn(m, read);
      EXPECT_EQ(a.value, b.value);
      EXPECT_EQ(a.banked, b.banked);
    }
    EXPECT_THROW(reach_from(m, wide, 12050), std::invalid_argument);  // wider than it
    const TurnLibrary lib(rules);
    for (int n : {13000, 1000, 40000, 600}) EXPECT_EQ(lib.reach(n).policy.keep, reach_policy(m, n).keep) << n;
  }
}

TEST(ZehntausendTurnSolver, FullGameFactsThatHoldWhateverThePolicy) {
  const TurnModel m(ZehntausendRules{});
  const TurnSolution s = solve_turn(m);
  // P(first throw is a Niete) = 1080 / 46656, whatever the policy (Z4's probability).
  EXPECT_NEAR(s.p_first_niete, 1080.0 / 46656.0, 1e-12);
  EXPECT_GT(s.p_niete, s.p_first_niete);
  // The optimum beats every bank:N and the heuristics, evaluated exactly.
  for (int n : {400, 1000, 2000, 3000}) EXPECT_GT(s.value, evaluate_turn(m, bank_at_policy(m, n)).value) << n;
  // bank:400 from scratch: bank once anything bankable is set aside, except that the first
  // set-aside is chosen for expected points; its value is at least E[points of a first throw
  // scoring 400 or more] — a loose independent floor.
  double floor = 0;
  for (const ThrowOutcome& o : m.throws(6))
    if (!o.niete() && o.options[static_cast<size_t>(o.most_points)].points >= 400)
      floor += o.probability * o.options[static_cast<size_t>(o.most_points)].points;
  EXPECT_GT(evaluate_turn(m, bank_at_policy(m, 400)).value, floor);
  // Thresholds: with one die left the player banks earlier than with six.
  EXPECT_LT(s.bank_at[1], s.bank_at[6]);
  EXPECT_GE(s.bank_at[1], 400);
  // The cap of the header (a bit over a million points for the preset).
  EXPECT_GT(s.cap, 100000);
}

TEST(ZehntausendTurnSolver, TheCapDoesNotBindAndThePolicyIsCompact) {
  // Above the horizon the policy banks: for the full game the horizon sits far below the cap.
  const TurnModel full(ZehntausendRules{});
  const TurnSolution f = solve_turn(full);
  EXPECT_LT(f.policy.horizon * kPointStep * 10, f.cap);
  const TurnModel m(three_dice());
  // reach:N maximizes P(bank at least N): its P is at least bank:N's.
  const auto reach = evaluate_turn(m, reach_policy(m, 1000));
  const auto bank = evaluate_turn(m, bank_at_policy(m, 1000));
  double p_reach = 0, p_bank = 0;
  for (size_t t = 20; t < reach.banked.size(); ++t) p_reach += reach.banked[t];
  for (size_t t = 20; t < bank.banked.size(); ++t) p_bank += bank.banked[t];
  EXPECT_GE(p_reach, p_bank - 1e-12);
}

TEST(ZehntausendTurnSolver, PolicyFileRoundTrip) {
  const TurnModel m(three_dice());
  const TurnSolution s = solve_turn(m);
  const std::string text = policy_text(m, s.policy, "# test\n");
  const TurnPolicy back = read_policy_text(m, text, "test.policy");
  EXPECT_EQ(back.bank, s.policy.bank);
  EXPECT_EQ(back.keep, s.policy.keep);
  EXPECT_EQ(back.horizon, s.policy.horizon);
  EXPECT_THROW(read_policy_text(m, "horizon 400\n0 0000000 1\n", "bad.policy"), core::InputError);
  EXPECT_THROW(read_policy_text(TurnModel(ZehntausendRules{}), text, "other-rules.policy"), core::InputError);
}

TEST(ZehntausendRules, IniRoundTripAndErrors) {
  ZehntausendRules r;
  EXPECT_EQ(preset("app"), r);
  EXPECT_THROW(preset("pub"), core::InputError);
  r.bank_min = 300;
  r.bankrott = false;
  r.straight = 0;
  const std::string ini = rules_ini(r);
  EXPECT_NE(ini.find("bank_min = 300"), std::string::npos);
  EXPECT_NE(ini.find("Z4"), std::string::npos);
  EXPECT_EQ(read_rules_ini(ini, "r.ini", ZehntausendRules{}), r);
  EXPECT_THROW(read_rules_ini("[zehntausend]\nbank_mín = 300\n", "r.ini", r), core::InputError);
  EXPECT_THROW(read_rules_ini("[zehntausend]\nbank_min = 333\n", "r.ini", r), core::InputError);  // not a multiple of 50
  EXPECT_THROW(read_rules_ini("[zehntausend]\nplayers = 9\n", "r.ini", r), core::InputError);
  ZehntausendRules s;
  set_rule(s, "hot_dice=false");
  EXPECT_FALSE(s.hot_dice);
  EXPECT_THROW(set_rule(s, "hot_dise"), core::InputError);
  EXPECT_THROW(set_rule(s, "hot_dise=true"), core::InputError);
  EXPECT_EQ(rules_summary(ZehntausendRules{}).substr(0, 7), "dice=6 ");
}

}  // namespace
}  // namespace verflixt::zehntausend
