#include "verflixt/core/data_path.h"

#include <filesystem>
#include <vector>

#include "verflixt/version.h"

namespace verflixt::core {
namespace {

namespace fs = std::filesystem;

// The roots to look below, nearest first. The executable's own prefix comes before the
// compiled-in one, so a package installed under another prefix (a .deb built with
// CMAKE_INSTALL_PREFIX=/usr/local, a `cmake --install --prefix` tree) finds its own data.
std::vector<fs::path> data_roots() {
  std::vector<fs::path> roots;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) roots.push_back(exe.parent_path().parent_path() / "share" / "verflixt");
  roots.emplace_back(kDataDir);
  roots.emplace_back(kSourceDir);
  return roots;
}

bool is_file(const fs::path& p) {
  // The error_code forms: an unreadable directory is the reader's error to report (exit 2).
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

}  // namespace

std::string find_data_file(const std::string& path, const std::string& game_dir) {
  std::error_code ec;
  if (path.empty() || fs::exists(path, ec) || fs::path(path).is_absolute()) return path;
  const bool bare = path.find('/') == std::string::npos;
  const bool has_extension = fs::path(path).has_extension();
  for (const fs::path& root : data_roots()) {
    if (is_file(root / path)) return (root / path).string();
    if (!bare) continue;
    const fs::path dir = game_dir.empty() ? root / "strategies" : root / "strategies" / game_dir;
    if (is_file(dir / path)) return (dir / path).string();
    if (has_extension) continue;
    for (const char* ext : {".ini", ".policy"})
      if (is_file(dir / (path + ext))) return (dir / (path + ext)).string();
  }
  return path;
}

std::string data_file_label(const std::string& given, const std::string& found) {
  if (found == given) return given;
  const std::size_t at = found.rfind("/strategies/");
  return at == std::string::npos ? given : found.substr(at + 1);
}

}  // namespace verflixt::core
