#pragma once
// The pass kernel's inside (pass_kernel.h): its compiled tables (rows, steps, segments and
// their alias tables, pass_tables.cpp), its lanes (turns, draws, steals, passes and evenings
// played in rounds, pass_lanes.cpp) and the lane block's entry (lane_block.cpp). Private to
// the library: only the kernel's own files and the tests read it. A nested class of
// PassKernel, so the public names (PassSink, kLanes, count_index, ...) read unqualified here.
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

#include "verflixt/games/verflixte6/kernels/pass_kernel.h"

namespace verflixt::verflixte6 {

struct PassKernel::Impl {
  explicit Impl(const Rules& rules);
  ~Impl();

  // The work behind the public calls of the same names (pass_kernel.h).
  void play_pass(std::span<const PassSeat> seats, int first, core::Rng& rng, PassResult& out);
  void play_series(std::span<const EveningPlayer> players, bool final, int length, std::uint64_t first_series,
                   std::uint64_t count, const FirstSeat& first_seat, core::Rng& rng, const EveningSink& sink, int lanes,
                   const SeriesRng& series_rng);
  std::size_t states() const;
  bool lane_block_plays(std::span<const PassSeat> seats, int lanes);
  bool lane_block_plays(std::span<const EveningPlayer> players, int lanes);

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
  Drawn draw(std::uint32_t alias, std::uint32_t buckets, core::Rng& rng) const;
  static double uniform_times(core::Rng& rng, std::uint32_t buckets);
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
    core::Rng own;                 // play_series with series_rng: this series' stream
    core::Rng* rng = nullptr;      // &own then; nullptr: the chunk's shared Rng
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
  bool advance(Lane& lane, core::Rng& rng);
  // Plays the lanes_[order_] in rounds (play_passes' phases) until every lane is dead;
  // finish(lane) is called when a lane's pass has ended and returns whether it has another.
  template <class Finish>
  void run_lanes(core::Rng& rng, Finish finish);
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
  template <bool kSeries>
  struct BlockRun;  // run_block's state and steps (lane_block_steps.h)
  std::unique_ptr<Block> block_;
  bool use_block_ = kLaneBlockByDefault;
  bool block_plays(const std::array<CompiledPolicy*, kMaxPlayers>& tabs, int n, bool senigma, int lanes) const;
  // run_lanes on the block, with the same draws; `finish` as run_lanes' (lane_block.cpp).
  // `passes`: play_passes' (lane_block.h), nullptr for play_series' lanes;
  // `series`: play_series' (lane_block.h), nullptr for play_passes' lanes.
  struct BlockPasses;
  struct BlockSeries;
  void play_passes(std::span<const PassSeat> seats, std::uint64_t first_pass, std::uint64_t count, core::Rng& rng,
                   const PassSink& sink, std::vector<std::uint64_t>* counts, int lanes);
  void run_block(core::Rng& rng, const std::function<bool(Lane&)>& finish, const BlockPasses* passes,
                 const BlockSeries* series);
  template <bool kSeries>
  void run_block(core::Rng& rng, const std::function<bool(Lane&)>& finish, const BlockPasses* passes,
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

}  // namespace verflixt::verflixte6
