#pragma once
// Multiplayer at kernel speed: passes and evenings played from compiled turn
// tables instead of throw by throw. The reference engine (engine.h) stays the oracle; the
// tests compare the two seat by seat, as distributions.
//
// How it plays. A turn is a walk through solo states (solo_model.h) under the seat's policy.
// For every state a seat reaches, the kernel asks the policy once and compiles the step it
// chose — a plain throw or a whole joker with its inner choices — into one categorical
// distribution over successor states (table_transition). Steps are then composed into
// *segments*: every step up to the next moment the table matters — a step that took eyes from
// somebody, a decision that reads the table, the end of the turn — or up to 8 steps, keeping
// at most 64 outcomes. In between nothing at the table can change, so one draw from a
// segment's alias table (Walker) plays the same turn in distribution as one draw per step.
// A step whose outcome took eyes from another player (a robbing 1, Senigma) carries the
// amount apart (`transfer`), and only then does the table come in: the victim is chosen by
// the thief's policy among the legal candidates (table.h), the eyes move, a Keuler bonus is
// paid (T6), or the steal lapses and the thief gives the amount back. The bookkeeping of
// evenings (P1–P4) is the engine's own play_evening, given this pass player (play_evening
// below), or play_series, which keeps the same bookkeeping (engine.h select_loadout,
// place_bonuses, pass_opener) per lane without allocating.
//
// Why it is only a few times faster than the engine, not 10x like the solo kernel: a
// multiplayer turn is short (about five throws) and every robbing 1, one throw in six, ends
// a segment, so a turn is two or three draws and one or two steals either way. The lanes
// below take away what else was left (allocation, a virtual call per steal, mispredicted
// branches between passes); docs/performance.md has numbers and what limits each workload.
//
// What the compiled tables assume. A policy's choices inside jokers (Anaconda, Rattenlord,
// Monokel, Senigma counters, Runkelrüb, classic fumo) are asked once per state, with the
// solo view (an empty table): true of every policy this project ships, and declared by
// Policy::inner_choices_read_table(). A policy whose decide() reads the table only for when
// to stop offers a compiled stop rule (Policy::has_stop_threshold; the position policies):
// for a fixed table it stops iff eyes >= a threshold, so it is compiled like any table-free
// policy, once per threshold met (a *family* of tables: member t plays
// decide_at_threshold(·, t)); the threshold is asked at the start of each of its turns and
// after each of its steals — the only moments the table changes during his turn — and when
// it moves, the lane goes on at the same solo state in the new member's rows (rethreshold).
// Any other policy whose decide() reads the table is asked at every decision with the real
// table; so is every policy whenever its solo answer is a Senigma duel, whose legality
// depends on the table (J10). The victim and duel target are always chosen with the real
// table. The view a victim choice sees shows the thief's eyes and robbing count after the 1
// was thrown, as the engine shows them.
//
// Lanes. play_passes keeps up to kLanes passes in progress at once, each a Lane
// (its table, the player on turn and his row), play_series up to kLanes series of evenings
// (with play_evening's selection, totals and bonus per lane); both step them in rounds
// (run_lanes): every lane makes exactly one draw per round from the one Rng of the chunk,
// the lanes at a compiled segment first in lane order, then those at a live decision, and a
// lane whose pass ends takes the next pass (or evening, or series) in the same round. A seed
// therefore fixes every bit for any thread count, but the draws go to the passes in another
// order than one pass after the other, so the numbers differ from play_pass's (equally
// valid; docs/performance.md). The gain: the lanes are independent, so one lane's dependent
// loads (row, bucket, next row) overlap with the next lane's; each phase's loop lists lanes
// without branching on the dice; nothing allocates; and the victim choice of the shipped
// policies is compiled to a rule (VictimRule: the richest or the leader, Keuler first)
// evaluated branch-free instead of a virtual call. Not compiled (played in the lanes all
// the same): a policy with its own victim choice (the last-seat DP, advise's continuations,
// unknown policies) is asked at every steal; a policy whose decide() reads the table and
// offers no stop threshold at every decision. play_pass is one lane. On a build for AVX-512,
// play_passes and play_series of seats that rob by compiled victim rules play the same
// rounds in a lane block (lane_block.h): the lanes' state in structure-of-arrays form,
// sixteen lanes to a vector, with the same draws and so the same bits.
//
// How it is reproducible. The kernel draws only from the Rng it is given, one 53-bit uniform
// per segment, so a seed fixes its results; its caches change speed, never results. The
// alias tables realize each outcome's probability to about 2^-47 (the draw's 53 bits less
// the bucket index). A kernel object is not thread-safe: use
// one per thread (objective.cpp does).
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/core/rng.h"
#include "verflixt/games/verflixte6/exact/solo_model.h"
#include "verflixt/games/verflixte6/rules/table.h"

namespace verflixt::verflixte6 {

// Whether the pass kernel can play `policy` (its inner choices do not read the table).
bool kernel_plays(const Policy& policy);

// How a policy chooses a robbing victim, compiled from its type (compiled_victim_rule): the
// richest (Policy::choose_victim: Threshold, Heuristic, Solved, StopAt), the leader by
// standing (PositionPolicy with position.rob = leader), or kAsk: call its choose_victim.
enum class VictimRule : std::uint8_t { kRichest, kLeader, kAsk };
VictimRule compiled_victim_rule(const Policy& policy);

// The victim `rule` (not kAsk) picks for a steal of `amount` by `self`, in one pass over the
// table: the same player as rob_candidates(rules, table, self, taken) followed by the
// policy's choose_victim, or -1 when there is no candidate (T4: the steal lapses). Keuler
// first (T6), then the highest eyes (richest) or standing (leader); ties: E11.
int compiled_victim(const Rules& rules, VictimRule rule, std::span<const SeatView> table, int self, unsigned taken,
                    int amount);
// The same on a table of kMaxPlayers seats, of which the first `n` play: the lanes keep their
// tables so, and the choice reads them 4 seats at a time in vector registers.
int compiled_victim(const Rules& rules, VictimRule rule, const std::array<SeatView, kMaxPlayers>& table, int n,
                    int self, unsigned taken, int amount);

class PassKernel {
 public:
  explicit PassKernel(const Rules& rules);
  ~PassKernel();

  // A pass like play_pass (engine.h): same seats, same meaning of the result.
  PassResult play_pass(std::span<const PassSeat> seats, int first, core::Rng& rng);
  // The same into `out`, reusing its storage (no allocation once it has grown).
  void play_pass(std::span<const PassSeat> seats, int first, core::Rng& rng, PassResult& out);

  // Passes in lanes (see above): passes first_pass .. first_pass + count - 1 of `seats`, pass
  // i starting at seat i mod seats.size(); each finished pass is handed to `sink` with its
  // first seat, its table after T7 and the Keuler bonuses by player index. The order in
  // which passes finish is fixed by the seed, not by their numbers.
  using PassSink = std::function<void(int first, std::span<const SeatView> table, std::span<const int> keuler)>;
  static constexpr int kLanes = 64;
  void play_passes(std::span<const PassSeat> seats, std::uint64_t first_pass, std::uint64_t count, core::Rng& rng,
                   const PassSink& sink, int lanes = kLanes);
  // The same passes counted by position instead of handed over (evaluate's tallies): each
  // seat of each finished pass adds 1 to counts[count_index(...)] for its eyes and status
  // after T7 and its position from the pass's first seat; `counts` grows to fit. The same
  // draws as play_passes; the lane block ends these passes in its vectors.
  void count_passes(std::span<const PassSeat> seats, std::uint64_t first_pass, std::uint64_t count, core::Rng& rng,
                    std::vector<std::uint64_t>& counts, int lanes = kLanes);
  // count_passes' index: (eyes * n + position) * 2 + zombie, the position of `seat` in a pass
  // of n opened by `first` (0 for first; seat and first below n), eyes >= 0 (after T7) and
  // zombie 0 or 1. On integers or lanes' vectors of them.
  template <class I>
  static I count_index(I eyes, I zombie, I seat, I first, int n) {
    I pos = seat - first;
    pos += (pos >> 31) & n;  // seat before first: wrap round the table
    return (eyes * n + pos) * 2 + zombie;
  }

  // Series of evenings in lanes (objective.cpp's tournaments and balance): each lane plays
  // whole series — `length` evenings of `players`, the placement bonus (P4) carried from one
  // evening to the next, none at a series' start (O6) — series first_series ..
  // first_series + count - 1, evening e of series s opened by seat first_seat(s, e). The
  // bookkeeping is play_evening's (engine.h: selection P2, rotation P1, totals P3, bonus P4),
  // kept per lane without allocating; after every evening `sink` gets the lane, the series,
  // the evening's index in it, the totals and the placement bonuses.
  using EveningSink = std::function<void(int lane, std::uint64_t series, int evening, std::span<const int> totals,
                                         std::span<const int> place_bonus)>;
  using FirstSeat = std::function<int(std::uint64_t series, int evening)>;
  // With `series_rng`, each series draws from its own stream, series_rng(series), instead of
  // `rng`: then a series plays exactly as play_evening evening after evening on that stream
  // (the lanes only interleave independent series), so a caller that pairs candidates by
  // series (tune's common random numbers) keeps its numbers and gains the lanes' speed.
  using SeriesRng = std::function<core::Rng(std::uint64_t series)>;
  void play_series(std::span<const EveningPlayer> players, bool final, int length, std::uint64_t first_series,
                   std::uint64_t count, const FirstSeat& first_seat, core::Rng& rng, const EveningSink& sink,
                   int lanes = kLanes, const SeriesRng& series_rng = {});
  // The same with every series on its own stream (no chunk Rng to draw from).
  void play_series(std::span<const EveningPlayer> players, bool final, int length, std::uint64_t first_series,
                   std::uint64_t count, const FirstSeat& first_seat, const SeriesRng& series_rng,
                   const EveningSink& sink, int lanes = kLanes) {
    core::Rng never_drawn;  // every lane draws from its series' stream
    play_series(players, final, length, first_series, count, first_seat, never_drawn, sink, lanes, series_rng);
  }

  // An evening like play_evening (engine.h), its passes played by this kernel.
  EveningResult play_evening(std::span<const EveningPlayer> players, bool final, int first, core::Rng& rng);

  // Compiled solo states so far, over all policies (for tests and the bench).
  std::size_t states() const;

  // Steps one draw may play (1: one step per draw, as the engine; the default composes).
  void set_max_steps(int steps);

  // Whether a policy's compiled stop rule (Policy::has_stop_threshold) is used (the default)
  // or the policy is asked live at every decision, one step per draw. tune wants the latter:
  // its candidates differ in their stop rules and are compared on common random numbers,
  // and one draw per throw keeps two candidates on the same throws for as long as they play
  // alike, where composed segments of different thresholds map the same draws to different
  // outcomes (tests/verflixte6/analyses/tuning_test.cpp). Set it before the kernel's first pass.
  void set_compile_stop_rules(bool compile);

  // Whether play_passes and play_series may play in a lane block (lane_block.h) where they
  // can: it gives the same bits as the lanes. On by default where the build targets AVX-512,
  // whose vectors of sixteen lanes and gathers make it about 1.8 times as fast as the lanes
  // on passes (1.2 on evenings, whose live rows and evening ends stay one lane at a time); a
  // build for AVX2 or SSE2 splits those vectors into pieces and is faster in the lanes.
  // Tests compare the two.
#if defined(__AVX512F__) && defined(__AVX512DQ__)
  static constexpr bool kLaneBlockByDefault = true;
#else
  static constexpr bool kLaneBlockByDefault = false;
#endif
  void set_lane_block(bool use);
  // For tests: the lane block gathers the rows' wider fields, as it must once a row does not
  // fit the packed ones (Hot::draw, Hot::eyes), which no shipped game's rows reach.
  void read_unpacked();
  // Whether play_passes plays these seats in `lanes` lanes in a lane block (lane_block.cpp).
  bool lane_block_plays(std::span<const PassSeat> seats, int lanes = kLanes);
  // The same for play_series of these players, their dice from the chunk's Rng (no series_rng).
  bool lane_block_plays(std::span<const EveningPlayer> players, int lanes = kLanes);

 private:
  // The compiled tables and the lanes: the library's own business, declared in
  // src/games/verflixte6/kernels/pass_kernel_impl.h (every call above goes straight there).
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace verflixt::verflixte6
