#pragma once
// Memo tables a thread keeps from one call to the next (the strong policy's last-seat
// solvers, for one): fast for a command that asks the same thread again and again, but a
// process that answers request after request (the server) must be able to empty them, or
// every thread that ever computed keeps its tables. A cache registers how to empty the
// calling thread's copy; clear_thread_caches() runs every registered function on the calling
// thread and on each thread of its OpenMP team.
namespace verflixt::core {

// Registers `clear` (which empties the calling thread's copy of one cache); returns true, so
// a cache can register itself in a static initializer.
bool register_thread_cache(void (*clear)());

// Empties every registered cache on the calling thread and on the `threads` threads of an
// OpenMP team it opens (the same threads its parallel regions use).
void clear_thread_caches(int threads);

}  // namespace verflixt::core
