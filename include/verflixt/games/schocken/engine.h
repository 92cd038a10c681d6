#pragma once
// The reference engine of Schocken: plays turns, rounds, halves and whole games (S2, S3),
// asking each seat's policy for every decision and `dice` (any callable returning a face
// 1..6, called once per thrown die) for every die — a test scripts the faces, the Monte Carlo
// draws them from a seeded stream. Readable first: every rule goes through hand.h.
#include <algorithm>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "verflixt/games/schocken/hand.h"
#include "verflixt/games/schocken/policy.h"
#include "verflixt/games/schocken/rules.h"

namespace verflixt::schocken {

// One player's finished turn: his final throw and the throws it took.
struct TurnResult {
  Dice dice{};
  int throws = 0;
};

// S2: a turn may throw again while it has used fewer throws than its limit (the first throw
// is always made). The engine and the game model (src/games/schocken/model.h) both ask this.
inline bool may_throw_again(int throws, int limit) { return throws < limit; }

// S2: the limit of the players after `position` once it stood with `throws`: the starter's
// count sets it for everyone after him; a follower leaves it as it was.
inline int limit_after_turn(int position, int throws, int limit) { return position == 0 ? throws : limit; }

// S2: one turn. The first throw is always made; before each further throw the policy stands
// or keeps; a policy's illegal keep is a bug and throws std::logic_error.
template <class DiceSource>
TurnResult play_turn(const SchockenRules& rules, const SchockenPolicy& policy, TurnView view, DiceSource&& dice) {
  const auto face = [&] {
    const int f = dice();
    if (f < 1 || f > 6) throw std::out_of_range("play_turn: die face out of range");
    return f;
  };
  view.dice = throw_again(Keep{{0, 0, 0}, 0}, face);
  view.throws = 1;
  while (may_throw_again(view.throws, view.limit)) {
    const Keep keep = policy.decide(view);
    if (keep.stands()) break;
    if (!is_legal(keep, view.dice, rules))
      throw std::logic_error("policy " + policy.name() + " kept " + keep_text(keep) + " from " + dice_text(view.dice));
    view.dice = throw_again(keep, face);
    ++view.throws;
  }
  return {view.dice, view.throws};
}

// How a round ended (S1, S2): positions are in playing order (0 = the starter).
struct RoundOutcome {
  int best = 0, worst = 0;  // positions
  int chips = 0;            // S1 chips of the best hand
  bool schock_out = false;  // the best hand is 1 1 1
};

// S1/S2: the best and worst of the finished hands in playing order (= reveal order): equal
// keys (hand_key) go to the earlier revealer as the better hand.
RoundOutcome round_outcome(std::span<const TurnResult> hands, const SchockenRules& rules);

struct RoundRecord {
  std::vector<int> order;          // seats in playing order, the starter first
  std::vector<TurnResult> hands;   // in playing order
  int limit = 0;                   // the starter's throws (S2)
  RoundOutcome outcome;
  std::vector<int> chips_after;  // per seat, once the round's chips moved (play_half)
  int stack_after = 0;
  int loser_seat() const { return order[outcome.worst]; }
  int best_seat() const { return order[outcome.best]; }
};

// S2: one round among `order` (seats, the starter first): the starter's throw count limits the
// others. `chips` and `stack` fill the views.
template <class DiceSource>
RoundRecord play_round(const SchockenRules& rules, std::span<const SchockenPolicy* const> seats,
                       const std::vector<int>& order, Phase phase, std::span<const int> chips, int stack,
                       DiceSource&& dice) {
  RoundRecord rec;
  rec.order = order;
  rec.limit = rules.max_throws;
  for (size_t p = 0; p < order.size(); ++p) {
    TurnView view;
    view.limit = rec.limit;
    view.position = static_cast<int>(p);
    view.players = static_cast<int>(order.size());
    view.phase = phase;
    view.my_chips = chips[static_cast<size_t>(order[p])];
    view.stack = stack;
    rec.hands.push_back(play_turn(rules, *seats[static_cast<size_t>(order[p])], view, dice));
    rec.limit = limit_after_turn(static_cast<int>(p), rec.hands[p].throws, rec.limit);
  }
  rec.outcome = round_outcome(rec.hands, rules);
  return rec;
}

// A half's end: who lost it and how it went.
struct HalfRecord {
  int loser = -1;
  int rounds = 0, throws = 0;
  bool schock_out = false;            // ended by a Schock out (S1)
  std::vector<RoundRecord> history;   // every round, when asked for (tests)
};

// A half that has not ended after this many rounds is a bug (every round moves chips).
inline constexpr int kMaxRounds = 100000;

// S3: one half (or the final) among `players` (seats, in seat order) with `starter` opening:
// the distribution phase until the stack is empty, then playing off among the chip holders,
// until one player holds all chips (or a Schock out ends it).
template <class DiceSource>
HalfRecord play_half(const SchockenRules& rules, std::span<const SchockenPolicy* const> seats,
                     const std::vector<int>& players, int starter, DiceSource&& dice, bool keep_history = false) {
  HalfRecord half;
  std::vector<int> chips(seats.size(), 0);
  int stack = rules.chips;
  while (true) {
    if (++half.rounds > kMaxRounds) throw std::runtime_error("play_half: no loser after many rounds");
    // S3: while chips lie on the stack everyone plays; then only the chip holders.
    const Phase phase = stack > 0 ? Phase::Distribution : Phase::PlayingOff;
    std::vector<int> in_round;
    for (int s : players)
      if (phase == Phase::Distribution || chips[static_cast<size_t>(s)] > 0) in_round.push_back(s);
    // S2: the starter first, then in seat order.
    std::vector<int> order;
    const auto at = std::find(in_round.begin(), in_round.end(), starter);
    if (at == in_round.end()) throw std::logic_error("play_half: the starter does not play");
    order.insert(order.end(), at, in_round.end());
    order.insert(order.end(), in_round.begin(), at);
    RoundRecord r = play_round(rules, seats, order, phase, chips, stack, dice);
    for (const auto& h : r.hands) half.throws += h.throws;
    const int loser = r.loser_seat();
    const int best = r.best_seat();
    const bool out = r.outcome.schock_out && rules.schock_out_loses_half;
    if (out) {  // S1: a Schock out loses the half at once
      if (keep_history) half.history.push_back(r);
      half.loser = loser;
      half.schock_out = true;
      return half;
    }
    if (phase == Phase::Distribution) {
      // S3: the loser takes from the stack, at most what is left.
      const int take = std::min(r.outcome.chips, stack);
      chips[static_cast<size_t>(loser)] += take;
      stack -= take;
    } else {
      // S3: the best hand passes chips to the worst, at most as many as he holds.
      const int pass = std::min(r.outcome.chips, chips[static_cast<size_t>(best)]);
      chips[static_cast<size_t>(best)] -= pass;
      chips[static_cast<size_t>(loser)] += pass;
    }
    if (keep_history) {
      r.chips_after = chips;
      r.stack_after = stack;
      half.history.push_back(r);
    }
    if (chips[static_cast<size_t>(loser)] == rules.chips) {  // S3: all chips lose the half
      half.loser = loser;
      return half;
    }
    starter = loser;  // S2: the round's loser opens the next
  }
}

// A whole game (S3): two halves and, when two different players lost them, the final.
struct GameRecord {
  int half_loser[2] = {-1, -1};
  bool final_played = false;
  int payer = -1;
  int rounds = 0, throws = 0;
};

template <class DiceSource>
GameRecord play_game(const SchockenRules& rules, std::span<const SchockenPolicy* const> seats, DiceSource&& dice) {
  if (static_cast<int>(seats.size()) != rules.players) throw std::invalid_argument("play_game: one policy per player");
  GameRecord g;
  std::vector<int> everyone;
  for (int s = 0; s < rules.players; ++s) everyone.push_back(s);
  int starter = 0;  // S2: at first seat 1
  for (int h = 0; h < 2; ++h) {
    const HalfRecord half = play_half(rules, seats, everyone, starter, dice);
    g.half_loser[h] = half.loser;
    g.rounds += half.rounds;
    g.throws += half.throws;
    starter = half.loser;  // S3: the first half's loser opens the second
  }
  if (g.half_loser[0] == g.half_loser[1] || !rules.final) {
    g.payer = g.half_loser[1];  // S3: the same loser twice pays without a final
    return g;
  }
  // S3: the two half-losers play the final; decision: the second half's loser opens it (he
  // lost the last round, and the loser of the last round always opens).
  std::vector<int> pair = {std::min(g.half_loser[0], g.half_loser[1]), std::max(g.half_loser[0], g.half_loser[1])};
  const HalfRecord fin = play_half(rules, seats, pair, g.half_loser[1], dice);
  g.final_played = true;
  g.payer = fin.loser;
  g.rounds += fin.rounds;
  g.throws += fin.throws;
  return g;
}

}  // namespace verflixt::schocken
