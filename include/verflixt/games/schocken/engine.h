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

// S3: the phase of a half's next round: handing out while chips lie on the stack, then
// playing off.
inline Phase phase_of(int stack) { return stack > 0 ? Phase::Distribution : Phase::PlayingOff; }
// S2, S3: who plays the next round of a half (`players`, in seat order) and in which order:
// everyone while handing out, then only the chip holders; the starter first, then in seat
// order.
std::vector<int> round_order(const std::vector<int>& players, std::span<const int> chips, int stack, int starter);
// S1, S3: a round of a half is over. A Schock out that loses the half ends it at once;
// otherwise the chips move — from the stack to the loser, at most what it holds, or while
// playing off from the best hand to the worst, at most what the best holds — and the loser
// holding all chips loses the half. Returns the half's loser, or -1 while it goes on.
struct RoundSettlement {
  int half_loser = -1;
  bool schock_out = false;
};
RoundSettlement settle_round(const SchockenRules& rules, const RoundOutcome& outcome, int loser, int best,
                             std::vector<int>& chips, int& stack);
// S3: after the two halves: who pays without a final (one player lost both, or the rules
// play none), else -1; and the two who play the final, in seat order (the second half's
// loser opens it: decision — he lost the last round, and the loser of the last round opens).
int payer_without_final(const SchockenRules& rules, int first_half_loser, int second_half_loser);
std::vector<int> final_players(int first_half_loser, int second_half_loser);

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
    const std::vector<int> order = round_order(players, chips, stack, starter);
    RoundRecord r = play_round(rules, seats, order, phase_of(stack), chips, stack, dice);
    for (const auto& h : r.hands) half.throws += h.throws;
    const RoundSettlement end = settle_round(rules, r.outcome, r.loser_seat(), r.best_seat(), chips, stack);
    if (keep_history) {
      if (!end.schock_out) r.chips_after = chips, r.stack_after = stack;
      half.history.push_back(r);
    }
    if (end.half_loser >= 0) {
      half.loser = end.half_loser;
      half.schock_out = end.schock_out;
      return half;
    }
    starter = r.loser_seat();  // S2: the round's loser opens the next
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
  g.payer = payer_without_final(rules, g.half_loser[0], g.half_loser[1]);
  if (g.payer >= 0) return g;
  const HalfRecord fin = play_half(rules, seats, final_players(g.half_loser[0], g.half_loser[1]), g.half_loser[1], dice);
  g.final_played = true;
  g.payer = fin.loser;
  g.rounds += fin.rounds;
  g.throws += fin.throws;
  return g;
}

}  // namespace verflixt::schocken
