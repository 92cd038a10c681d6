#pragma once
// Solved values kept between runs: an exact solve may take seconds or minutes, an answer of
// advise must take less than one. One file per solve in a cache directory, named by what it
// was solved under (the head: game, version, rules, whatever else fixes the values) and
// written atomically; a file of another head, or damaged, is not read. Which directory is the
// caller's choice (the command line's --cache and --no-cache, a notebook's cache=);
// default_cache_dir() is the one a user gets without choosing.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace verflixt::core {

// $VERFLIXT_CACHE_DIR, else $XDG_CACHE_HOME/verflixt, else ~/.cache/verflixt; empty without
// a home.
std::string default_cache_dir();

class ValueCache {
 public:
  // `dir` empty: no cache (nothing read, nothing written). `game` names the file; `head` is
  // everything the values depend on.
  ValueCache(std::string dir, const std::string& game, std::string head);
  // The values stored under this head: exactly `count` of them (0: any whole number).
  std::optional<std::vector<double>> read(std::size_t count = 0) const;
  // Stores them. A cache that cannot be written changes no answer: the reason is returned
  // for the caller to say (empty when stored, or when there is no cache).
  std::string write(const std::vector<double>& values) const;
  const std::string& file() const { return file_; }  // empty: no cache

 private:
  std::string head_, dir_, file_;
};

// Reads a file of values written by write_values (a saved solution the user names): the head
// must be `head`; InputError naming the file otherwise.
std::vector<double> read_values(const std::string& path, const std::string& head);
// Writes `head` and the values to `path` atomically.
void write_values(const std::string& path, const std::string& head, const std::vector<double>& values);

}  // namespace verflixt::core
