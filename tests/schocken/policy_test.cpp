// Schocken's policies: the heuristic's keeps worked out by hand, its INI reader, the keep-table
// file round trip and the policy specs.
#include "verflixt/games/schocken/policy.h"

#include <gtest/gtest.h>

#include <sstream>

#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/games/schocken/solver.h"

namespace verflixt::schocken {
namespace {

TurnView view(Dice d, int position) {
  TurnView v;
  v.dice = d;
  v.position = position;
  return v;
}

TEST(SchockenPolicy, HeuristicKeepsOnesThenPairsThenSixes) {
  HeuristicParams p;
  p.stand_at = make_dice(2, 2, 2);
  p.chase_at = make_dice(4, 1, 1);
  const HeuristicPolicy h(p, "h");
  EXPECT_EQ(h.decide(view(make_dice(3, 3, 3), 0)), stand());         // General 3 >= General 2
  EXPECT_EQ(keep_code(h.decide(view(make_dice(3, 3, 3), 1))), "33");  // a follower wants Schock 4+
  EXPECT_EQ(keep_code(h.decide(view(make_dice(6, 1, 1), 1))), "S");
  EXPECT_EQ(keep_code(h.decide(view(make_dice(3, 1, 1), 1))), "11");
  EXPECT_EQ(keep_code(h.decide(view(make_dice(6, 4, 1), 0))), "1");
  EXPECT_EQ(keep_code(h.decide(view(make_dice(5, 2, 2), 0))), "22");
  EXPECT_EQ(keep_code(h.decide(view(make_dice(6, 5, 3), 0))), "6");
  EXPECT_EQ(keep_code(h.decide(view(make_dice(5, 4, 2), 0))), "-");
}

TEST(SchockenPolicy, HeuristicIniAndErrors) {
  std::istringstream in("[heuristic]\nstand_at = 5 5 5\nchase_at = 211\nkeep_pairs = false\n");
  const HeuristicParams p = read_heuristic(in, "h.ini");
  EXPECT_EQ(p.stand_at, make_dice(5, 5, 5));
  EXPECT_EQ(p.chase_at, make_dice(2, 1, 1));
  EXPECT_FALSE(p.keep_pairs);
  std::istringstream bad("[heuristic]\nstand_at = 7 1 1\n");
  try {
    read_heuristic(bad, "h.ini");
    FAIL();
  } catch (const core::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("h.ini:2"), std::string::npos) << e.what();
  }
  std::istringstream unknown("[heuristic]\nstand = 5 5 5\n");
  EXPECT_THROW(read_heuristic(unknown, "h.ini"), core::InputError);
}

TEST(SchockenPolicy, KeepTableFileRoundTrip) {
  SchockenRules rules;
  rules.players = 3;
  const RoundKeepTables t = equilibrium_tables(rules);
  const std::string text = policy_file_text(t, rules, "# test\n");
  std::istringstream in(text);
  const RoundKeepTables back = read_policy_file(in, "t.policy", rules);
  for (int n = 2; n <= 3; ++n)
    for (int p = 0; p < n; ++p)
      for (int limit = 1; limit <= 3; ++limit)
        for (int d = 0; d < kThrowCount; ++d)
          for (int k = 1; k < limit; ++k) {
            const auto& a = t.tables[static_cast<size_t>(n)][static_cast<size_t>(p)][static_cast<size_t>(limit - 1)]
                                    [static_cast<size_t>(d)][static_cast<size_t>(k - 1)];
            const auto& b = back.tables[static_cast<size_t>(n)][static_cast<size_t>(p)][static_cast<size_t>(limit - 1)]
                                       [static_cast<size_t>(d)][static_cast<size_t>(k - 1)];
            ASSERT_EQ(a, b);
          }
  // A table for fewer players than the game needs, or an impossible keep, is refused.
  SchockenRules four = rules;
  four.players = 4;
  std::istringstream short_in(text);
  EXPECT_THROW(read_policy_file(short_in, "t.policy", four), core::InputError);
  // The last keep of the file belongs to the last throw; keeping 1 1 there is impossible.
  ASSERT_NE(all_throws()[kThrowCount - 1][1], 1);
  std::string broken = text;
  broken.erase(broken.find_last_not_of('\n') + 1);
  broken = broken.substr(0, broken.rfind(' ')) + " 11\n";
  std::istringstream broken_in(broken);
  EXPECT_THROW(read_policy_file(broken_in, "t.policy", rules), core::InputError);
}

TEST(SchockenPolicy, CommittedEquilibriumFileIsTheSolversTables) {
  // strategies/schocken/equilibrium.policy is a golden output: a solver change shows here.
  SchockenRules rules;
  rules.players = 8;
  std::istringstream in(core::read_text_file(std::string(VERFLIXT_SOURCE_DIR) + "/strategies/schocken/equilibrium.policy", "policy"));
  const RoundKeepTables file = read_policy_file(in, "equilibrium.policy", rules);
  const RoundKeepTables solved = equilibrium_tables(rules);
  for (int n = 2; n <= 8; ++n)
    for (int p = 0; p < n; ++p)
      for (int limit = 1; limit <= 3; ++limit)
        for (int d = 0; d < kThrowCount; ++d)
          for (int k = 1; k < limit; ++k)
            ASSERT_EQ(file.tables[static_cast<size_t>(n)][static_cast<size_t>(p)][static_cast<size_t>(limit - 1)]
                                 [static_cast<size_t>(d)][static_cast<size_t>(k - 1)],
                      solved.tables[static_cast<size_t>(n)][static_cast<size_t>(p)][static_cast<size_t>(limit - 1)]
                                   [static_cast<size_t>(d)][static_cast<size_t>(k - 1)])
                << n << " players, position " << p << ", limit " << limit << ", throw " << d << ", after " << k;
}

TEST(SchockenPolicy, Specs) {
  const SchockenRules rules;
  std::shared_ptr<const RoundKeepTables> cache;
  EXPECT_EQ(make_policy("stand", rules, cache)->name(), "stand");
  EXPECT_THROW(make_policy("stnd", rules, cache), core::InputError);
  EXPECT_THROW(make_policy("missing.ini", rules, cache), core::InputError);
}

}  // namespace
}  // namespace verflixt::schocken
