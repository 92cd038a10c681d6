// balance --until-verdict (balance.h): the sequential rule keeps its stated error rate — among
// jokers that are in truth equal it names a strongest or weakest in at most 5% of seeds, where
// the plain 2-SE rule looked at after every block does far more often — and it reaches the
// verdict where one joker is made clearly strongest, through the binary.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>

#include "binary.h"
#include "verflixt/core/budget.h"
#include "verflixt/games/verflixte6/analyses/balance.h"
#include "verflixt/games/verflixte6/analyses/objective.h"

namespace verflixt::verflixte6 {
namespace {

// A run of `n` one-evening series whose tested seat wins with probability p (its own stream).
TableRun bernoulli_run(double p, int n, std::mt19937_64& rng) {
  TableRun r;
  r.series_length = 1;
  r.field_seats = 1;
  for (int s = 0; s < n; ++s) {
    const double u = static_cast<double>(rng() >> 11) * 0x1.0p-53;
    std::array<std::int64_t, TableRun::kFeatures> x{};
    x[0] = u < p ? kWinUnit : 0;  // the tested seat's win share, in kWinUnit
    r.series.push_back(x);
    r.done.push_back(1);
  }
  r.evenings = r.requested = static_cast<std::uint64_t>(n);
  return r;
}

// Blocks of a one-family table with two tested jokers winning with p_a and p_b.
SequentialRun sequential(double p_a, double p_b, std::uint64_t seed, int looks, double z) {
  std::mt19937_64 rng(seed);
  return run_until_verdict(looks, z, [&](int) -> std::optional<JokerTable> {
    JokerTable t;
    t.tested = {PONY, MONOKEL};
    FamilyRows rows;
    rows.family = "synthetic";
    rows.base = bernoulli_run(0.25, 100, rng);
    rows.with = {bernoulli_run(p_a, 100, rng), bernoulli_run(p_b, 100, rng)};
    t.families.push_back(rows);
    return t;
  });
}

TEST(BalanceSequential, AStopDuringABlocksSolvesKeepsTheBlocksBefore) {
  // A stop during a block's exact solves throws core::Interrupted (core::checkpoint); the
  // blocks finished before it are the answer, marked interrupted, as after a stop in its games.
  std::mt19937_64 rng(3);
  const auto block = [&]() {
    JokerTable t;
    t.tested = {PONY, MONOKEL};
    FamilyRows rows;
    rows.family = "synthetic";
    rows.base = bernoulli_run(0.25, 100, rng);
    rows.with = {bernoulli_run(0.3, 100, rng), bernoulli_run(0.3, 100, rng)};
    t.families.push_back(rows);
    t.runs_done = t.runs_total = 3;
    return t;
  };
  const SequentialRun run = run_until_verdict(20, 50.0, [&](int b) -> std::optional<JokerTable> {
    if (b == 2) throw core::Interrupted("computing");
    return block();
  });
  EXPECT_EQ(run.blocks, 2);
  EXPECT_TRUE(run.table.interrupted);
  EXPECT_FALSE(run.decided);
  EXPECT_EQ(run.table.runs_done, 6u);
  ASSERT_TRUE(run.table.families[0].base.has_value());
  EXPECT_EQ(run.table.families[0].base->evenings, 200u);  // two blocks pooled
  // In the first block nothing is finished: the stop goes on to the command (nothing to show).
  EXPECT_THROW(run_until_verdict(20, 50.0, [&](int) -> std::optional<JokerTable> { throw core::Interrupted("computing"); }),
               core::Interrupted);
}

TEST(BalanceSequential, ZIsTheBonferroniQuantile) {
  // alpha / (looks · families · pairs) two-sided: 0.05 / 20 → z = 3.023341 (normal tables:
  // the 0.99875 quantile); one look, one pair: 1.959964.
  EXPECT_NEAR(sequential_z(20, 1, 2, 0.05), 3.023341, 1e-5);
  EXPECT_NEAR(sequential_z(1, 1, 2, 0.05), 1.959964, 1e-5);
  EXPECT_NEAR(sequential_z(5, 2, 3, 0.05), sequential_z(30, 1, 2, 0.05), 1e-12);  // 3 pairs · 2 families · 5 looks
}

TEST(BalanceSequential, EqualJokersGetNoVerdictInAtLeast95PercentOfSeeds) {
  const int looks = 20, seeds = 400;
  const double z = sequential_z(looks, 1, 2, 0.05);
  int verdicts = 0, naive = 0;
  for (int s = 0; s < seeds; ++s) {
    const SequentialRun run = sequential(0.3, 0.3, static_cast<std::uint64_t>(s), looks, z);
    if (run.decided) ++verdicts;
    else EXPECT_EQ(run.blocks, looks);  // no verdict: it played the whole budget
    naive += sequential(0.3, 0.3, static_cast<std::uint64_t>(s), looks, 2.0).decided;
  }
  RecordProperty("verdicts_of_400", verdicts);
  RecordProperty("naive_verdicts_of_400", naive);
  EXPECT_LE(verdicts, seeds * 5 / 100) << verdicts << " of " << seeds;
  // Looking after every block with the plain 2 SE would name a joker far more often.
  EXPECT_GT(naive, seeds * 10 / 100) << naive << " of " << seeds;
}

TEST(BalanceSequential, AClearlyStrongerJokerIsNamedBeforeTheBudget) {
  const int looks = 20;
  const double z = sequential_z(looks, 1, 2, 0.05);
  int found = 0;
  for (std::uint64_t s = 0; s < 50; ++s) {
    const SequentialRun run = sequential(0.55, 0.3, s, looks, z);
    if (run.decided && run.table.strongest == "pony" && run.table.weakest == "monokel" && run.blocks < looks) ++found;
  }
  EXPECT_EQ(found, 50);
}

TEST(BalanceSequential, UntilVerdictThroughTheBinary) {
  // Jule paying 6 eyes a step is far out: the strongest joker at any table.
  const auto r = testing::run(
      "balance --players 3 --evenings 200 --until-verdict 4000 --jokers jule,pony --set jule.bonus=6 "
      "--no-solver-family --strong none --threads 1 --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["verdict"]["strongest"], "jule");
  EXPECT_EQ(j["verdict"]["weakest"], "pony");
  const auto& u = j["until_verdict"];
  EXPECT_EQ(u["stopped_at"], "verdict");
  EXPECT_EQ(u["budget_blocks"], 20);
  EXPECT_LT(u["blocks"].get<int>(), 20);
  EXPECT_NEAR(u["z"].get<double>(), 3.023341, 1e-5);
  EXPECT_EQ(j["verdict"]["z"], u["z"]);
  EXPECT_EQ(testing::run("balance --until-verdict 100 --evenings 200 --jokers pony,jule").code, 2);
}

}  // namespace
}  // namespace verflixt::verflixte6
