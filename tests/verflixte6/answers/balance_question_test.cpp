#include "verflixt/games/verflixte6/answers/balance.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../../input_error.h"

namespace verflixt::verflixte6 {
namespace {

const std::string kSource = VERFLIXT_SOURCE_DIR;

// A question with the shipped heuristic as the first family (read from the source tree), no
// strong family (the slowest to read).
BalanceQuestion question() {
  return {.policy = kSource + "/strategies/heuristic.ini", .field = "threshold:18", .strong = "none"};
}

// The message of the InputError prepare_balance throws for `q`.
std::string error_of(const Rules& rules, const BalanceQuestion& q) {
  return testing::message_of([&] { prepare_balance(rules, q); });
}

TEST(BalanceQuestion, RefusesWithTheOptionsNames) {
  const Rules rules = preset("tournament-2019");
  BalanceQuestion q = question();
  q.vary = "pony.throws=2..4";
  q.auto_ = "pony.throws=2..4";
  EXPECT_EQ(error_of(rules, q), "--vary and --auto exclude each other; give one");
  q.auto_.reset();
  q.until_verdict = 600;
  EXPECT_EQ(error_of(rules, q), "--until-verdict plays the joker table; it does not go with --vary or --auto");
  q = question();
  q.jokers = "pony";
  q.auto_ = "pony.throws=2..4";
  EXPECT_EQ(error_of(rules, q), "--auto: --jokers names no joker but pony to balance against");
  q = question();
  q.engine = "kernel";
  q.strong = "strategies/strong.ini";
  EXPECT_EQ(error_of(rules, q), "--engine kernel: the pass kernel cannot play the strong family (its choices read "
                                "the table); valid: --engine auto or reference, or --strong none");
}

TEST(BalanceQuestion, AllTestsEveryJokerOfTheRulesUnderEveryFamilyAsked) {
  Rules rules = preset("tournament-2019");
  rules.jokers = JokerSet{}.with(PONY).with(FUMO);
  BalanceQuestion q = question();
  q.players = 3;
  const BalancePlan p = prepare_balance(rules, q);
  EXPECT_EQ(p.tested, (std::vector<Joker>{PONY, FUMO}));
  EXPECT_TRUE(p.base.empty());
  EXPECT_EQ(p.base_name, "none");
  EXPECT_EQ(p.field, "threshold:18");
  EXPECT_EQ(p.table.players, 3);
  EXPECT_EQ(p.table.engine, PassEngine::Auto);
  ASSERT_EQ(p.families.size(), 2u);
  EXPECT_EQ(p.families[1].name, "solver");

  q.no_solver_family = true;
  q.jokers = "fumo";
  q.auto_ = "pony.throws=2..4";
  const BalancePlan tuned = prepare_balance(rules, q);
  EXPECT_EQ(tuned.families.size(), 1u);
  EXPECT_EQ(tuned.tested, (std::vector<Joker>{FUMO}));
  EXPECT_EQ(tuned.sweep.joker, PONY);
}

}  // namespace
}  // namespace verflixt::verflixte6
