// One step, two readers: the reference engine samples a step (turn_step.h) and the solo
// model enumerates it. Here the engine's step is played for EVERY sequence of dice it can
// throw (a tree of scripted dice, each path with probability 6^-length), which gives the
// engine's exact successor distribution; it must equal the model's list, state by state, for
// every action of a set of states — the plain throw with everything that reacts to it
// (bust face, robbing 1s, Tentakel, Jule, Fumo, Runkelrüb, classic fumo, the Ventil floor)
// and every joker, under both presets and rule variants — with inner choices answered by
// policies that take different answers for different arguments. A test of any step that
// diverged between the engine and the model fails here.
#include <gtest/gtest.h>

#include <map>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "verflixt/core/dice.h"
#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/exact/solo_model.h"

namespace verflixt::verflixte6 {
namespace {

// Inner choices as fixed functions of their arguments (`mode` picks one of three sets), so
// the engine, asked again on every path, answers as the model's PolicyChooser does.
class Answers final : public Policy {
 public:
  explicit Answers(int mode) : mode_(mode) {}
  std::string name() const override { return "answers:" + std::to_string(mode_); }
  Action decide(const TurnView&) const override { return Action::stop(); }
  bool anaconda_fight(const TurnView& v, int a) const override { return mode_ == 0 ? a <= 3 : mode_ == 1 ? (a + v.turn.eyes) % 2 : a >= 5; }
  bool rattenlord_retreat(const TurnView&, int left) const override { return mode_ == 0 ? left == 1 : mode_ == 1; }
  bool monokel_rethrow(const TurnView&, int index, int face, int kept) const override {
    return mode_ == 0 ? face <= 3 : mode_ == 1 ? (face + kept + index) % 3 == 0 : face == 1;
  }
  bool senigma_counter(const TurnView&, int round, int a, int won, int lost) const override {
    return mode_ == 0 ? a >= 3 : mode_ == 1 ? (round + a + won - lost) % 2 == 0 : a == 6;
  }
  bool use_runkelrueb(const TurnView& v) const override { return mode_ != 2 || v.turn.eyes > 10; }
  bool use_fumo_reentry(const TurnView& v) const override { return mode_ != 1 || v.turn.frost_used > 0; }

 private:
  int mode_;
};

// Dice that replay a prefix; asked for more, they stop the play to let the tree branch.
struct NeedMore {};
class TreeDice final : public core::Dice {
 public:
  explicit TreeDice(const std::vector<int>& prefix) : prefix_(prefix) {}
  int roll() override {
    if (next_ >= prefix_.size()) throw NeedMore{};
    return prefix_[next_++];
  }

 private:
  const std::vector<int>& prefix_;
  std::size_t next_ = 0;
};

using Key = std::tuple<std::uint64_t, std::uint64_t>;
using Dist = std::map<Key, std::pair<TurnState, double>>;
Key key_of(const TurnState& s) {
  const SoloKey k = solo_key(s);
  return {k.hi, k.lo};
}
void add(Dist& d, const TurnState& s, double p) {
  auto [it, fresh] = d.try_emplace(key_of(s), s, 0.0);
  it->second.second += p;
}

// The engine's successor distribution of `a` from `s`, over every sequence of dice.
void engine_paths(const Rules& r, const TurnState& s, Action a, const Policy& p, std::vector<int>& prefix,
                  double prob, Dist& out) {
  TurnState t = s;
  TreeDice dice(prefix);
  try {
    solo_step(r, t, a, p, dice);
  } catch (const NeedMore&) {
    for (int f = 1; f <= 6; ++f) {
      prefix.push_back(f);
      engine_paths(r, s, a, p, prefix, prob / 6, out);
      prefix.pop_back();
    }
    return;
  }
  add(out, canonical(r, t), prob);
}

// The model's: a classic fumo re-entry's new free throw is part of the engine's step (E6).
Dist model_dist(const Rules& r, const TurnState& s, Action a, const Policy& p) {
  Dist out;
  for (const auto& o : solo_transition(r, s, a, PolicyChooser(r, p))) {
    if (o.next.phase != TurnPhase::FreeThrow) {
      add(out, o.next, o.prob);
      continue;
    }
    for (const auto& f : free_throw_outcomes(r, o.next)) add(out, f.next, o.prob * f.prob);
  }
  return out;
}

Rules variant(const char* preset_name, std::initializer_list<std::pair<const char*, int>> changes) {
  Rules r = preset(preset_name);
  for (const auto& [name, value] : changes) {
    const std::string n = name;
    if (n == "bust_face") r.bust_face = value;
    else if (n == "ones_rob") r.ones_rob = value != 0;
    else if (n == "rob_cap") r.rob_cap = value;
    else if (n == "senigma_rounds") r.senigma_rounds = value;
    else if (n == "cherry_throws") r.cherry_throws = value;
    else if (n == "free_throw") r.free_throw = value != 0;
    else throw std::invalid_argument(n);
  }
  return r;
}

// States to step from: a few eyes, robbing counts, Frostschutz uses, an active Fumo with its
// gain and a Ventil floor, each with the joker under test alone and beside the autojokers
// that reach into other steps (Jule, Tentakel, Runkelrüb) and classic fumo.
std::vector<TurnState> states_for(const Rules& r, Joker j) {
  std::vector<TurnState> out;
  for (JokerSet extra : {JokerSet{}, JokerSet{}.with(JULE), JokerSet{}.with(TENTAKEL), JokerSet{}.with(RUNKELRUEB),
                         JokerSet{}.with(FUMO).with(RUNKELRUEB)})
    for (int eyes : {0, 9, 24})
      for (int variant = 0; variant < 4; ++variant) {
        TurnState s;
        s.phase = TurnPhase::Decide;
        s.eyes = eyes;
        s.held = JokerSet{static_cast<u16>(extra.bits & r.jokers.bits)};
        if (j != JOKER_NB && r.jokers.has(j)) s.held = s.held.with(j);
        if (variant == 1) s.robbing_ones = 2;
        if (variant == 2) {
          s.fumo_active = r.fumo == FumoKind::Doubling;
          s.fumo_gain = s.fumo_active ? std::min(eyes, 8) : 0;
          s.frost_used = s.held.has(FROSTSCHUTZ) ? 2 : 0;
        }
        if (variant == 3) {
          s.has_floor = true;
          s.floor = eyes / 2;
        }
        out.push_back(canonical(r, s));
      }
  return out;
}

void expect_same(const Rules& r, const TurnState& s, Action a, const Policy& p, int& compared) {
  Dist engine;
  std::vector<int> prefix;
  engine_paths(r, s, a, p, prefix, 1.0, engine);
  const Dist model = model_dist(r, s, a, p);
  const std::string where = r.preset + " " + p.name() + " from " + describe(s) + " action " +
                            (a.kind == Action::Roll ? "roll" : std::string(joker_id(a.joker)));
  ASSERT_EQ(engine.size(), model.size()) << where;
  for (const auto& [k, sp] : model) {
    const auto it = engine.find(k);
    ASSERT_NE(it, engine.end()) << where << ": the engine never reaches " << describe(sp.first);
    EXPECT_NEAR(it->second.second, sp.second, 1e-12) << where << " -> " << describe(sp.first);
  }
  ++compared;
}

TEST(Step, EngineEnumeratedEqualsModelForEveryStep) {  // T1-T5, J1-J15, E1-E9
  const std::vector<Rules> rules{
      variant("tournament-2019", {{"senigma_rounds", 2}, {"cherry_throws", 3}}),
      variant("classic", {{"cherry_throws", 3}}),
      variant("tournament-2019", {{"bust_face", 5}, {"ones_rob", 1}, {"rob_cap", 2}, {"senigma_rounds", 3}, {"cherry_throws", 2}}),
      variant("classic", {{"bust_face", 1}, {"free_throw", 0}, {"cherry_throws", 2}}),
  };
  int compared = 0;
  for (const Rules& r : rules)
    for (int mode = 0; mode < 3; ++mode) {
      const Answers p(mode);
      for (int k = 0; k <= JOKER_NB; ++k) {
        const Joker j = static_cast<Joker>(k);
        if (k < JOKER_NB && !r.jokers.has(j)) continue;
        for (const TurnState& s : states_for(r, j)) {
          expect_same(r, s, Action::roll(), p, compared);
          expect_same(r, s, Action::stop(), p, compared);
          if (k < JOKER_NB && solo_legal(r, s, Action::use(j))) expect_same(r, s, Action::use(j), p, compared);
        }
      }
    }
  EXPECT_GE(compared, 2000);
}

// The free throw (T1): the engine's over every face equals free_throw_outcomes, with and
// without the rule.
TEST(Step, FreeThrowEnumeratedEqualsModel) {  // T1
  for (const Rules& r : {preset("classic"), variant("classic", {{"free_throw", 0}})}) {
    const TurnState s = solo_start(r, JokerSet{}.with(JULE));
    Dist engine;
    for (int f = 1; f <= (r.free_throw ? 6 : 1); ++f) {
      TurnState t = new_turn(JokerSet{}.with(JULE));
      core::ScriptedDice d{f};
      free_throw(r, t, d);
      add(engine, canonical(r, t), r.free_throw ? 1.0 / 6 : 1.0);
    }
    Dist model;
    for (const auto& o : free_throw_outcomes(r, s)) add(model, o.next, o.prob);
    ASSERT_EQ(engine.size(), model.size());
    for (const auto& [k, sp] : model) EXPECT_NEAR(engine[k].second, sp.second, 1e-15) << describe(sp.first);
  }
}

// The gain bound the chain compiler and the solver refuse rules by, read from the step: the
// smallest change a surviving plain throw brings (Tentakel, Jule; the steal left out, it may
// lapse), against the rule written out by hand.
TEST(Step, MinPlainGainIsTheStepsSmallestSurvivingGain) {  // T3, J7, J12
  int checked = 0;
  for (int bust = 1; bust <= 6; ++bust)
    for (int tentakel_bonus : {5, -3, -77})
      for (int jule_bonus : {1, -2})
        for (JokerSet l : {JokerSet{}, JokerSet{}.with(TENTAKEL), JokerSet{}.with(JULE), JokerSet{}.with(TENTAKEL).with(JULE).with(FUMO)}) {
          Rules r = preset("tournament-2019");
          r.bust_face = bust;
          r.tentakel_bonus = tentakel_bonus;
          r.jule_bonus = jule_bonus;
          int want = 1 << 30, face = 0;
          for (int f = 1; f <= 6; ++f) {
            if (f == bust) continue;
            const int g = (l.has(TENTAKEL) && f <= r.tentakel_max_face ? f + tentakel_bonus : f) + (l.has(JULE) ? jule_bonus : 0);
            if (g < want) want = g, face = f;
          }
          const PlainGain got = min_plain_gain(r, l);
          EXPECT_EQ(got.gain, want) << loadout_name(l) << " bust " << bust;
          EXPECT_EQ(got.face, face) << loadout_name(l) << " bust " << bust;
          ++checked;
        }
  EXPECT_EQ(checked, 144);
}

}  // namespace
}  // namespace verflixt::verflixte6
