#pragma once
// The project's vocabulary: fixed-width aliases, the jokers, player status and actions.
// Every other header builds on these names.
#include <cstdint>

namespace verflixt::verflixte6 {

using u8 = std::uint8_t;
using u16 = std::uint16_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;
using i8 = std::int8_t;
using i16 = std::int16_t;
using i32 = std::int32_t;
using i64 = std::int64_t;

// The fifteen jokers of docs/rules/verflixte6.md §2, in rule order (J1..J15): Joker(k) is rule J(k+1).
enum Joker : u8 {
  FROSTSCHUTZ,    // J1
  SPELUNKENBOLD,  // J2
  ANACONDA,       // J3
  HIRTENSCHUTZ,   // J4
  RATTENLORD,     // J5
  ALL_IN,         // J6
  JULE,           // J7
  PONY,           // J8
  MONOKEL,        // J9
  SENIGMA,        // J10
  VENTIL,         // J11
  TENTAKEL,       // J12
  FUMO,           // J13
  CHERRY,         // J14
  RUNKELRUEB,     // J15
  JOKER_NB = 15
};

// A set of jokers as a bit mask (bit k = Joker k). Small enough to index tables with.
struct JokerSet {
  u16 bits = 0;

  constexpr bool has(Joker j) const { return (bits >> j) & 1u; }
  constexpr JokerSet with(Joker j) const { return {static_cast<u16>(bits | (1u << j))}; }
  constexpr JokerSet without(Joker j) const { return {static_cast<u16>(bits & ~(1u << j))}; }
  constexpr int size() const { return __builtin_popcount(bits); }
  constexpr bool empty() const { return bits == 0; }
  constexpr bool contains(JokerSet o) const { return (bits & o.bits) == o.bits; }
  friend constexpr bool operator==(JokerSet, JokerSet) = default;

  static constexpr JokerSet all() { return {static_cast<u16>((1u << JOKER_NB) - 1)}; }
};

// docs/rules/verflixte6.md T4/T5: a Jungfrau has not taken her turn in this pass, a Prinzessin has stopped,
// a Zombie was eliminated (or ended the pass at 0 or below).
enum class Status : u8 { Jungfrau, Prinzessin, Zombie };

// docs/rules/verflixte6.md T2: what a player does at a decision point.
struct Action {
  enum Kind : u8 { Stop, Roll, UseJoker };
  Kind kind = Stop;
  Joker joker = JOKER_NB;  // only meaningful for UseJoker

  static constexpr Action stop() { return {Stop, JOKER_NB}; }
  static constexpr Action roll() { return {Roll, JOKER_NB}; }
  static constexpr Action use(Joker j) { return {UseJoker, j}; }
  friend constexpr bool operator==(Action, Action) = default;
};

}  // namespace verflixt::verflixte6
