#pragma once
// Strategies, apart from the rules (OpenSpiel's split): a policy reads a const TurnView and
// returns an action, and answers the choices inside jokers. The engine asks; the kernel and
// the exact solver compile the same answers into tables. Policies are stateless and const,
// so one object serves every thread.
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "verflixt/core/policy.h"
#include "verflixt/games/verflixte6/rules/turn.h"

namespace verflixt::verflixte6 {

// decide (core/policy.h), T2: stop, roll, or roll with a held joker — a legal action
// (is_legal). name() reads back with make_policy, e.g. "threshold:17" or a file path. The
// choices inside the jokers are Die verflixte 6's own kinds of decision, below.
class Policy : public core::Policy<TurnView, Action> {
 public:
  // The choices inside jokers. The defaults maximize the step's expected eyes.
  // J3: fight the anaconda whose attack is `attack`?
  virtual bool anaconda_fight(const TurnView& view, int attack) const;
  // J5: after a failed throw with `throws_left` throws still to come, retreat?
  virtual bool rattenlord_retreat(const TurnView& view, int throws_left) const;
  // J9: throw `index` (0-based) of the step showed `face`; `kept` is what the earlier throws
  // of the step kept. Re-throw it (and keep whatever comes)?
  virtual bool monokel_rethrow(const TurnView& view, int index, int face, int kept) const;
  // J10 duel: round `round` (0-based), the croupier threw the attack `attack`; `won` and
  // `lost` count earlier rounds. Let the defender counter (true) or waive the round?
  virtual bool senigma_counter(const TurnView& view, int round, int attack, int won, int lost) const;
  // J15: a 6 just eliminated the player; spend Runkelrüb on it?
  virtual bool use_runkelrueb(const TurnView& view) const;
  // J13 classic: eliminated by a 6; restart from 0 with classic fumo?
  virtual bool use_fumo_reentry(const TurnView& view) const;
  // T4 / J10 classic: whom to take `amount` eyes from; `candidates` are player indices in
  // seat order after the player (table.h, E11): among equally good ones take the first
  // (best_candidate), never decide by a seat's number.
  virtual int choose_victim(const TurnView& view, int amount, std::span<const int> candidates) const;
  // J10 duel: whom to attack; `candidates` as above, ties the same way.
  virtual int senigma_target(const TurnView& view, std::span<const int> candidates) const;

  // What the answers depend on, so the pass kernel (pass_kernel.h) may compile them per turn
  // state: whether decide() may read the table (view.table, view.still_to_play), and whether
  // the choices inside jokers (the six above choose_victim) may. Unknown policies say yes.
  virtual bool decide_reads_table() const { return true; }
  virtual bool inner_choices_read_table() const { return true; }

  // A compiled stop rule (pass_kernel.h). A policy whose decide() reads the table only to
  // know when to stop may offer the table's part of that as one number, the stop threshold:
  // for a fixed table (every part of the view but view.turn) decide(view) must equal
  // decide_at_threshold(the solo view of view.turn, stop_threshold(view)) — except where
  // that answer is a Senigma duel, whose legality is the table's (J10) — and the latter may
  // not read the table. The kernel then compiles the policy once per threshold it meets and
  // asks stop_threshold when the table changes, instead of decide() at every decision.
  // Defaults: not offered (the two functions throw std::logic_error).
  virtual bool has_stop_threshold() const { return false; }
  virtual int stop_threshold(const TurnView& view) const;
  virtual Action decide_at_threshold(const TurnView& view, int threshold) const;
};

// Stop at `n` or more eyes; otherwise roll. Uses no joker, except that autojokers act by
// themselves and Runkelrüb / classic fumo are always spent when they can save the turn.
class ThresholdPolicy final : public Policy {
 public:
  explicit ThresholdPolicy(int n) : n_(n) {}
  std::string name() const override { return "threshold:" + std::to_string(n_); }
  Action decide(const TurnView& view) const override;
  bool decide_reads_table() const override { return false; }
  bool inner_choices_read_table() const override { return false; }
  int threshold() const { return n_; }

 private:
  int n_;
};

// A policy file path as given if it exists (or is absolute), else the shipped file it names
// (`heuristic`, `strategies/heuristic.ini`) in the installed data or the source tree
// (core/data_path.h).
std::string resolve_policy_path(const std::string& path);

// A policy from the text of a policy INI file (heuristic, position or strong, as its
// policy.kind says); `source` names it in errors and is the policy's name. The HTTP API
// builds its policies this way, from shipped or inline text, never from a file a client names.
std::unique_ptr<Policy> make_policy_from_ini(const std::string& text, const std::string& source, const Rules& rules);

// Builds a policy from its command-line name: "threshold:N", or the path of a policy file
// (strategies/*.ini for heuristics, *.policy for solver tables). Throws InputError naming
// the input and the valid forms.
std::unique_ptr<Policy> make_policy(std::string_view spec, const Rules& rules);

}  // namespace verflixt::verflixte6
