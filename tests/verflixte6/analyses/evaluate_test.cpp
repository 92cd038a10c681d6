// Statistics and invariants of the reference engine: Monte Carlo means against an exact
// recursion written here (not the engine), thread-count reproducibility, and the
// conservation of eyes by steals.
#include "verflixt/games/verflixte6/analyses/evaluate.h"

#include <gtest/gtest.h>

#include <cmath>

#include "verflixte6/exact_threshold.h"
#include "verflixt/games/verflixte6/rules/engine.h"

namespace verflixt::verflixte6 {
namespace {

using testing::exact_threshold_value;

TEST(EvaluateStatistics, ThresholdMeansMatchTheExactRecursionWithin4SE) {
  Rules pig = preset("tournament-2019");
  pig.bust_face = 1;
  pig.free_throw = false;
  pig.ones_rob = false;
  for (const Rules& r : {preset("tournament-2019"), preset("classic"), pig}) {
    // Pig's hold-at-20 (Neller & Presser) is the n = 20 case under the Pig rules.
    for (int n : {1, 10, 17, 20, 25}) {
      const ThresholdPolicy policy(n);
      const SoloRun run = evaluate_solo(r, {}, policy, 200000, 12345, 2);
      const double exact = exact_threshold_value(r, n);
      EXPECT_NEAR(run.tally.mean(), exact, 4 * run.tally.stderr_mean())
          << rules_summary(r) << " threshold " << n;
      EXPECT_GT(run.tally.stderr_mean(), 0.0);
    }
  }
}

TEST(EvaluateStatistics, ThresholdOneIsTheFreeThrowExactly) {
  const ThresholdPolicy policy(1);
  const SoloRun run = evaluate_solo(preset("tournament-2019"), {}, policy, 60000, 7, 1);
  EXPECT_EQ(run.tally.busts(), 0u);
  EXPECT_EQ(run.tally.histogram().size(), 6u);
}

TEST(EvaluateReproducibility, SameSeedSameBitsWithOneAndTwoThreads) {
  const Rules r = preset("tournament-2019");
  const ThresholdPolicy policy(20);
  const JokerSet jokers = JokerSet{}.with(FUMO).with(RUNKELRUEB).with(JULE);
  const SoloRun a = evaluate_solo(r, jokers, policy, 100000, 99, 1);
  const SoloRun b = evaluate_solo(r, jokers, policy, 100000, 99, 2);
  const SoloRun c = evaluate_solo(r, jokers, policy, 100000, 99, 2);
  EXPECT_EQ(a.tally, b.tally);
  EXPECT_EQ(b.tally, c.tally);
  const SoloRun other = evaluate_solo(r, jokers, policy, 100000, 100, 2);
  EXPECT_NE(a.tally, other.tally);
  const PassRun p1 = evaluate_passes(r, {}, policy, 5, 20000, 3, 1);
  const PassRun p2 = evaluate_passes(r, {}, policy, 5, 20000, 3, 2);
  EXPECT_EQ(p1.tally.all, p2.tally.all);
}

TEST(EvaluateReproducibility, AStopRequestKeepsFinishedChunksOnly) {
  std::atomic<bool> stop{true};
  core::RunControl rc;
  rc.stop = &stop;
  const ThresholdPolicy policy(17);
  const SoloRun run = evaluate_solo(preset("tournament-2019"), {}, policy, 100000, 1, 2, rc);
  EXPECT_TRUE(run.interrupted);
  EXPECT_EQ(run.tally.turns() % kReferenceChunk, 0u);
  EXPECT_LT(run.tally.turns(), 100000u);
}

// A policy that watches every steal it makes: the victim must lose exactly the amount and
// the thief gain exactly the face plus the amount (plus the Keuler bonus when it is due),
// and a Zombie must never be offered as a victim under the tournament rules.
class StealWatcher : public Policy {
 public:
  explicit StealWatcher(int n) : n_(n) {}
  std::string name() const override { return "watcher"; }
  Action decide(const TurnView& v) const override {
    check(v);
    return v.turn.eyes >= n_ ? Action::stop() : Action::roll();
  }
  int choose_victim(const TurnView& v, int amount, std::span<const int> cand) const override {
    for (int k : cand)
      if (v.rules.rob_targets == RobTargets::NotZombie && v.table[static_cast<size_t>(k)].status == Status::Zombie)
        ++zombie_offered;
    const int victim = Policy::choose_victim(v, amount, cand);
    const SeatView& s = v.table[static_cast<size_t>(victim)];
    pending = {true, victim, s.eyes, v.turn.eyes, amount,
               v.rules.keuler_bonus > 0 && s.status == Status::Prinzessin && s.eyes > 0 && s.eyes - amount <= 0};
    ++steals;
    return victim;
  }
  void check(const TurnView& v) const {
    if (!pending.active) return;
    pending.active = false;
    const int victim_now = v.table[static_cast<size_t>(pending.victim)].eyes;
    if (victim_now != pending.victim_before - pending.amount) ++violations;
    // choose_victim sees the thief after his 1 was added: from there he gains exactly the
    // steal, plus the Keuler bonus if it was due and not yet paid for this victim.
    const int gained = v.turn.eyes - pending.thief_before;
    const int base = pending.amount;
    if (gained != base && !(pending.keuler && gained == base + v.rules.keuler_bonus)) ++violations;
  }
  mutable int steals = 0, violations = 0, zombie_offered = 0;

 private:
  struct Pending {
    bool active = false;
    int victim = 0, victim_before = 0, thief_before = 0, amount = 0;
    bool keuler = false;
  };
  int n_;
  mutable Pending pending;
};

TEST(EvaluateInvariants, StealsMoveEyesAndNeverRobZombies) {
  for (const Rules& r : {preset("tournament-2019"), preset("classic")}) {
    const StealWatcher watcher(18);
    std::vector<PassSeat> seats(5, PassSeat{&watcher, {}, 0, 0});
    core::RandomDice dice(core::chunk_rng(2024, 0));
    for (int pass = 0; pass < 3000; ++pass) play_pass(r, seats, pass % 5, dice);
    EXPECT_GT(watcher.steals, 1000) << r.preset;
    EXPECT_EQ(watcher.violations, 0) << r.preset;
    EXPECT_EQ(watcher.zombie_offered, 0) << r.preset;
  }
}

TEST(EvaluateInvariants, PassResultsAreNeverNegativeAndZombiesHoldZero) {
  const Rules r = preset("tournament-2019");
  const ThresholdPolicy policy(15);
  const JokerSet jokers = JokerSet{}.with(SENIGMA).with(PONY).with(ANACONDA);
  std::vector<PassSeat> seats(6, PassSeat{&policy, jokers, 0, 0});
  core::RandomDice dice(core::chunk_rng(5, 0));
  for (int pass = 0; pass < 2000; ++pass) {
    const PassResult res = play_pass(r, seats, pass % 6, dice);
    for (size_t k = 0; k < 6; ++k) {
      ASSERT_GE(res.eyes[k], 0);
      if (res.eyes[k] == 0) {
        ASSERT_EQ(res.status[k], Status::Zombie);
      }
    }
  }
}

}  // namespace
}  // namespace verflixt::verflixte6
