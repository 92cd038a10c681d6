// The solo model's exact step distributions: hand-derived distributions of single steps,
// invariants over whole reachable state spaces (probabilities sum to 1, canonical states),
// and the key cross-check — the reference engine's Monte Carlo mean and bust rate for every
// joker against the exact value of the compiled chain under the same policy.
#include "verflixt/games/verflixte6/exact/solo_model.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "verflixt/core/dice.h"
#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/core/markov.h"
#include "verflixt/core/rng.h"
#include "verflixte6/scripted.h"

namespace verflixt::verflixte6 {
namespace {

const Rules kT = preset("tournament-2019");
const Rules kC = preset("classic");

TurnState deciding(const Rules& r, int eyes, JokerSet held = {}, int rob = 0) {
  TurnState s;
  s.eyes = eyes;
  s.held = held;
  s.robbing_ones = rob;
  s.phase = TurnPhase::Decide;
  return canonical(r, s);
}

// Plays the first announceable joker it holds (rule order) at every decision, then stops at
// `n` eyes or more: a simple policy that exercises every joker, with the Policy defaults for
// the choices inside jokers.
class JokersFirst final : public Policy {
 public:
  explicit JokersFirst(int n) : n_(n) {}
  std::string name() const override { return "jokers-first:" + std::to_string(n_); }
  Action decide(const TurnView& v) const override {
    for (int k = 0; k < JOKER_NB; ++k)
      if (is_legal(v, Action::use(static_cast<Joker>(k)))) return Action::use(static_cast<Joker>(k));
    return v.turn.eyes >= n_ ? Action::stop() : Action::roll();
  }

 private:
  int n_;
};

// Eyes -> probability of one step's outcomes (terminal or not), for hand-derived checks.
std::map<int, double> eyes_of(const SoloOutcomes& out) {
  std::map<int, double> m;
  for (const auto& o : out) m[o.next.eyes] += o.prob;
  return m;
}
double total(const SoloOutcomes& out) {
  double t = 0;
  for (const auto& o : out) t += o.prob;
  return t;
}

TEST(SoloModel, FreeThrowAddsEveryFace) {  // T1
  const auto out = free_throw_outcomes(kT, solo_start(kT, {}));
  ASSERT_EQ(out.size(), 6u);
  for (const auto& o : out) {
    EXPECT_NEAR(o.prob, 1.0 / 6, 1e-15);
    EXPECT_EQ(o.next.robbing_ones, 0);
    EXPECT_EQ(o.next.phase, TurnPhase::Decide);
  }
}

TEST(SoloModel, PlainThrowTournament) {  // T3, T4, T5
  const ThresholdPolicy p(100);
  const PolicyChooser ch(kT, p);
  const auto out = solo_transition(kT, deciding(kT, 10, {}, 2), Action::roll(), ch);
  EXPECT_NEAR(total(out), 1, 1e-15);
  const auto m = eyes_of(out);
  // A 1 is the 3rd robbing 1: +1 and steals 3. 2..5 add. A 6 eliminates to 0.
  EXPECT_NEAR(m.at(14), 1.0 / 6 + 1.0 / 6, 1e-15);  // face 1 (10+1+3) and face 4
  EXPECT_NEAR(m.at(12), 1.0 / 6, 1e-15);
  EXPECT_NEAR(m.at(0), 1.0 / 6, 1e-15);
  for (const auto& o : out)
    if (o.next.eyes == 0) {
      EXPECT_TRUE(o.next.eliminated);
    }
}

TEST(SoloModel, RobbingCountIsCappedAtRobCap) {  // T4: the 12th robbing 1 steals 5
  const TurnState a = deciding(kT, 10, {}, 11), b = deciding(kT, 10, {}, 5);
  EXPECT_EQ(solo_key(a), solo_key(b));
}

TEST(SoloModel, HirtenschutzDoublesTheThrow) {  // J4 (hand-derived)
  const ThresholdPolicy p(100);
  const PolicyChooser ch(kT, p);
  auto m = eyes_of(solo_transition(kT, deciding(kT, 10, JokerSet{}.with(HIRTENSCHUTZ)), Action::use(HIRTENSCHUTZ), ch));
  ASSERT_EQ(m.size(), 6u);
  for (int f = 1; f <= 6; ++f) EXPECT_NEAR(m.at(10 + 2 * f), 1.0 / 6, 1e-15);
  // With Jule the step pays one more (E1).
  m = eyes_of(solo_transition(kT, deciding(kT, 10, JokerSet{}.with(HIRTENSCHUTZ).with(JULE)), Action::use(HIRTENSCHUTZ), ch));
  for (int f = 1; f <= 6; ++f) EXPECT_NEAR(m.at(11 + 2 * f), 1.0 / 6, 1e-15);
}

TEST(SoloModel, SenigmaClassicRepeatIsFourNinths) {  // J10 classic: 1 - 6·5·4/216
  const ThresholdPolicy p(100);
  const PolicyChooser ch(kC, p);
  const auto m = eyes_of(solo_transition(kC, deciding(kC, 10, JokerSet{}.with(SENIGMA)), Action::use(SENIGMA), ch));
  ASSERT_EQ(m.size(), 2u);
  EXPECT_NEAR(m.at(20), 4.0 / 9, 1e-15);
  EXPECT_NEAR(m.at(10), 5.0 / 9, 1e-15);
}

TEST(SoloModel, PonyFailsHalfTheTime) {  // J8: P(sum of 3 dice >= 11) = 108/216
  const ThresholdPolicy p(100);
  const PolicyChooser ch(kT, p);
  const auto m = eyes_of(solo_transition(kT, deciding(kT, 10, JokerSet{}.with(PONY)), Action::use(PONY), ch));
  EXPECT_NEAR(m.at(5), 0.5, 1e-15);
  EXPECT_NEAR(m.at(10 + 18), 1.0 / 216, 1e-15);
  EXPECT_NEAR(m.at(10 + 11), 27.0 / 216, 1e-15);
}

TEST(SoloModel, CherryExpectation) {  // J14: E = 3·(4·2/3)·(1 - 1/3) = 16/3
  const ThresholdPolicy p(100);
  const PolicyChooser ch(kT, p);
  const auto out = solo_transition(kT, deciding(kT, 0, JokerSet{}.with(CHERRY)), Action::use(CHERRY), ch);
  double e = 0;
  for (const auto& o : out) e += o.prob * o.next.eyes;
  EXPECT_NEAR(e, 16.0 / 3, 1e-12);
  EXPECT_NEAR(total(out), 1, 1e-12);
}

TEST(SoloModel, AnacondaAlwaysFightingMatchesEnumeration) {  // J3, both presets
  struct Fighter final : public Policy {
    std::string name() const override { return "fighter"; }
    Action decide(const TurnView&) const override { return Action::stop(); }
    bool anaconda_fight(const TurnView&, int) const override { return true; }
  } fighter;
  for (const Rules* r : {&kT, &kC}) {
    const PolicyChooser ch(*r, fighter);
    const auto m = eyes_of(solo_transition(*r, deciding(*r, 20, JokerSet{}.with(ANACONDA)), Action::use(ANACONDA), ch));
    std::map<int, double> want;
    for (int a = 1; a <= 6; ++a)
      for (int p = 1; p <= 6; ++p) {
        const bool classic = r == &kC;
        const int gain = p >= a ? (classic ? 10 : 12) + p : (classic ? -10 - a : -10);
        want[20 + gain] += 1.0 / 36;
      }
    ASSERT_EQ(m.size(), want.size());
    for (auto [e, p] : want) EXPECT_NEAR(m.at(e), p, 1e-15) << e;
  }
}

TEST(SoloModel, VentilSixDropsToTheNewFloor) {  // J11, §6 example 5
  const ThresholdPolicy p(100);
  const PolicyChooser ch(kT, p);
  const auto out = solo_transition(kT, deciding(kT, 20, JokerSet{}.with(VENTIL)), Action::use(VENTIL), ch);
  bool found = false;
  for (const auto& o : out)
    if (o.next.phase == TurnPhase::Over) {
      EXPECT_EQ(o.next.eyes, 20);
      EXPECT_TRUE(o.next.eliminated);
      EXPECT_NEAR(o.prob, 1.0 / 6, 1e-15);
      found = true;
    } else {
      EXPECT_TRUE(o.next.has_floor);
      EXPECT_EQ(o.next.floor, 20);
    }
  EXPECT_TRUE(found);
}

TEST(SoloModel, RunkelruebHalvesFumoBack) {  // J13/J15, §6 example 8: 36 with gain 16 -> 28
  const ThresholdPolicy p(100);  // the Policy default spends Runkelrüb
  const PolicyChooser ch(kT, p);
  TurnState s = deciding(kT, 36, JokerSet{}.with(RUNKELRUEB));
  s.fumo_active = true;
  s.fumo_gain = 16;
  const auto out = solo_transition(kT, s, Action::roll(), ch);
  EXPECT_NEAR(total(out), 1, 1e-15);
  double saved = 0, dead = 0;
  for (const auto& o : out) {
    if (o.next.phase == TurnPhase::Decide && o.next.eyes == 28) {
      EXPECT_FALSE(o.next.fumo_active);
      EXPECT_FALSE(o.next.held.has(RUNKELRUEB));
      saved += o.prob;
    }
    if (o.next.phase == TurnPhase::Over) dead += o.prob;
  }
  EXPECT_NEAR(saved, 1.0 / 6 * (1 - 1.0 / 9), 1e-15);  // a 6, then any of two throws >= 3
  EXPECT_NEAR(dead, 1.0 / 6 / 9, 1e-15);
  // Faces under Fumo count double: 36 + 2·5.
  EXPECT_NEAR(eyes_of(out).at(46), 1.0 / 6, 1e-15);
}

TEST(SoloModel, ClassicFumoRestartsWithAFreeThrow) {  // J13 classic, E6
  const ThresholdPolicy p(100);
  const PolicyChooser ch(kC, p);
  const auto out = solo_transition(kC, deciding(kC, 30, JokerSet{}.with(FUMO).with(PONY), 3), Action::roll(), ch);
  bool restart = false;
  for (const auto& o : out)
    if (o.next.phase == TurnPhase::FreeThrow) {
      restart = true;
      EXPECT_EQ(o.next.eyes, 0);
      EXPECT_EQ(o.next.robbing_ones, 0);
      EXPECT_TRUE(o.next.held.has(PONY));
      EXPECT_FALSE(o.next.held.has(FUMO));
      EXPECT_NEAR(o.prob, 1.0 / 6, 1e-15);
    }
  EXPECT_TRUE(restart);
}

// One turn-state type (turn.h): the engine moves through the phases the solo model lists,
// so an engine state reduced by canonical() is a solo state, phase included.
TEST(SoloModel, EngineStatesAreSoloStates) {  // T1, T5, J13 classic, E6
  auto contains = [](const SoloOutcomes& out, const TurnState& s) {
    for (const auto& o : out)
      if (o.next == s) return true;
    return false;
  };
  const JokerSet l = JokerSet{}.with(FUMO).with(PONY);
  TurnState t = new_turn(l);
  EXPECT_EQ(t.phase, TurnPhase::FreeThrow);
  EXPECT_EQ(canonical(kC, t), solo_start(kC, l));
  EXPECT_FALSE(is_legal(TurnView{kC, t, -1, {}, 0}, Action::roll()));  // nothing to decide yet
  core::ScriptedDice d{4, 6, 2};
  free_throw(kC, t, d);
  EXPECT_EQ(t.phase, TurnPhase::Decide);
  EXPECT_TRUE(contains(free_throw_outcomes(kC, solo_start(kC, l)), canonical(kC, t)));
  // A 6 with classic fumo held: eliminated (Over), re-entered (FreeThrow), its free throw
  // thrown (Decide) — the solo model's fumo_restart and its free-throw outcomes.
  const TurnState before = canonical(kC, t);
  testing::ScriptedPolicy reenter({}, {true});
  solo_step(kC, t, Action::roll(), reenter, d);
  EXPECT_TRUE(reenter.done());
  EXPECT_EQ(t.phase, TurnPhase::Decide);
  EXPECT_EQ(t.eyes, 2);
  const testing::ScriptedPolicy model_reenters({}, {true});
  EXPECT_TRUE(contains(solo_transition(kC, before, Action::roll(), PolicyChooser(kC, model_reenters)),
                       fumo_restart(kC, before)));
  EXPECT_TRUE(contains(free_throw_outcomes(kC, fumo_restart(kC, before)), canonical(kC, t)));
  const TurnState decided = canonical(kC, t);
  solo_step(kC, t, Action::stop(), reenter, d);
  EXPECT_TRUE(t.over());
  EXPECT_FALSE(t.eliminated);
  EXPECT_TRUE(contains(solo_transition(kC, decided, Action::stop(), PolicyChooser(kC, reenter)), canonical(kC, t)));
}

// Every step of every state reachable under JokersFirst, for every loadout of one joker in
// both presets: outcome probabilities sum to 1 and every successor is canonical.
TEST(SoloModel, EveryStepIsADistributionOfCanonicalStates) {
  for (const Rules* r : {&kT, &kC})
    for (JokerSet l : all_loadouts(*r)) {
      if (l.size() > 1) continue;
      const core::Chain c = compile_chain(*r, l, JokersFirst(20));
      for (std::size_t s = 0; s < c.size(); ++s) {
        if (c.terminal[s]) continue;
        double sum = 0;
        for (auto k = c.first[s]; k < c.first[s + 1]; ++k) sum += c.outcome_prob[k];
        EXPECT_NEAR(sum, 1, 1e-12) << loadout_name(l);
      }
    }
}

// The key cross-check: the engine's Monte Carlo turns against the exact chain value, for
// every joker of both presets under the same policy (mean and bust rate within 4 standard
// errors). Jokers are tested alone and with Jule, Tentakel and Runkelrüb, whose effects
// reach into the other jokers' steps.
TEST(SoloModel, EngineMonteCarloMatchesTheExactChain) {
  const JokersFirst policy(18);
  const int kTurns = 60000;
  int checked = 0;
  for (const Rules* r : {&kT, &kC}) {
    std::vector<JokerSet> loadouts;
    for (int k = 0; k < JOKER_NB; ++k) {
      const Joker j = static_cast<Joker>(k);
      if (!r->jokers.has(j)) continue;
      loadouts.push_back(JokerSet{}.with(j));
      if (r == &kT) loadouts.push_back(JokerSet{}.with(j).with(JULE).with(RUNKELRUEB));
      if (r == &kT && j != TENTAKEL) loadouts.push_back(JokerSet{}.with(j).with(TENTAKEL));
    }
    for (JokerSet l : loadouts) {
      const core::MarkovResult exact = evaluate_chain(compile_chain(*r, l, policy));
      core::RandomDice dice(core::chunk_rng(20261120, static_cast<std::uint64_t>(l.bits) + (r == &kC ? 1u << 16 : 0u)));
      double sum = 0, sq = 0, busts = 0;
      for (int t = 0; t < kTurns; ++t) {
        const TurnState end = play_solo_turn(*r, l, policy, dice);
        sum += end.eyes;
        sq += double(end.eyes) * end.eyes;
        busts += end.eliminated;
      }
      const double mean = sum / kTurns;
      const double se = std::sqrt((sq / kTurns - mean * mean) / kTurns);
      const double bust = busts / kTurns;
      const double bust_se = std::sqrt(exact.bust_probability * (1 - exact.bust_probability) / kTurns);
      EXPECT_NEAR(mean, exact.ev, 4 * se) << r->preset << " " << loadout_name(l);
      EXPECT_NEAR(bust, exact.bust_probability, 4 * bust_se + 1e-12) << r->preset << " " << loadout_name(l);
      ++checked;
    }
  }
  EXPECT_GE(checked, 40);
}

}  // namespace
}  // namespace verflixt::verflixte6
