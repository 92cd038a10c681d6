#pragma once
// Running the built verflixt executable from a test: the command-line tests check exit
// codes, the one-line errors on stderr and what lands on stdout or in --output files.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace verflixt::testing {

struct Result {
  int code = -1;
  std::string out, err;
};

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A scratch directory of this test process (tests of one binary run in one process).
inline std::filesystem::path scratch() {
  const auto dir = std::filesystem::temp_directory_path() / ("verflixt_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

// Runs `verflixt ARGS` (ARGS as a shell would split them) and captures both streams.
inline Result run(const std::string& args) {
  const auto dir = scratch();
  const auto out = dir / "stdout", err = dir / "stderr";
  const std::string cmd = std::string(VERFLIXT_BINARY) + " " + args + " >" + out.string() + " 2>" + err.string();
  const int status = std::system(cmd.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

// A CSV output without its leading comment lines (what made it, an interrupted mark): the
// header and the rows.
inline std::string csv_rows(const std::string& csv) {
  std::size_t at = 0;
  while (at < csv.size() && csv[at] == '#') {
    const std::size_t end = csv.find('\n', at);
    at = end == std::string::npos ? csv.size() : end + 1;
  }
  return csv.substr(at);
}

}  // namespace verflixt::testing
