#pragma once
// What a game is to the algorithms (after OpenSpiel's spiel.h: a state, its legal actions,
// its chance outcomes with probabilities, apply), shaped for dice games. No game lives here.
//
// Two faces of one idea:
//  - GameModel, a C++20 concept. The algorithms (game_algorithms.h) are templates over it, so
//    a Monte Carlo through a model costs no virtual call and no allocation beyond the game's
//    own functions.
//  - AnyGame, a small type-erased wrapper of any GameModel, for the registry of every game
//    and the tests that run over all of them. Its states are opaque handles (AnyState: the
//    game's own State inside a std::any), not serialized strings: a handle costs one copy of
//    the state, a string would cost a printer and a parser per game, and a test that wants
//    text has state_text. Actions and chance outcomes cross the wrapper as indices into the
//    lists of the state they were listed for; each carries its stable id (actions) or text.
//
// A state is exactly one of: a decision of player p (current_player(s) = p >= 0), a chance
// node (kChanceNode) or terminal (kTerminal). A chance node is ONE throw of n dice of the
// same size (DiceThrow): its outcomes are what the game makes of the multiset of faces shown,
// listed by the game with exact probabilities (core::dice_multisets' multinomials, or the
// game's own table built from them). outcome_of_faces maps a throw of real dice to its
// outcome, so a sampler rolls the dice the rules say and the tests can check the listed
// probabilities against the dice. A game's outcome may be coarser than the multiset (Pig's
// face, Schocken's hand after the kept dice), never finer.
//
// The printed state names everything its future depends on (equal text, equal futures): the
// compile of model_graph.h merges states on it. A game may also name a state by one 64-bit
// word, `std::optional<std::uint64_t> state_key(s)` (equal keys exactly where equal texts;
// StateKey below packs one, empty where a field is out of its range): the compile then keeps
// a word per state instead of its text, and formats no text at all.
#include <any>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "verflixt/core/chance.h"
#include "verflixt/core/rng.h"

namespace verflixt::core {

inline constexpr int kChanceNode = -1;
inline constexpr int kTerminal = -2;

// The throw of a chance node: `dice` dice of `faces` faces each.
struct DiceThrow {
  int dice = 1;
  int faces = 6;
};

// A legal action as the erased game lists it: a stable id (the same action has the same id
// in every state and every run; policies, tests and files may store it) and a name.
struct ActionInfo {
  int id = 0;
  std::string name;
};

// A chance outcome as the erased game lists it.
struct OutcomeInfo {
  double probability = 0;
  std::string name;
};

template <class G>
concept GameModel = requires(const G& g, const typename G::State& s, const typename G::Action& a,
                             const typename G::Outcome& o, std::span<const int> faces) {
  typename G::Rules;
  { g.rules() } -> std::convertible_to<const typename G::Rules&>;
  { g.name() } -> std::convertible_to<std::string>;
  { g.players() } -> std::convertible_to<int>;
  { g.initial_state() } -> std::same_as<typename G::State>;
  // p >= 0 (a decision of player p), kChanceNode or kTerminal.
  { g.current_player(s) } -> std::convertible_to<int>;
  // Decisions: never empty at a decision, in a fixed order.
  { g.legal_actions(s) } -> std::same_as<std::vector<typename G::Action>>;
  { g.action_id(s, a) } -> std::convertible_to<int>;
  { g.action_name(s, a) } -> std::convertible_to<std::string>;
  { g.apply_action(s, a) } -> std::same_as<typename G::State>;
  // Chance: the throw, its outcomes with exact probabilities (summing to 1), and the outcome
  // of a throw of real dice (faces.size() == chance_throw(s).dice, each 1..faces).
  { g.chance_throw(s) } -> std::same_as<DiceThrow>;
  { g.chance_outcomes(s) } -> std::same_as<std::vector<ChanceOutcome<typename G::Outcome>>>;
  { g.outcome_of_faces(s, faces) } -> std::same_as<typename G::Outcome>;
  { g.outcome_name(s, o) } -> std::convertible_to<std::string>;
  { g.apply_outcome(s, o) } -> std::same_as<typename G::State>;
  // Terminal: one return per player.
  { g.returns(s) } -> std::same_as<std::vector<double>>;
  { g.state_text(s) } -> std::convertible_to<std::string>;
} && std::equality_comparable<typename G::Outcome>;

// A state's 64-bit key (see above), packed field by field: put(v, bits) adds v in `bits` bits.
// A value outside 0..2^bits - 1, or more than 64 bits in all, leaves the key empty, and the
// state is then named by its text: a key is never ambiguous.
class StateKey {
 public:
  StateKey& put(long long value, int bits) {
    if (value < 0 || bits < 1 || bits > 62 || value >= (1LL << bits) || used_ + bits > 64) {
      ok_ = false;
    } else {
      word_ |= static_cast<std::uint64_t>(value) << used_;
      used_ += bits;
    }
    return *this;
  }
  std::optional<std::uint64_t> key() const { return ok_ ? std::optional<std::uint64_t>(word_) : std::nullopt; }

 private:
  std::uint64_t word_ = 0;
  int used_ = 0;
  bool ok_ = true;
};

// The faces of one throw of real dice (roll_face: exactly uniform).
template <class Urbg>
std::vector<int> roll_throw(Urbg& rng, DiceThrow t) {
  std::vector<int> faces(static_cast<std::size_t>(t.dice));
  for (int& f : faces) f = roll_face(rng, t.faces);
  return faces;
}

// An erased state: the game's State inside; only the AnyGame that made it can read it.
struct AnyState {
  std::any value;
};

class AnyGame {
 public:
  template <GameModel G>
  explicit AnyGame(G game) : self_(std::make_shared<const Model<G>>(std::move(game))) {}

  std::string name() const { return self_->name(); }
  int players() const { return self_->players(); }
  AnyState initial_state() const { return self_->initial_state(); }
  int current_player(const AnyState& s) const { return self_->current_player(s); }
  bool is_chance(const AnyState& s) const { return current_player(s) == kChanceNode; }
  bool is_terminal(const AnyState& s) const { return current_player(s) == kTerminal; }
  std::vector<ActionInfo> legal_actions(const AnyState& s) const { return self_->legal_actions(s); }
  // `index` into legal_actions(s).
  AnyState apply_action(const AnyState& s, std::size_t index) const { return self_->apply_action(s, index); }
  DiceThrow chance_throw(const AnyState& s) const { return self_->chance_throw(s); }
  std::vector<OutcomeInfo> chance_outcomes(const AnyState& s) const { return self_->chance_outcomes(s); }
  // The index into chance_outcomes(s) of the outcome these faces make.
  std::size_t outcome_of_faces(const AnyState& s, std::span<const int> faces) const {
    return self_->outcome_of_faces(s, faces);
  }
  // `throws` throws of real dice at chance node s, counted per outcome of
  // chance_outcomes(s); one more count at the end for faces the list does not hold.
  std::vector<std::uint64_t> roll_counts(const AnyState& s, Rng& rng, std::uint64_t throws) const {
    return self_->roll_counts(s, rng, throws);
  }
  // `index` into chance_outcomes(s).
  AnyState apply_outcome(const AnyState& s, std::size_t index) const { return self_->apply_outcome(s, index); }
  // Every legal action applied, in the order of legal_actions(s); every chance outcome applied,
  // with its probability, in the order of chance_outcomes(s). One listing for all of them, where
  // applying them one index at a time lists them again for each (k^2 work at k outcomes).
  std::vector<AnyState> apply_each_action(const AnyState& s) const { return self_->apply_each_action(s); }
  std::vector<std::pair<double, AnyState>> apply_each_outcome(const AnyState& s) const {
    return self_->apply_each_outcome(s);
  }
  // How many legal actions s has (legal_actions(s).size(), without naming them).
  std::size_t action_count(const AnyState& s) const { return self_->action_count(s); }
  std::vector<double> returns(const AnyState& s) const { return self_->returns(s); }
  std::string state_text(const AnyState& s) const { return self_->state_text(s); }
  // The game's 64-bit key of the state, where it gives one (see above).
  std::optional<std::uint64_t> state_key(const AnyState& s) const { return self_->state_key(s); }

 private:
  struct Interface {
    virtual ~Interface() = default;
    virtual std::string name() const = 0;
    virtual int players() const = 0;
    virtual AnyState initial_state() const = 0;
    virtual int current_player(const AnyState& s) const = 0;
    virtual std::vector<ActionInfo> legal_actions(const AnyState& s) const = 0;
    virtual AnyState apply_action(const AnyState& s, std::size_t index) const = 0;
    virtual DiceThrow chance_throw(const AnyState& s) const = 0;
    virtual std::vector<OutcomeInfo> chance_outcomes(const AnyState& s) const = 0;
    virtual std::size_t outcome_of_faces(const AnyState& s, std::span<const int> faces) const = 0;
    virtual std::vector<std::uint64_t> roll_counts(const AnyState& s, Rng& rng, std::uint64_t throws) const = 0;
    virtual AnyState apply_outcome(const AnyState& s, std::size_t index) const = 0;
    virtual std::vector<AnyState> apply_each_action(const AnyState& s) const = 0;
    virtual std::vector<std::pair<double, AnyState>> apply_each_outcome(const AnyState& s) const = 0;
    virtual std::size_t action_count(const AnyState& s) const = 0;
    virtual std::vector<double> returns(const AnyState& s) const = 0;
    virtual std::string state_text(const AnyState& s) const = 0;
    virtual std::optional<std::uint64_t> state_key(const AnyState& s) const = 0;
  };

  template <class G>
  struct Model final : Interface {
    using State = typename G::State;
    explicit Model(G game) : g(std::move(game)) {}
    // A handle of another game is a caller's bug: std::any_cast throws std::bad_any_cast.
    static const State& get(const AnyState& s) { return std::any_cast<const State&>(s.value); }
    std::string name() const override { return g.name(); }
    int players() const override { return g.players(); }
    AnyState initial_state() const override { return {g.initial_state()}; }
    int current_player(const AnyState& s) const override { return g.current_player(get(s)); }
    std::vector<ActionInfo> legal_actions(const AnyState& s) const override {
      std::vector<ActionInfo> out;
      for (const auto& a : g.legal_actions(get(s))) out.push_back({g.action_id(get(s), a), g.action_name(get(s), a)});
      return out;
    }
    AnyState apply_action(const AnyState& s, std::size_t index) const override {
      return {g.apply_action(get(s), g.legal_actions(get(s)).at(index))};
    }
    DiceThrow chance_throw(const AnyState& s) const override { return g.chance_throw(get(s)); }
    std::vector<OutcomeInfo> chance_outcomes(const AnyState& s) const override {
      std::vector<OutcomeInfo> out;
      for (const auto& o : g.chance_outcomes(get(s))) out.push_back({o.probability, g.outcome_name(get(s), o.outcome)});
      return out;
    }
    std::size_t outcome_of_faces(const AnyState& s, std::span<const int> faces) const override {
      const auto o = g.outcome_of_faces(get(s), faces);
      const auto all = g.chance_outcomes(get(s));
      for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i].outcome == o) return i;
      return all.size();  // not listed: the game's enumeration misses an outcome of real dice
    }
    std::vector<std::uint64_t> roll_counts(const AnyState& s, Rng& rng, std::uint64_t throws) const override {
      const auto all = g.chance_outcomes(get(s));
      std::vector<std::uint64_t> counts(all.size() + 1, 0);
      const DiceThrow t = g.chance_throw(get(s));
      for (std::uint64_t k = 0; k < throws; ++k) {
        const auto o = g.outcome_of_faces(get(s), roll_throw(rng, t));
        std::size_t i = 0;
        while (i < all.size() && !(all[i].outcome == o)) ++i;
        ++counts[i];
      }
      return counts;
    }
    AnyState apply_outcome(const AnyState& s, std::size_t index) const override {
      return {g.apply_outcome(get(s), g.chance_outcomes(get(s)).at(index).outcome)};
    }
    std::vector<AnyState> apply_each_action(const AnyState& s) const override {
      std::vector<AnyState> out;
      for (const auto& a : g.legal_actions(get(s))) out.push_back({g.apply_action(get(s), a)});
      return out;
    }
    std::vector<std::pair<double, AnyState>> apply_each_outcome(const AnyState& s) const override {
      std::vector<std::pair<double, AnyState>> out;
      for (const auto& o : g.chance_outcomes(get(s))) out.emplace_back(o.probability, AnyState{g.apply_outcome(get(s), o.outcome)});
      return out;
    }
    std::size_t action_count(const AnyState& s) const override { return g.legal_actions(get(s)).size(); }
    std::vector<double> returns(const AnyState& s) const override { return g.returns(get(s)); }
    std::string state_text(const AnyState& s) const override { return g.state_text(get(s)); }
    std::optional<std::uint64_t> state_key(const AnyState& s) const override {
      if constexpr (requires { g.state_key(get(s)); }) return g.state_key(get(s));
      return std::nullopt;
    }
    G g;
  };

  std::shared_ptr<const Interface> self_;
};

// An AnyGame seen as a GameModel again, for the algorithms that are templates over the
// concept (compile_model of model_graph.h above all) when only the registry's erased game is
// at hand (the Python module's states). Its states are the erased handles, its actions and
// outcomes indices into the state's lists; each step costs a virtual call and a copied state.
class ErasedGame {
 public:
  struct Rules {};
  using State = AnyState;
  using Action = std::size_t;
  using Outcome = std::size_t;

  explicit ErasedGame(AnyGame game) : game_(std::move(game)) {}
  const Rules& rules() const { return rules_; }
  std::string name() const { return game_.name(); }
  int players() const { return game_.players(); }
  State initial_state() const { return game_.initial_state(); }
  int current_player(const State& s) const { return game_.current_player(s); }
  std::vector<Action> legal_actions(const State& s) const {
    std::vector<Action> out(game_.action_count(s));
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = i;
    return out;
  }
  int action_id(const State& s, Action a) const { return game_.legal_actions(s).at(a).id; }
  std::string action_name(const State& s, Action a) const { return game_.legal_actions(s).at(a).name; }
  State apply_action(const State& s, Action a) const { return game_.apply_action(s, a); }
  DiceThrow chance_throw(const State& s) const { return game_.chance_throw(s); }
  std::vector<ChanceOutcome<Outcome>> chance_outcomes(const State& s) const {
    const auto listed = game_.chance_outcomes(s);
    std::vector<ChanceOutcome<Outcome>> out;
    for (std::size_t i = 0; i < listed.size(); ++i) out.push_back({i, listed[i].probability});
    return out;
  }
  Outcome outcome_of_faces(const State& s, std::span<const int> faces) const { return game_.outcome_of_faces(s, faces); }
  std::string outcome_name(const State& s, Outcome o) const { return game_.chance_outcomes(s).at(o).name; }
  State apply_outcome(const State& s, Outcome o) const { return game_.apply_outcome(s, o); }
  // All successors of a node in one listing (the compile uses these where a game has them).
  std::vector<State> apply_each_action(const State& s) const { return game_.apply_each_action(s); }
  std::vector<std::pair<double, State>> apply_each_outcome(const State& s) const { return game_.apply_each_outcome(s); }
  std::vector<double> returns(const State& s) const { return game_.returns(s); }
  std::string state_text(const State& s) const { return game_.state_text(s); }
  std::optional<std::uint64_t> state_key(const State& s) const { return game_.state_key(s); }

 private:
  AnyGame game_;
  Rules rules_;
};

// The counts of a throw's faces (counts[f - 1] dice show f), the multiset a chance node's
// outcome is made from.
inline std::vector<int> face_counts(std::span<const int> faces, int face_count) {
  std::vector<int> c(static_cast<std::size_t>(face_count), 0);
  for (int f : faces) ++c.at(static_cast<std::size_t>(f - 1));
  return c;
}

}  // namespace verflixt::core
