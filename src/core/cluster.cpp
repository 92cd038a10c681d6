#include "verflixt/core/cluster.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <deque>
#include <iostream>
#include <mutex>
#include <thread>

#include "verflixt/core/stats.h"

#if VERFLIXT_MPI
#include <fcntl.h>
#include <mpi.h>
#include <unistd.h>
#endif

namespace verflixt::core::cluster {

namespace {

int g_rank = 0;
int g_size = 1;
#if VERFLIXT_MPI
bool g_started = false;   // MPI_Init ran (and MPI_Finalize is ours to call)
MPI_Comm g_work = MPI_COMM_NULL;  // the chunk loops' rounds and exchanges
MPI_Comm g_exit = MPI_COMM_NULL;  // only the exit agreement, so it never meets a loop's round
int g_stderr = 2;         // the real stderr of a rank whose stderr is silenced

// mpirun (Open MPI's OMPI_*, PMIx) and srun (PMIx or PMI-2) leave these in a rank's
// environment; a process started any other way is a single process.
bool launched_as_rank() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (std::getenv(v)) return true;
  return false;
}

void say(int fd, const std::string& message) {
  if (message.empty()) return;
  const std::string line = message + "\n";
  [[maybe_unused]] const auto n = ::write(fd, line.data(), line.size());
}

void sleep_briefly() { std::this_thread::sleep_for(std::chrono::microseconds(200)); }
#endif

}  // namespace

bool built_with_mpi() { return VERFLIXT_MPI != 0; }
int rank() { return g_rank; }
int size() { return g_size; }

Session::Session([[maybe_unused]] int& argc, [[maybe_unused]] char**& argv) {
#if VERFLIXT_MPI
  if (!launched_as_rank()) return;
  int provided = 0;
  // Only the main thread (OpenMP's thread 0) calls MPI.
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  g_started = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_size);
  MPI_Comm_dup(MPI_COMM_WORLD, &g_work);
  MPI_Comm_dup(MPI_COMM_WORLD, &g_exit);
  if (g_rank != 0) {
    // Every rank computes the same thing; only rank 0 talks (stdout, progress, errors).
    // agree_exit keeps the real stderr for the one case another rank must speak.
    g_stderr = ::dup(2);
    const int null = ::open("/dev/null", O_WRONLY);
    if (null >= 0) {
      ::dup2(null, 1);
      ::dup2(null, 2);
      ::close(null);
    }
  }
#endif
}

Session::~Session() {
#if VERFLIXT_MPI
  if (!g_started) return;
  MPI_Comm_free(&g_work);
  MPI_Comm_free(&g_exit);
  MPI_Finalize();
#endif
}

int Session::agree_exit(int code, const std::string& message, [[maybe_unused]] double lonely_seconds) {
#if VERFLIXT_MPI
  if (g_size > 1) {
    std::vector<int> codes(static_cast<std::size_t>(g_size), 0);
    MPI_Request request;
    MPI_Iallgather(&code, 1, MPI_INT, codes.data(), 1, MPI_INT, g_exit, &request);
    const auto t0 = std::chrono::steady_clock::now();
    int complete = 0;
    while (true) {
      MPI_Test(&request, &complete, MPI_STATUS_IGNORE);
      if (complete) break;
      // A rank that finished well waits for the others however long they take; a failed
      // one may be alone (the others are busy in a loop it left) and must end the job.
      if (code != 0 && std::chrono::steady_clock::now() - t0 > std::chrono::duration<double>(lonely_seconds)) {
        say(g_rank == 0 ? 2 : g_stderr, message);
        MPI_Abort(MPI_COMM_WORLD, code);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    // One line for the user: rank 0's, or the first failed rank's when rank 0 did not fail.
    const auto first_failed = std::find_if(codes.begin(), codes.end(), [](int c) { return c != 0; });
    if (first_failed != codes.end() && first_failed - codes.begin() == g_rank) say(g_rank == 0 ? 2 : g_stderr, message);
    return *std::max_element(codes.begin(), codes.end());
  }
#endif
  if (!message.empty()) std::cerr << message << "\n";
  return code;
}

void serialize(Archive& a, Tally& t) {
  std::map<int, std::uint64_t> hist;
  std::uint64_t busts = 0;
  if (!a.reading()) {
    hist = t.histogram();
    busts = t.busts();
  }
  a(hist, busts);
  if (!a.reading()) return;
  // Every turn a Tally counts is in its histogram, so the sums follow exactly from it.
  t = Tally{};
  bool first = true;
  for (const auto& [value, count] : hist) {
    t.add_many(value, count, first ? busts : 0);
    first = false;
  }
  if (first && busts) throw std::runtime_error("cluster: a tally with busts but no turns");
}

std::vector<std::vector<char>> allgather_bytes(const std::vector<char>& mine) {
#if VERFLIXT_MPI
  if (g_size > 1) {
    const auto n = static_cast<std::size_t>(g_size);
    if (mine.size() > static_cast<std::size_t>(INT32_MAX))
      throw std::runtime_error("cluster: a rank's parts exceed 2 GB; use more ranks or fewer chunks");
    int count = static_cast<int>(mine.size());
    std::vector<int> counts(n), offsets(n);
    MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, g_work);
    std::size_t all = 0;
    for (std::size_t r = 0; r < n; ++r) {
      offsets[r] = static_cast<int>(all);
      all += static_cast<std::size_t>(counts[r]);
    }
    if (all > static_cast<std::size_t>(INT32_MAX))
      throw std::runtime_error("cluster: the parts of all ranks exceed 2 GB; use fewer chunks");
    std::vector<char> buffer(all);
    MPI_Allgatherv(mine.data(), count, MPI_CHAR, buffer.data(), counts.data(), offsets.data(), MPI_CHAR, g_work);
    std::vector<std::vector<char>> out(n);
    for (std::size_t r = 0; r < n; ++r)
      out[r].assign(buffer.begin() + offsets[r], buffer.begin() + offsets[r] + counts[r]);
    return out;
  }
#endif
  return {mine};
}

void barrier() {
#if VERFLIXT_MPI
  if (g_size > 1) {
    MPI_Request request;
    MPI_Ibarrier(g_work, &request);
    int complete = 0;
    while (MPI_Test(&request, &complete, MPI_STATUS_IGNORE) == MPI_SUCCESS && !complete)
      std::this_thread::sleep_for(std::chrono::microseconds(500));
  }
#endif
}

Alone::Alone() : rank_(g_rank), size_(g_size) {
  g_rank = 0;
  g_size = 1;
}

Alone::~Alone() {
  g_rank = rank_;
  g_size = size_;
}

void sum_everywhere([[maybe_unused]] std::vector<std::uint64_t>& values) {
#if VERFLIXT_MPI
  if (g_size > 1)
    MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_UINT64_T, MPI_SUM, g_work);
#endif
}

// ---- Agreement ----

struct Agreement::Pending {
#if VERFLIXT_MPI
  MPI_Request request = MPI_REQUEST_NULL;
#endif
  bool in_flight = false;
  bool all_done = false;
  // [finished chunks, ranks done, ranks asked to stop], then with shares every rank's
  // claimed part of its share and whether it has nothing left to claim (by rank): summed
  // over the ranks, each rank filling its own places.
  std::vector<std::uint64_t> send = std::vector<std::uint64_t>(3, 0), recv = std::vector<std::uint64_t>(3, 0);
};

// The chunks of a loop and who plays them (Agreement(chunks)). Share indices: index i of
// rank r's share is chunk r + i R. `limit` is the same on every rank: it only changes by
// hand_over, from a round's sums, which every rank receives alike.
struct Agreement::Shares {
  std::mutex m;
  std::uint64_t ranks = 1, me = 0;
  std::vector<std::uint64_t> limit;  // by rank: its share's indices [0, limit) are its own
  std::uint64_t cursor = 0;          // this rank's share claimed so far
  struct Range {
    std::uint64_t owner, next, end;  // indices [next, end) of owner's share
  };
  std::deque<Range> given;           // parts of other shares handed to this rank, in order

  std::uint64_t chunk_of(std::uint64_t owner, std::uint64_t index) const { return owner + index * ranks; }
  // Under the lock.
  bool idle() const {
    if (cursor < limit[me]) return false;
    for (const Range& r : given)
      if (r.next < r.end) return false;
    return true;
  }
};

std::vector<Handover> hand_over(std::vector<std::uint64_t>& limit, std::span<const std::uint64_t> claimed,
                                std::span<const std::uint64_t> idle) {
  const std::size_t ranks = limit.size();
  std::vector<bool> waiting(ranks);
  for (std::size_t r = 0; r < ranks; ++r) waiting[r] = idle[r] != 0;
  std::vector<Handover> out;
  for (std::size_t h = 0; h < ranks; ++h) {
    if (!waiting[h]) continue;
    std::size_t victim = ranks;
    std::uint64_t most = 1;  // a share is split when 2 or more of it are unclaimed
    for (std::size_t v = 0; v < ranks; ++v) {
      const std::uint64_t left = limit[v] > claimed[v] ? limit[v] - claimed[v] : 0;
      if (v != h && !waiting[v] && left > most) victim = v, most = left;
    }
    if (victim == ranks) continue;
    const std::uint64_t cut = claimed[victim] + (most + 1) / 2;
    out.push_back({h, victim, cut, limit[victim]});
    limit[victim] = cut;
    waiting[h] = false;
  }
  return out;
}

Agreement::Agreement() : pending_(std::make_unique<Pending>()) {}

Agreement::Agreement(std::uint64_t chunks) : Agreement() {
  shares_ = std::make_unique<Shares>();
  Shares& s = *shares_;
  s.ranks = static_cast<std::uint64_t>(size());
  s.me = static_cast<std::uint64_t>(rank());
  for (std::uint64_t r = 0; r < s.ranks; ++r) s.limit.push_back(r < chunks ? (chunks - r + s.ranks - 1) / s.ranks : 0);
  pending_->send.assign(3 + 2 * s.ranks, 0);
  pending_->recv.assign(3 + 2 * s.ranks, 0);
}

Agreement::~Agreement() = default;

std::uint64_t Agreement::finished_everywhere() const {
  return size() == 1 ? finished_.load(std::memory_order_acquire) : global_finished_;
}

bool Agreement::claim(std::uint64_t& chunk) {
  Shares& s = *shares_;
  const std::lock_guard<std::mutex> lock(s.m);
  if (s.cursor < s.limit[s.me]) {
    chunk = s.chunk_of(s.me, s.cursor++);
    return true;
  }
  while (!s.given.empty()) {
    Shares::Range& r = s.given.front();
    if (r.next < r.end) {
      chunk = s.chunk_of(r.owner, r.next++);
      return true;
    }
    s.given.pop_front();
  }
  return false;
}

bool Agreement::wait(bool polling, bool stop_requested) {
  if (size() == 1) return true;  // one rank: nothing comes from elsewhere
  if (!polling) {
    if (over_.load(std::memory_order_acquire)) return true;
    std::this_thread::sleep_for(std::chrono::microseconds(200));
    return over_.load(std::memory_order_acquire);
  }
  round(stop_requested, true, true);  // returns at once when a poll already saw the end
  if (pending_->all_done) over_.store(true, std::memory_order_release);
  return pending_->all_done;
}

// Completes the round in flight (waiting for it when `block`), then starts the next one
// unless every rank was done in the last. Returns whether the round in flight completed.
// With shares, a rank is done when it has nothing to claim (or was stopped); `local_done`
// is then ignored.
bool Agreement::round([[maybe_unused]] bool stop_requested, [[maybe_unused]] bool local_done,
                      [[maybe_unused]] bool block) {
#if VERFLIXT_MPI
  Pending& p = *pending_;
  const std::size_t R = static_cast<std::size_t>(g_size);
  // The loop is over on every rank (a poll may have seen it before wait() asks): another
  // round would meet no partner.
  if (p.all_done) return true;
  if (p.in_flight) {
    int complete = 0;
    while (true) {
      MPI_Test(&p.request, &complete, MPI_STATUS_IGNORE);
      if (complete || !block) break;
      sleep_briefly();  // the computing threads of this rank need the core more than a spin does
    }
    if (!complete) return false;
    p.in_flight = false;
    global_finished_ = p.recv[0];
    if (p.recv[2] > 0) stop_.store(true, std::memory_order_relaxed);
    p.all_done = p.recv[1] == R;
    if (p.all_done) return true;
    if (shares_ && p.recv[2] == 0) {  // the same sums on every rank: the same handovers
      Shares& s = *shares_;
      const std::lock_guard<std::mutex> lock(s.m);
      for (const Handover& h : hand_over(s.limit, std::span(p.recv).subspan(3, R), std::span(p.recv).subspan(3 + R, R)))
        if (h.helper == s.me) s.given.push_back({h.owner, h.from, h.to});
    }
  }
  const bool stopping = stop_requested || stop_.load(std::memory_order_relaxed);
  std::fill(p.send.begin(), p.send.end(), 0);
  p.send[0] = finished_.load(std::memory_order_acquire);
  p.send[2] = stopping ? 1 : 0;
  if (shares_) {
    Shares& s = *shares_;
    const std::lock_guard<std::mutex> lock(s.m);
    local_done = stopping || s.idle();
    p.send[3 + s.me] = std::min(s.cursor, s.limit[s.me]);
    p.send[3 + R + s.me] = local_done ? 1 : 0;
  }
  p.send[1] = local_done ? 1 : 0;
  MPI_Iallreduce(p.send.data(), p.recv.data(), static_cast<int>(p.send.size()), MPI_UINT64_T, MPI_SUM, g_work,
                 &p.request);
  p.in_flight = true;
  return true;
#else
  return true;
#endif
}

void Agreement::poll(bool stop_requested) {
  if (size() == 1) return;
  round(stop_requested, false, false);
}

void Agreement::settle(bool stop_requested) {
  if (size() == 1) return;
  // Every rank ends on the same round: the first whose sum says all ranks were done.
  while (!pending_->all_done) round(stop_requested, true, true);
}

}  // namespace verflixt::core::cluster
