#include "verflixt/core/cluster.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <thread>

#include "verflixt/core/stats.h"

#if VERFLIXT_MPI
#include <fcntl.h>
#include <mpi.h>
#include <unistd.h>
#endif

namespace verflixt::cluster {

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
  // [finished chunks, ranks done, ranks asked to stop]: summed over the ranks.
  std::uint64_t send[3] = {0, 0, 0}, recv[3] = {0, 0, 0};
};

Agreement::Agreement() : pending_(std::make_unique<Pending>()) {}
Agreement::~Agreement() = default;

std::uint64_t Agreement::finished_everywhere() const {
  return size() == 1 ? finished_.load(std::memory_order_acquire) : global_finished_;
}

// Completes the round in flight (waiting for it when `block`), then starts the next one
// unless every rank was done in the last. Returns whether the round in flight completed.
bool Agreement::round([[maybe_unused]] bool stop_requested, [[maybe_unused]] bool local_done,
                      [[maybe_unused]] bool block) {
#if VERFLIXT_MPI
  Pending& p = *pending_;
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
    p.all_done = p.recv[1] == static_cast<std::uint64_t>(g_size);
    if (p.all_done) return true;
  }
  p.send[0] = finished_.load(std::memory_order_acquire);
  p.send[1] = local_done ? 1 : 0;
  p.send[2] = stop_requested || stop_.load(std::memory_order_relaxed) ? 1 : 0;
  MPI_Iallreduce(p.send, p.recv, 3, MPI_UINT64_T, MPI_SUM, g_work, &p.request);
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

}  // namespace verflixt::cluster
