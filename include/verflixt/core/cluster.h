#pragma once
// Many processes as one run (MPI, optional: -DVERFLIXT_MPI=ON). The Monte Carlo loops cut
// their work into fixed chunks whose streams depend only on the seed and the chunk index, so
// splitting the chunks across R processes ("ranks") and handing every finished chunk's part
// to every rank in chunk order gives the same bits as one process, for any R. This file holds
// the game-free pieces: the session (init/finalize, which rank am I), which chunks are mine,
// a round-based agreement on progress and on a stop request, and the exchange of parts.
//
// Without MPI in the build, or when the program was not started by mpirun/srun, there is
// one rank: every chunk is mine, the agreement is the local counters, the exchange does
// nothing. The commands call the same API either way.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace verflixt::core {
class Tally;
}

namespace verflixt::core::cluster {

// True when built with MPI (VERFLIXT_MPI=ON).
bool built_with_mpi();
// This process's rank and the number of ranks (0 and 1 outside an MPI launch).
int rank();
int size();
inline bool root() { return rank() == 0; }
// Chunk c belongs to rank c mod R: its share. This rank's share of `chunks` chunks is
// my_chunk(0), ..., my_chunk(my_chunk_count(chunks) - 1). Chunks are equal work, but ranks
// need not be equal in speed (another job on a core, an older machine): run_chunks lets a
// rank that has played its share take over part of a slower rank's (Agreement, hand_over);
// the solo kernel's loop keeps to the shares.
inline bool mine(std::uint64_t chunk) { return static_cast<int>(chunk % static_cast<std::uint64_t>(size())) == rank(); }
inline std::uint64_t my_chunk_count(std::uint64_t chunks) {
  const auto r = static_cast<std::uint64_t>(rank()), n = static_cast<std::uint64_t>(size());
  return r < chunks ? (chunks - r + n - 1) / n : 0;
}
inline std::uint64_t my_chunk(std::uint64_t i) {
  return static_cast<std::uint64_t>(rank()) + i * static_cast<std::uint64_t>(size());
}

// One per process, first thing in main: starts MPI when the process was launched by mpirun
// or srun (an MPI build run directly stays a single process and never touches MPI), and
// finalizes it at the end. Not copyable.
class Session {
 public:
  Session(int& argc, char**& argv);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // The exit code every rank returns: the largest of the ranks' codes, agreed before
  // finalizing, so a bad input (2) or a stop (130) ends every rank alike. A rank that
  // failed alone while the others are busy (an unreadable file on one machine) cannot be
  // waited for: after `lonely_seconds` without the others it aborts the whole job with its
  // code. `message` (an error line) is printed by rank 0, or by another rank when rank 0
  // did not fail, so one line reaches the user, not R copies.
  int agree_exit(int code, const std::string& message = "", double lonely_seconds = 20.0);
};

// Serialization of the parts a chunk produces, for the exchange between ranks. A part type
// is trivially copyable, a vector or map of serializable things, a Tally, a plain struct of
// up to 12 public serializable fields (an aggregate: its fields are found by structured
// binding, so a game's part needs no code), or has a member `void serialize(cluster::Archive&)`
// or a free `serialize(cluster::Archive&, T&)` found by ADL that passes its fields:
// `a(sum, cross, count)`. One function reads and writes.
class Archive {
 public:
  explicit Archive(std::vector<char>& out) : out_(&out) {}   // writes into `out`
  Archive(const char* data, std::size_t size) : in_(data), left_(size) {}  // reads
  bool reading() const { return out_ == nullptr; }
  bool empty() const { return reading() && left_ == 0; }
  template <class... X>
  void operator()(X&... x) {
    (item(x), ...);
  }
  void bytes(void* p, std::size_t n) {
    if (out_) {
      const auto* c = static_cast<const char*>(p);
      out_->insert(out_->end(), c, c + n);
    } else {
      if (n > left_) throw std::runtime_error("cluster: a part ended early in the exchange");
      std::memcpy(p, in_, n);
      in_ += n;
      left_ -= n;
    }
  }

 private:
  template <class X>
  void item(X& x);
  std::vector<char>* out_ = nullptr;
  const char* in_ = nullptr;
  std::size_t left_ = 0;
};

// A Tally travels as its histogram and bust count; the sums follow from the histogram.
void serialize(Archive& a, Tally& t);

namespace detail {
template <class X>
struct is_vector : std::false_type {};
template <class X, class A>
struct is_vector<std::vector<X, A>> : std::true_type {};
template <class X>
struct is_map : std::false_type {};
template <class K, class V, class C, class A>
struct is_map<std::map<K, V, C, A>> : std::true_type {};

// The number of fields of an aggregate: the most initializers T{...} takes. (A field that is
// itself an aggregate would be counted by its fields; the structured binding below then
// fails to compile, and that part needs a serialize member.)
struct AnyField {
  template <class T>
  operator T() const;
};
template <class T, class... A>
constexpr std::size_t field_count() {
  if constexpr (sizeof...(A) < 13 && requires { T{A{}..., AnyField{}}; })
    return field_count<T, A..., AnyField>();
  else
    return sizeof...(A);
}

// Calls f(field...) with the fields of aggregate x, by structured binding.
template <class T, class F>
void for_fields(T& x, F f) {
  constexpr std::size_t n = field_count<T>();
  static_assert(n >= 1 && n <= 12, "cluster: a part struct of 1..12 fields, or give it a serialize member");
  if constexpr (n == 1) { auto& [a] = x; f(a); }
  else if constexpr (n == 2) { auto& [a, b] = x; f(a, b); }
  else if constexpr (n == 3) { auto& [a, b, c] = x; f(a, b, c); }
  else if constexpr (n == 4) { auto& [a, b, c, d] = x; f(a, b, c, d); }
  else if constexpr (n == 5) { auto& [a, b, c, d, e] = x; f(a, b, c, d, e); }
  else if constexpr (n == 6) { auto& [a, b, c, d, e, g] = x; f(a, b, c, d, e, g); }
  else if constexpr (n == 7) { auto& [a, b, c, d, e, g, h] = x; f(a, b, c, d, e, g, h); }
  else if constexpr (n == 8) { auto& [a, b, c, d, e, g, h, i] = x; f(a, b, c, d, e, g, h, i); }
  else if constexpr (n == 9) { auto& [a, b, c, d, e, g, h, i, j] = x; f(a, b, c, d, e, g, h, i, j); }
  else if constexpr (n == 10) { auto& [a, b, c, d, e, g, h, i, j, k] = x; f(a, b, c, d, e, g, h, i, j, k); }
  else if constexpr (n == 11) { auto& [a, b, c, d, e, g, h, i, j, k, l] = x; f(a, b, c, d, e, g, h, i, j, k, l); }
  else { auto& [a, b, c, d, e, g, h, i, j, k, l, m] = x; f(a, b, c, d, e, g, h, i, j, k, l, m); }
}
}  // namespace detail

template <class X>
void Archive::item(X& x) {
  if constexpr (requires { x.serialize(*this); }) {
    x.serialize(*this);
  } else if constexpr (detail::is_vector<X>::value) {
    std::uint64_t n = x.size();
    bytes(&n, sizeof n);
    if (reading()) x.resize(n);
    if constexpr (std::is_trivially_copyable_v<typename X::value_type>) {
      if (n) bytes(x.data(), n * sizeof(typename X::value_type));
    } else {
      for (auto& e : x) item(e);
    }
  } else if constexpr (detail::is_map<X>::value) {
    std::uint64_t n = x.size();
    bytes(&n, sizeof n);
    if (reading()) {
      x.clear();
      for (std::uint64_t k = 0; k < n; ++k) {
        typename X::key_type key{};
        typename X::mapped_type value{};
        item(key);
        item(value);
        x.emplace(std::move(key), std::move(value));
      }
    } else {
      for (auto& [key, value] : x) {
        auto k = key;
        item(k);
        item(value);
      }
    }
  } else if constexpr (std::is_trivially_copyable_v<X>) {
    bytes(&x, sizeof x);
  } else if constexpr (requires { serialize(*this, x); }) {
    serialize(*this, x);
  } else {
    static_assert(std::is_aggregate_v<X>, "cluster: give this part type a serialize member");
    detail::for_fields(x, [this](auto&... field) { (item(field), ...); });
  }
}

// Waits until every rank has arrived, sleeping rather than spinning (a waiting rank must not
// take the core a working rank on the same machine needs). Nothing outside MPI.
void barrier();

// Within its scope this process runs as a single process of one rank, whatever the launch:
// bench times rank 0 alone against all ranks. Only rank 0 may use it, and the other ranks
// must not enter a chunk loop meanwhile (they wait in barrier()).
class Alone {
 public:
  Alone();
  ~Alone();
  Alone(const Alone&) = delete;
  Alone& operator=(const Alone&) = delete;

 private:
  int rank_, size_;
};

// Every rank's buffer, in rank order (one buffer, `mine`, outside MPI).
std::vector<std::vector<char>> allgather_bytes(const std::vector<char>& mine);
// Element-wise exact sums of integers over the ranks (unchanged outside MPI).
void sum_everywhere(std::vector<std::uint64_t>& values);

// Hands every rank the parts of the chunks the other ranks finished: afterwards `played`
// (finished chunk -> its part, chunks below `chunks`) is the same on every rank. Parts are
// exchanged as bytes, so the numbers in them arrive exactly; every rank then merges them in
// chunk order as one process would. Only finished chunks take memory, on every rank: a run
// asked for far more chunks than it plays before a stop holds what it played. A chunk two
// ranks both played (a handed-over half, see Agreement) has the same part on both; one is kept.
template <class T>
void share_parts(std::map<std::uint64_t, T>& played, std::uint64_t chunks) {
  if (size() == 1) return;
  std::vector<char> mine;
  Archive out(mine);
  for (auto& [c, part] : played) {
    std::uint64_t chunk = c;
    out(chunk, part);
  }
  const auto all = allgather_bytes(mine);
  for (int r = 0; r < size(); ++r) {
    if (r == rank()) continue;
    const auto& buffer = all[static_cast<std::size_t>(r)];
    Archive in(buffer.data(), buffer.size());
    while (!in.empty()) {
      std::uint64_t c = 0;
      in(c);
      if (c >= chunks) throw std::runtime_error("cluster: a part names a chunk out of range");
      T part{};
      in(part);
      played.emplace(c, std::move(part));
    }
  }
}

// How ranks with nothing left to claim take over the rest of other ranks' shares (the
// Agreement's rule, a pure function so that every rank, given the same sums, hands over the
// same chunks). Share index i of rank r is chunk r + i R; limit[r] bounds the part of r's
// share that r plays itself, claimed[r] is how far r had claimed into it, idle[r] != 0 when
// r had nothing to claim. Each idle rank, in rank order, takes the second half of the
// unclaimed rest of the share with the most unclaimed (ties: the lower rank), if that is 2
// or more, and the owner's limit moves down to where the half starts.
struct Handover {
  std::size_t helper, owner;
  std::uint64_t from, to;  // owner's share indices [from, to)
  bool operator==(const Handover&) const = default;
};
std::vector<Handover> hand_over(std::vector<std::uint64_t>& limit, std::span<const std::uint64_t> claimed,
                                std::span<const std::uint64_t> idle);

// The agreement of one chunk loop: how many chunks are finished on all ranks together, and
// whether any rank was asked to stop. Ranks exchange their counters in rounds (a
// non-blocking sum every time the polling thread finishes a chunk), so a Ctrl-C on any rank
// stops all of them within a chunk or two, and rank 0 shows the progress of the whole run.
// finished() and claim() may be called from any thread; poll(), settle() and wait() on the
// polling thread only: the thread that started MPI (OpenMP's thread 0 of a team made on the
// main thread).
//
// Made with the loop's chunk count (run_chunks), it also hands out the chunks (claim): each
// rank first plays its share (chunk c of rank c mod R, in order), and a rank with nothing
// left to claim is given the second half of the largest share still unclaimed. The rounds
// carry how far every rank has claimed into its share and who has nothing left, and every
// rank applies the same rule to the same sums, so all agree on who plays what without a
// coordinator: a rank that another job slows, or a slower machine, no longer holds the run
// back by a fixed share. A rank may have claimed into the half it gives away before it
// learns of the split: then both play those chunks — the same parts, since a chunk's part
// depends on its index only — and the exchange keeps one (share_parts). A loop whose
// results are summed per thread rather than kept per chunk (the solo kernel) cannot keep one
// of two copies and uses the fixed shares (my_chunk) with the default constructor.
class Agreement {
 public:
  Agreement();
  explicit Agreement(std::uint64_t chunks);
  ~Agreement();
  Agreement(const Agreement&) = delete;
  Agreement& operator=(const Agreement&) = delete;

  void finished() { finished_.fetch_add(1, std::memory_order_acq_rel); }
  // Called with the local stop request (Ctrl-C on this process) on every poll.
  void poll(bool stop_requested);
  // After the polling thread left the loop: rounds until every rank is done, then returns.
  void settle(bool stop_requested);
  bool stop_agreed() const { return stop_.load(std::memory_order_relaxed); }
  // Finished chunks on all ranks as of the last round (on one rank: exactly the local count).
  std::uint64_t finished_everywhere() const;

  // With a chunk count: the next chunk this rank plays; false when it has none to claim now
  // (more may come from another rank's share: ask wait()).
  bool claim(std::uint64_t& chunk);
  // With a chunk count, when claim() found nothing: the polling thread completes a round
  // (waiting for it), another thread sleeps briefly. True when the loop is over: no rank has
  // anything left to claim (or a stop was agreed); then every rank leaves after the same round.
  bool wait(bool polling, bool stop_requested);

 private:
  bool round(bool stop_requested, bool local_done, bool block);
  std::atomic<std::uint64_t> finished_{0};
  std::atomic<bool> stop_{false};
  std::atomic<bool> over_{false};
  std::uint64_t global_finished_ = 0;
  struct Pending;
  std::unique_ptr<Pending> pending_;
  struct Shares;
  std::unique_ptr<Shares> shares_;
};

}  // namespace verflixt::core::cluster
