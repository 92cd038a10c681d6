#include "verflixt/core/file_io.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <random>
#include <vector>

#include "verflixt/core/error.h"
#include "verflixt/core/cluster.h"

namespace verflixt::core {

namespace {

std::string reason(int err) { return std::strerror(err); }

// Closes a file descriptor on every path out of a scope.
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
  int release() {
    const int f = fd;
    fd = -1;
    return f;
  }
};

// A temporary file that is removed unless commit() was called (after the rename).
struct TempFile {
  std::string path;
  Fd fd;
  bool committed = false;
  ~TempFile() {
    if (fd.fd >= 0) ::close(fd.release());
    if (!committed && !path.empty()) ::unlink(path.c_str());
  }
};

void write_all(int fd, std::string_view text, const auto& fail) {
  const char* p = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(errno);
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
}

const char* file_kind(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a plain file";
}

std::string parent_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

// `path` with symlinks in its last component followed (a link's own target, relative to
// the link's directory, up to 40 hops): the file a write through the link would reach.
std::string follow_links(std::string path, const auto& fail) {
  for (int hop = 0; hop < 40; ++hop) {
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return path;
    std::vector<char> buf(4096);
    const ssize_t n = ::readlink(path.c_str(), buf.data(), buf.size());
    if (n < 0) fail(errno);
    if (static_cast<std::size_t>(n) >= buf.size()) fail(ENAMETOOLONG);
    std::string target(buf.data(), static_cast<std::size_t>(n));
    path = target.starts_with('/') ? target : parent_of(path) + "/" + target;
  }
  fail(ELOOP);
  return path;
}

// Six random name characters, as mkstemp draws them.
std::string random_suffix() {
  static constexpr char chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::random_device rd;
  std::string out;
  for (int k = 0; k < 6; ++k) out += chars[rd() % (sizeof chars - 1)];
  return out;
}

// Gives the unnamed file `fd` the name `name`; 0 or the errno. AT_EMPTY_PATH needs a
// capability on older kernels, /proc/self/fd needs /proc: either will do.
int link_unnamed(int fd, const std::string& name) {
  if (::linkat(fd, "", AT_FDCWD, name.c_str(), AT_EMPTY_PATH) == 0) return 0;
  if (errno == EEXIST) return EEXIST;
  const std::string self = "/proc/self/fd/" + std::to_string(fd);
  return ::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) == 0 ? 0 : errno;
}

// Writes `text` to an unnamed file (O_TMPFILE) in `dir` and links it into place once it is
// complete and on disk, so a kill at any moment leaves either nothing or the whole file: a
// new target is linked directly (linkat never replaces a file), an existing one replaced by
// a rename from a temporary name that lives for two system calls. False, having changed
// nothing, where the file system or kernel cannot (then write_named does the work).
bool write_unnamed(const std::string& dir, const std::string& target, const std::string& tmp_prefix, mode_t mode,
                   bool exists, std::string_view text, const auto& fail) {
  Fd fd{::open(dir.empty() ? "." : dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600)};
  if (fd.fd < 0) return false;
  if (::fchmod(fd.fd, mode) != 0) fail(errno);
  write_all(fd.fd, text, fail);
  if (::fsync(fd.fd) != 0 && errno != EINVAL && errno != EROFS) fail(errno);
  if (!exists) {
    const int err = link_unnamed(fd.fd, target);
    if (err == 0) return true;
    if (err != EEXIST) return false;  // e.g. neither linkat form works here
  }
  for (int attempt = 0; attempt < 100; ++attempt) {
    const std::string tmp = dir + tmp_prefix + random_suffix();
    const int err = link_unnamed(fd.fd, tmp);
    if (err == EEXIST) continue;
    if (err != 0) return false;
    if (::rename(tmp.c_str(), target.c_str()) != 0) {
      const int e = errno;
      ::unlink(tmp.c_str());
      fail(e);
    }
    return true;
  }
  fail(EEXIST);
  return false;
}

// Removes temporary files of ours for the same target that a killed run left behind: only
// ones untouched for a minute, so a concurrent writer's file is not taken from under it.
void sweep_stale(const std::string& dir, const std::string& tmp_prefix) {
  DIR* d = ::opendir(dir.empty() ? "." : dir.c_str());
  if (!d) return;
  const auto now = std::time(nullptr);
  while (const dirent* e = ::readdir(d)) {
    const std::string_view n = e->d_name;
    if (n.size() != tmp_prefix.size() + 6 || !n.starts_with(tmp_prefix)) continue;
    struct stat st;
    if (::fstatat(::dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) &&
        now - st.st_mtime > 60)
      ::unlinkat(::dirfd(d), e->d_name, 0);
  }
  ::closedir(d);
}

// The portable way: a named temporary file (mkstemp) renamed over the target, removed on
// every failure; only a kill mid-write can leave it, for sweep_stale to find later.
void write_named(const std::string& dir, const std::string& target, const std::string& tmp_prefix, mode_t mode,
                 std::string_view text, const auto& fail) {
  std::string tmpl = dir + tmp_prefix + "XXXXXX";
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  TempFile tmp;
  tmp.fd.fd = ::mkstemp(buf.data());
  if (tmp.fd.fd < 0) fail(errno);
  tmp.path = buf.data();
  if (::fchmod(tmp.fd.fd, mode) != 0) fail(errno);  // mkstemp makes it 0600
  write_all(tmp.fd.fd, text, fail);
  if (::fsync(tmp.fd.fd) != 0 && errno != EINVAL && errno != EROFS) fail(errno);
  if (::close(tmp.fd.release()) != 0) fail(errno);
  if (::rename(tmp.path.c_str(), target.c_str()) != 0) fail(errno);
  tmp.committed = true;
}

}  // namespace

std::string read_text_file(const std::string& path, std::string_view what, std::size_t max_bytes) {
  const std::string name = std::string(what) + " " + verflixt::core::quoted(path);
  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below anyway.
  Fd fd{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)};
  if (fd.fd < 0) throw InputError("cannot open " + name + ": " + reason(errno));
  struct stat st;
  if (::fstat(fd.fd, &st) != 0) throw InputError("cannot read " + name + ": " + reason(errno));
  if (S_ISDIR(st.st_mode)) throw InputError(name + " is a directory; give a file");
  // A FIFO can block forever and a device (/dev/zero) never ends: only regular files, whose
  // size is known before the first byte is read.
  if (!S_ISREG(st.st_mode))
    throw InputError(name + " is not a regular file (" + file_kind(st.st_mode) + "); give a file");
  const auto too_big = [&] {
    return InputError(name + " is larger than " + std::to_string(max_bytes) + " bytes; is it the right file?");
  };
  if (static_cast<std::uint64_t>(st.st_size) > max_bytes) throw too_big();
  std::string text;
  text.reserve(static_cast<std::size_t>(st.st_size));
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(fd.fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw InputError("cannot read " + name + ": " + reason(errno));
    }
    if (n == 0) break;
    if (text.size() + static_cast<std::size_t>(n) > max_bytes) throw too_big();
    text.append(buf, static_cast<std::size_t>(n));
  }
  // CRLF -> LF (and a CR that ends the file).
  std::size_t out = 0;
  for (std::size_t k = 0; k < text.size(); ++k)
    if (!(text[k] == '\r' && (k + 1 == text.size() || text[k + 1] == '\n'))) text[out++] = text[k];
  text.resize(out);
  return text;
}

void check_output_target(const std::string& path, std::string_view what) {
  const std::string name = std::string(what) + " " + verflixt::core::quoted(path);
  const auto fail = [&](int err) { throw InputError("cannot write " + name + ": " + reason(err)); };
  if (path.empty()) throw InputError(std::string(what) + ": the file name is empty");
  struct stat st;
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) throw InputError(name + " is a directory; give a file name");
    return;
  }
  if (errno != ENOENT) fail(errno);
  const std::string dir = parent_of(follow_links(path, fail));
  if (::stat(dir.c_str(), &st) != 0) fail(errno);
  if (!S_ISDIR(st.st_mode)) fail(ENOTDIR);
}

void write_file_atomic(const std::string& path, std::string_view text, std::string_view what) {
  const std::string name = std::string(what) + " " + verflixt::core::quoted(path);
  const auto fail = [&](int err) { throw InputError("cannot write " + name + ": " + reason(err)); };
  if (path.empty()) throw InputError(std::string(what) + ": the file name is empty");
  // Under MPI every rank holds the same text; rank 0 alone writes it (core/cluster.h).
  if (!cluster::root()) return check_output_target(path, what);
  struct stat st;
  const bool exists = ::stat(path.c_str(), &st) == 0;  // through every link
  if (!exists && errno != ENOENT) fail(errno);
  if (exists && S_ISDIR(st.st_mode)) throw InputError(name + " is a directory; give a file name");
  const std::string target = follow_links(path, fail);
  struct stat tst;
  // A device or a FIFO (/dev/null, /dev/full), or a link readlink cannot name (/dev/stdout
  // -> /proc/self/fd/1 -> "pipe:[...]"): nothing to rename over, write into it directly.
  if (exists && (!S_ISREG(st.st_mode) || ::stat(target.c_str(), &tst) != 0 || tst.st_dev != st.st_dev ||
                 tst.st_ino != st.st_ino)) {
    // O_NONBLOCK: a FIFO nobody reads would hold the open (and Ctrl-C) without end; it is
    // refused at once (ENXIO) instead. One with a reader (a pipe, >(...)) is written as usual.
    Fd fd{::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NONBLOCK | (S_ISREG(st.st_mode) ? O_TRUNC : 0))};
    if (fd.fd < 0 && errno == ENXIO) throw InputError("cannot write " + name + ": no process reads it (a FIFO)");
    if (fd.fd < 0) fail(errno);
    const int flags = ::fcntl(fd.fd, F_GETFL);
    if (flags >= 0) ::fcntl(fd.fd, F_SETFL, flags & ~O_NONBLOCK);
    write_all(fd.fd, text, fail);
    if (::close(fd.release()) != 0) fail(errno);
    return;
  }

  // Temporary names in the target's directory (rename is atomic only within one file
  // system): ".NAME.tmp-XXXXXX", the name cut so that it stays within NAME_MAX.
  const auto slash = target.find_last_of('/');
  const std::string dir = slash == std::string::npos ? "" : target.substr(0, slash + 1);
  const std::string base = slash == std::string::npos ? target : target.substr(slash + 1);
  const std::string tmp_prefix = "." + base.substr(0, 200) + ".tmp-";

  // The target's mode, or the umask's for a new file.
  mode_t mode = 0;
  if (exists) {
    mode = st.st_mode & 07777;
  } else {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  // A kill between the link of a temporary name and its rename (two system calls apart) can
  // leave a temporary file of either way: any of ours that is stale goes first.
  sweep_stale(dir, tmp_prefix);
  if (!write_unnamed(dir, target, tmp_prefix, mode, exists, text, fail)) write_named(dir, target, tmp_prefix, mode, text, fail);
  // Make the rename itself durable; a failure here leaves a complete file, so it is ignored.
  Fd dfd{::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)};
  if (dfd.fd >= 0) ::fsync(dfd.fd);
}

}  // namespace verflixt::core
