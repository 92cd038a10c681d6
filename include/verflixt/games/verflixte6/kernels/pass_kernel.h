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
#include <unordered_map>
#include <vector>

#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/core/rng.h"
#include "verflixt/games/verflixte6/exact/solo_model.h"
#include "verflixt/games/verflixte6/rules/table.h"

namespace verflixt {

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
  PassResult play_pass(std::span<const PassSeat> seats, int first, Rng& rng);
  // The same into `out`, reusing its storage (no allocation once it has grown).
  void play_pass(std::span<const PassSeat> seats, int first, Rng& rng, PassResult& out);

  // Passes in lanes (see above): passes first_pass .. first_pass + count - 1 of `seats`, pass
  // i starting at seat i mod seats.size(); each finished pass is handed to `sink` with its
  // first seat, its table after T7 and the Keuler bonuses by player index. The order in
  // which passes finish is fixed by the seed, not by their numbers.
  using PassSink = std::function<void(int first, std::span<const SeatView> table, std::span<const int> keuler)>;
  static constexpr int kLanes = 64;
  void play_passes(std::span<const PassSeat> seats, std::uint64_t first_pass, std::uint64_t count, Rng& rng,
                   const PassSink& sink, int lanes = kLanes);
  // The same passes counted by position instead of handed over (evaluate's tallies): each
  // seat of each finished pass adds 1 to counts[count_index(...)] for its eyes and status
  // after T7 and its position from the pass's first seat; `counts` grows to fit. The same
  // draws as play_passes; the lane block ends these passes in its vectors.
  void count_passes(std::span<const PassSeat> seats, std::uint64_t first_pass, std::uint64_t count, Rng& rng,
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
  using SeriesRng = std::function<Rng(std::uint64_t series)>;
  void play_series(std::span<const EveningPlayer> players, bool final, int length, std::uint64_t first_series,
                   std::uint64_t count, const FirstSeat& first_seat, Rng& rng, const EveningSink& sink,
                   int lanes = kLanes, const SeriesRng& series_rng = {});
  // The same with every series on its own stream (no chunk Rng to draw from).
  void play_series(std::span<const EveningPlayer> players, bool final, int length, std::uint64_t first_series,
                   std::uint64_t count, const FirstSeat& first_seat, const SeriesRng& series_rng,
                   const EveningSink& sink, int lanes = kLanes) {
    Rng never_drawn;  // every lane draws from its series' stream
    play_series(players, final, length, first_series, count, first_seat, never_drawn, sink, lanes, series_rng);
  }

  // An evening like play_evening (engine.h), its passes played by this kernel.
  EveningResult play_evening(std::span<const EveningPlayer> players, bool final, int first, Rng& rng);

  // Compiled solo states so far, over all policies (for tests and the bench).
  std::size_t states() const;

  // Steps one draw may play (1: one step per draw, as the engine; the default composes).
  void set_max_steps(int steps) { max_steps_ = steps; }

  // Whether a policy's compiled stop rule (Policy::has_stop_threshold) is used (the default)
  // or the policy is asked live at every decision, one step per draw. tune wants the latter:
  // its candidates differ in their stop rules and are compared on common random numbers,
  // and one draw per throw keeps two candidates on the same throws for as long as they play
  // alike, where composed segments of different thresholds map the same draws to different
  // outcomes (tests/verflixte6/analyses/tuning_test.cpp). Set it before the kernel's first pass.
  void set_compile_stop_rules(bool compile) { compile_stop_rules_ = compile; }

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
  void set_lane_block(bool use) { use_block_ = use; }
  // For tests: the lane block gathers the rows' wider fields, as it must once a row does not
  // fit the packed ones (Hot::draw, Hot::eyes), which no shipped game's rows reach.
  void read_unpacked() { packed_ = false; }
  // Whether play_passes plays these seats in `lanes` lanes in a lane block (lane_block.cpp).
  bool lane_block_plays(std::span<const PassSeat> seats, int lanes = kLanes);
  // The same for play_series of these players, their dice from the chunk's Rng (no series_rng).
  bool lane_block_plays(std::span<const EveningPlayer> players, int lanes = kLanes);

 private:
  static constexpr std::uint32_t kNone = ~0u;
  struct Edge {
    double prob = 0;
    std::uint32_t next = 0;        // row id
    int transfer = 0;
    bool senigma = false;          // the transfer is Senigma's (J10), not a robbing 1's
    int shown = 0;                 // the thief's eyes a victim choice sees (E1), if transfer
    bool closes = false;           // a segment ends here: a transfer, or next ends or is live
  };
  // What transfer_ reads of a bucket side whose edge took eyes, in one record (one cache
  // miss per steal): the edge's transfer and what the victim choice sees, and the rows the
  // turn goes on in when the steal lapses or pays Keuler, worked out on first need.
  struct Steal {
    int transfer = 0;
    int shown = 0;
    std::uint32_t lapse = kNone;   // next with the transfer taken back (T4: nobody to rob)
    std::uint32_t keuler = kNone;  // next with the Keuler bonus (T6)
    bool senigma = false;
  };
  // A compiled step: its edges, and an alias table over them (Walker), so a draw costs one
  // bucket lookup however many outcomes a composed segment has.
  struct Branch {
    Action action;
    std::uint32_t first = 0, last = 0;  // edges [first, last)
    std::uint32_t alias = 0;            // buckets [alias, alias + last - first)
  };
  // The draw's hot path reads only a bucket, 16 bytes (four to a cache line: the tables of
  // an evening's policies are megabytes, and the bucket load is where the lanes wait): both
  // sides' next row, bit kTakes set when the side's edge took eyes. What transfer_ needs of
  // such a side is kept apart, in `steals`.
  static constexpr std::uint32_t kTakes = 1u << 31;
  struct Bucket {
    double own = 1;                   // probability of side 0, the bucket's own edge
    std::uint32_t next[2] = {0, 0};   // next row | kTakes if the side's edge has a transfer
  };
  // A draw: the next row (with kTakes) and the bucket side it came from, 2 * bucket + side.
  struct Drawn {
    std::uint32_t next;
    std::uint32_t side;
  };
  // Per row, what the turn loop reads first: where its segment's buckets are, or why not.
  enum HotState : std::uint8_t { kUnbuilt, kReady, kEnds, kLive };
  // A row where the turn ends carries what the table records of it (T5), so that ending a
  // turn reads this record only, not the row.
  struct Hot {
    std::uint32_t alias = 0;
    std::uint32_t buckets = 0;
    union {
      int end_eyes = 0;    // kEnds: the turn's eyes
      std::uint32_t draw;  // kReady: alias << kSizeBits | (buckets - 1), where they fit (packed_)
    };
    HotState state = kUnbuilt;
    bool eliminated = false;   // kEnds: the turn ended in a Zombie (T5)
    std::int16_t eyes = 0;     // kEnds: end_eyes again, where it fits 16 bits (packed_)
  };
  // The lane block gathers a row's draw (alias and size) as one word, Hot::draw, and a
  // turn's end with its eyes as one word (state, eliminated and Hot::eyes), while every row
  // fits them: segments of at most 2^kSizeBits buckets (compile_segment's bound), 2^26
  // buckets in all, eyes of 16 bits. Else (packed_ false) it gathers the wider fields.
  // compile_segment packs Hot::draw and row_of Hot::eyes; run_block unpacks them.
  static constexpr int kSizeBits = 6;

  struct CompiledPolicy;
  // One reached solo state of one policy. `step` is the compiled step of its solo decision
  // (or free throw); its segment, once compiled, is where its Hot record points.
  struct Row {
    TurnState state;               // canonical; also the state a policy sees
    Action action;                 // the solo decision (Decide rows)
    bool live = false;             // ask the policy at every visit, with the table
    bool ends = false;             // over, or the solo decision is to stop
    Branch step{};
    bool has_step = false;
    std::vector<Branch> live_branches;  // live rows: one per action asked so far
    // rethreshold: the member of the family the lane last moved to from here, and its row
    // of this state (a stop threshold moves after a steal, mostly to the same neighbour).
    const CompiledPolicy* moved_to = nullptr;
    std::uint32_t moved_row = 0;
  };
  // Solo state -> row, open addressing (linear probing): every new row is looked up here
  // while segments compile, and so is every row after a compiled stop rule's threshold moved.
  class RowIndex {
   public:
    // The row of `key`, or `fresh` (inserted) if it has none; `inserted` says which.
    std::uint32_t find_or_insert(const SoloKey& key, std::uint32_t fresh, bool& inserted);

   private:
    struct Slot {
      SoloKey key;
      std::uint32_t row = kNone;  // kNone: empty
    };
    std::vector<Slot> slots_;  // a power of two, at most half full
    std::size_t size_ = 0;
    void grow();
  };
  struct CompiledPolicy {
    const Policy* policy = nullptr;
    VictimRule victim = VictimRule::kAsk;
    // A policy with a compiled stop rule (Policy::has_stop_threshold) has a family: its
    // head (tables_of's, no rows; `by_threshold` its members) and one member per stop
    // threshold met, which plays decide_at_threshold(·, threshold) table-free; `head`
    // points from a member to its head.
    bool family = false;
    CompiledPolicy* head = nullptr;
    int threshold = 0;
    std::unordered_map<int, CompiledPolicy*> by_threshold;
    // The members of thresholds kNearLow .. kNearLow + kNear - 1 also by index: the lanes
    // look a member up at every turn start and steal, and the map's lookup showed in profiles.
    static constexpr int kNearLow = -64, kNear = 256;
    std::vector<CompiledPolicy*> near;
    std::unordered_map<SoloKey, std::vector<std::pair<Action, TableOutcomes>>, SoloKeyHash> steps;  // the head's
    RowIndex index;
    // (jokers, start eyes) -> row. Evenings look it up at every turn (loadouts change from
    // pass to pass): a direct-mapped cache of recent keys in front of the map.
    std::unordered_map<std::uint64_t, std::uint32_t> starts;
    struct StartSlot {
      std::uint64_t key = ~0ull;  // no key: jokers take 16 bits
      std::uint32_t row = 0;
    };
    std::array<StartSlot, 64> start_slots{};
  };
  // The rows of all policies and their tables, in one arena: a row id names one row of one
  // policy, kernel-wide, so that lanes at different policies (an evening's seats, a family's
  // members) draw from the same arrays — the lane block's gathers read them from one base.
  std::vector<Row> rows_;
  std::vector<Hot> hot_;  // parallel to rows_
  bool packed_ = true;  // every row fits Hot::draw and Hot::eyes
  std::vector<Edge> edges_;
  std::vector<Bucket> buckets_;
  std::vector<Steal> steals_;  // per bucket side (Drawn::side); used where it has kTakes
  // Builds the alias table of `edges` into buckets_ and steals_; returns its first bucket.
  std::uint32_t finish_branch(std::span<const Edge> edges);
  Edge edge_to(double prob, std::uint32_t next, int transfer, bool senigma) const;
  Drawn draw(std::uint32_t alias, std::uint32_t buckets, Rng& rng) const;
  static double uniform_times(Rng& rng, std::uint32_t buckets);
  Drawn resolve(std::uint32_t alias, double u) const;

  CompiledPolicy& tables_of(const Policy& policy);
  CompiledPolicy& at_threshold(CompiledPolicy& head, int threshold);
  std::uint32_t row_of(CompiledPolicy& t, const TurnState& s);
  std::uint32_t start_row(CompiledPolicy& t, JokerSet jokers, int eyes);
  // start_row through a start-row cache (start_cache_'s block for the seats, or nullptr):
  // seat `seat`'s rows at eyes kStartLow .. kStartLow + kStartSpan - 1, kept once compiled.
  std::uint32_t cached_start(CompiledPolicy& t, std::uint32_t* starts, std::size_t seat, JokerSet jokers, int eyes);
  std::uint32_t shifted(CompiledPolicy& t, std::uint32_t row, int adjust);
  // The step `a` from `row`: its edges, and their alias table if the lanes draw from it
  // (`drawn`: a live row's branch; a solo step is drawn only as part of a segment).
  Branch compile_step(CompiledPolicy& t, std::uint32_t row, Action a, bool drawn);
  const Branch& step_of(CompiledPolicy& t, std::uint32_t row);
  void compile_segment(CompiledPolicy& t, std::uint32_t row);
  const Branch& live_branch(CompiledPolicy& t, std::uint32_t row, Action a);

  // Plays one turn of `self` at the table, returns its end (eyes, eliminated).
  // A pass in progress: its table, and where the player on turn is in his policy's rows.
  struct Lane {
    std::uint32_t row = 0;          // the row of the player on turn
    CompiledPolicy* t = nullptr;    // his policy's tables
    int self = 0, step = 0, first = 0, n = 0;
    const PassSeat* seats = nullptr;
    std::array<CompiledPolicy*, kMaxPlayers> tabs{};
    std::uint32_t* starts = nullptr;  // play_passes' start rows by seat and start eyes (start_cache_)
    std::uint32_t drawn = 0;          // run_lanes: the bucket side of the last draw (Drawn::side)
    bool dead = false;                // play_passes: no pass left for this lane
    // play_series: the evening in progress (play_evening's state) and the seats of its pass.
    std::uint64_t series = 0;
    int evening = 0, pass = 0, opener = 0;
    std::array<PassSeat, kMaxPlayers> pass_seats{};
    std::array<int, kMaxPlayers> totals{}, bonus{}, place{};
    std::array<JokerBook, kMaxPlayers> books{};  // P2
    std::array<SeatView, kMaxPlayers> table{};  // seats n.. unused (compiled_victim reads them, 4 at a time)
    std::array<int, kMaxPlayers> keuler{};
    std::array<unsigned, kMaxPlayers> taken{};  // E9: classic Senigma, [thief] bit victim
    Rng own;                 // play_series with series_rng: this series' stream
    Rng* rng = nullptr;      // &own then; nullptr: the chunk's shared Rng
    std::span<SeatView> view() { return {table.data(), static_cast<size_t>(n)}; }
    int still_to_play() const { return n - 1 - step; }
  };
  void begin_pass(Lane& lane, std::span<const PassSeat> seats, int first);
  void begin_pass(Lane& lane, const std::array<CompiledPolicy*, kMaxPlayers>& tabs, int first);
  // begin_pass without its first turn (begin_turn): the table, the opener, step 0.
  void open_pass(Lane& lane, const std::array<CompiledPolicy*, kMaxPlayers>& tabs, int first);
  void begin_turn(Lane& lane);
  // Plays the lane up to and including its next draw; false (no draw made) when its pass
  // has ended (T7 applied).
  bool advance(Lane& lane, Rng& rng);
  // Plays the lanes_[order_] in rounds (play_passes' phases) until every lane is dead;
  // finish(lane) is called when a lane's pass has ended and returns whether it has another.
  template <class Finish>
  void run_lanes(Rng& rng, Finish finish);
  // Settles the lane (settle), its ended passes handed to finish; false when it has none left.
  template <class Finish>
  bool settle_or_finish(Lane& lane, Finish& finish) {
    while (!settle(lane))
      if (!finish(lane)) return lane.dead = true, false;
    return true;
  }
  void begin_evening_pass(Lane& lane, std::span<const EveningPlayer> players, bool final);
  // begin_evening_pass without the pass's first turn: a lane record catching up with a pass
  // the lane block began in its arrays, first turn and all (lane_block.cpp, to_lane).
  void open_evening_pass(Lane& lane, std::span<const EveningPlayer> players, bool final);
  // Brings the lane to a row where it draws (segment or live decision), ending turns and
  // compiling segments on the way; false when its pass has ended.
  bool settle(Lane& lane);
  // The player on turn ends his turn with `end`; false when that ended the pass.
  bool end_turn(Lane& lane, int eyes, bool eliminated);
  // The draw from bucket side `side` (Drawn::side) took eyes: the table settles the steal.
  void transfer_(Lane& lane, std::uint32_t side, int target, std::uint32_t& id);
  // A compiled stop rule: the member of lane.t's family for the table as it is now.
  CompiledPolicy& member_for_table(Lane& lane);
  // After a steal: the player on turn goes on in the member for the new table, at `id`'s state.
  void rethreshold(Lane& lane, std::uint32_t& id);
  int victim_of(Lane& lane, const TurnState& at, int amount, std::span<const int> cand);

  const Rules& rules_;
  int max_steps_ = 8;
  bool compile_stop_rules_ = true;
  std::vector<std::unique_ptr<CompiledPolicy>> tables_;  // stable addresses: lanes point in
  // The lanes in a lane block (lane_block.h): their state in structure-of-arrays form,
  // stepped sixteen lanes at a time, where it can play them (block_plays).
  struct Block;
  std::unique_ptr<Block> block_;
  bool use_block_ = kLaneBlockByDefault;
  bool block_plays(const std::array<CompiledPolicy*, kMaxPlayers>& tabs, int n, bool senigma, int lanes) const;
  // run_lanes on the block, with the same draws; `finish` as run_lanes' (lane_block.cpp).
  // `passes`: play_passes' (lane_block.h), nullptr for play_series' lanes;
  // `series`: play_series' (lane_block.h), nullptr for play_passes' lanes.
  struct BlockPasses;
  struct BlockSeries;
  void play_passes(std::span<const PassSeat> seats, std::uint64_t first_pass, std::uint64_t count, Rng& rng,
                   const PassSink& sink, std::vector<std::uint64_t>* counts, int lanes);
  void run_block(Rng& rng, const std::function<bool(Lane&)>& finish, const BlockPasses* passes,
                 const BlockSeries* series);
  template <bool kSeries>
  void run_block(Rng& rng, const std::function<bool(Lane&)>& finish, const BlockPasses* passes,
                 const BlockSeries* series);
  Lane one_;                  // play_pass's lane
  std::vector<Lane> lanes_;   // play_passes' lanes, kept to play without allocating
  std::vector<std::uint32_t> order_, listed_, ready_, live_;  // run_lanes: lanes in order, a phase's lists
  // play_passes' seats are the same for all its passes, so their start rows are looked up
  // once per (seat, start eyes): seat k, eyes e at [k * kStartSpan + e - kStartLow]. So are
  // play_series' when every selector's loadouts are planned (plan_), per pass of the evening:
  // pass p's block at [p * players * kStartSpan].
  static constexpr int kStartLow = -32, kStartSpan = 96;
  std::vector<std::uint32_t> start_cache_;
  // A family of stop thresholds' start rows (begin_turn: the member for the table's
  // threshold), cached where start_cache_ has a block: entry (i, t) for start_cache_'s entry
  // i and threshold t at [i * kFamilySpan + t] for t 0 .. kFamilySpan - 2, kStopAlways at
  // the last; kNone until its row is a segment to draw from. The lane block reads it at a
  // family's turn starts (lane_block.cpp). Kept across calls while family_key_ (the seats'
  // tables and loadouts of each block) is the same; empty without a family.
  static constexpr int kFamilySpan = 64;
  std::vector<std::uint32_t> family_starts_;
  std::vector<std::uint64_t> family_key_, key_;  // key_: the call's, kept to reuse its storage
  // family_starts_ for start_cache_ as just assigned, by the seats' tables and the loadouts
  // of its blocks (play_passes' seats', play_series' plan_; none: no start rows cached).
  void cache_family_starts(const std::array<CompiledPolicy*, kMaxPlayers>& tabs, size_t n,
                           std::span<const JokerSet> loadouts);
  // The family_starts_ entry of `seat`'s member at `threshold`, starting at `eyes`, where
  // the lane's start rows are cached; nullptr where none can be (outside the spans).
  std::uint32_t* family_start(const Lane& lane, int seat, int threshold, int eyes);
  // The same for start rows at `starts` in start_cache_ (Lane::starts' offset; -1: none).
  std::uint32_t* family_start(std::ptrdiff_t starts, int seat, int threshold, int eyes);
  // play_series: the loadout of player k in pass p at [p * kMaxPlayers + k] when no selector
  // reads the table (Selector::reads_table), worked out once by select_loadout; else empty
  // and every lane selects at every pass.
  std::vector<JokerSet> plan_;
  // compile_segment's and finish_branch's working storage, kept so that compiling a table
  // does not allocate per segment (compiling is a fixed cost of every run and every thread).
  struct Merged;
  std::unique_ptr<Merged[]> merged_;  // open, closed, next open, next closed
  std::vector<Edge> segment_edges_;
  std::vector<double> scaled_;
};

}  // namespace verflixt
