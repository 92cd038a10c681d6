#pragma once
// The solo solver's map from a state to its index (solver.cpp).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "verflixt/games/verflixte6/exact/solo_model.h"

namespace verflixt::verflixte6::detail {

// State -> index. States that differ only in their eyes share a row (a dense array over the
// eyes), found through an open-addressing table of the rest: a plain throw's successors then
// sit next to each other in memory, and the table of rows stays small enough for the cache.
// This is the solver's hottest structure (every successor of every state is looked up twice,
// mostly several eyes of one row in a row, hence the one-row memo in front of the table).
// Finding is safe from several threads at once, each with its own memo; inserting is not.
class StateIndex {
 public:
  static constexpr std::uint32_t kNone = 0xffffffffu;
  // The rest last found and its row: one per thread that finds.
  struct Memo {
    SoloKey key;
    std::uint32_t row = kNone;
  };
  std::uint32_t find(const TurnState& s, Memo& memo) const {
    const std::uint32_t r = row_of(rest_key(s), memo);
    if (r == kNone) return kNone;
    const Row& row = rows_[r];
    const long i = static_cast<long>(s.eyes) - row.lo;
    return i < 0 || i >= static_cast<long>(row.ids.size()) ? kNone : row.ids[static_cast<size_t>(i)];
  }
  // Inserts s -> v unless s is present; returns the index stored for s.
  std::uint32_t insert(const TurnState& s, std::uint32_t v) {
    const SoloKey key = rest_key(s);
    std::uint32_t r = row_of(key, insert_memo_);
    if (r == kNone) r = add_row(key, s.eyes);
    Row& row = rows_[r];
    if (s.eyes < row.lo) {  // grow downwards, with room to spare
      const int add = std::max(row.lo - s.eyes, static_cast<int>(row.ids.size()));
      row.ids.insert(row.ids.begin(), static_cast<size_t>(add), kNone);
      row.lo -= add;
    }
    const auto i = static_cast<size_t>(s.eyes - row.lo);
    if (i >= row.ids.size()) row.ids.resize(std::max(i + 1, 2 * row.ids.size()), kNone);
    if (row.ids[i] == kNone) row.ids[i] = v;
    return row.ids[i];
  }

 private:
  struct Row {
    int lo = 0;
    std::vector<std::uint32_t> ids;
  };
  struct Slot {
    SoloKey key;
    std::uint32_t row = kNone;
  };
  static SoloKey rest_key(TurnState s) {
    s.eyes = 0;
    return solo_key(s);
  }
  // The row of this rest, or kNone; linear probing in a power-of-two table at most half full.
  std::uint32_t row_of(const SoloKey& key, Memo& memo) const {
    if (memo.row != kNone && memo.key == key) return memo.row;
    if (slots_.empty()) return kNone;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = SoloKeyHash{}(key) & mask;; i = (i + 1) & mask) {
      const Slot& slot = slots_[i];
      if (slot.row == kNone) return kNone;
      if (slot.key == key) {
        memo = {key, slot.row};
        return slot.row;
      }
    }
  }
  std::uint32_t add_row(const SoloKey& key, int eyes) {
    if (2 * (rows_.size() + 1) > slots_.size()) {
      std::vector<Slot> old(std::max<std::size_t>(64, 2 * slots_.size()));
      old.swap(slots_);
      for (const Slot& slot : old)
        if (slot.row != kNone) place(slot);
    }
    const auto r = static_cast<std::uint32_t>(rows_.size());
    rows_.push_back(Row{eyes, std::vector<std::uint32_t>(1, kNone)});
    place(Slot{key, r});
    return r;
  }
  void place(const Slot& slot) {
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = SoloKeyHash{}(slot.key) & mask;
    while (slots_[i].row != kNone) i = (i + 1) & mask;
    slots_[i] = slot;
  }
  std::vector<Slot> slots_;
  std::vector<Row> rows_;
  Memo insert_memo_;
};

}  // namespace verflixt::verflixte6::detail
