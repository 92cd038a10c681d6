// Bad files and paths, end to end: every bad file or path gives exit 2 and one line on
// stderr (never "internal error", never raw control bytes), and every output file is whole
// or absent: no temporary file is left behind on any failure, a user's file next to the
// target is never touched, a symlink keeps pointing where it pointed.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <thread>

#include "binary.h"
#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"

namespace {

namespace fs = std::filesystem;
using verflixt::testing::Result;
using verflixt::testing::run;
using verflixt::testing::scratch;
using verflixt::testing::slurp;

const std::string kSource = VERFLIXT_SOURCE_DIR;

// A fresh, empty directory for one test.
fs::path fresh(const std::string& name) {
  const fs::path dir = scratch() / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::set<std::string> names_in(const fs::path& dir) {
  std::set<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.insert(e.path().filename().string());
  return out;
}

void write(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

// Exit 2, exactly one line on stderr, no "internal error", no control byte but the newline.
void expect_one_line_exit_2(const Result& r, const std::string& contains) {
  EXPECT_EQ(r.code, 2) << r.err;
  ASSERT_FALSE(r.err.empty());
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
  for (char c : r.err.substr(0, r.err.size() - 1))
    EXPECT_FALSE(static_cast<unsigned char>(c) < 0x20 || c == 0x7f) << "raw control byte in: " << r.err;
  EXPECT_NE(r.err.find(contains), std::string::npos) << r.err;
  EXPECT_LT(r.err.size(), 1000u) << r.err;
}

std::string policy_with(const std::string& from, const std::string& to) {
  std::string text = slurp(kSource + "/strategies/optimal-none.policy");
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST(FileInput, PolicyHeadersAndNumbersAreCheckedBeforeAnyAllocation) {
  const fs::path dir = fresh("policy_numbers");
  const std::pair<std::string, std::string> cases[] = {
      {"states 218\n", "states -1\n"},
      {"states 218\n", "states 100000000000\n"},
      {"states 218\n", "states 400000000\n"},
      {"states 218\n", "states 16abc\n"},
      {"states 218\n", "states 219\n"},
      {"states 218\n", "states 217\n"},
      {"threshold 16\n", "threshold 16abc\n"},
      {"ev 8.1237797806165197\n", "ev nan\n"},
      {"roll 6.7090888631687227\n", "roll nan\n"},
      {"roll 6.7090888631687227\n", "roll inf\n"},
      {"roll 6.7090888631687227\n", "roll 6.7x\n"},
      {"D 1 0 0 0 0 0 0 0 roll", "D 1abc 0 0 0 0 0 0 0 roll"},
      {"D 1 0 0 0 0 0 0 0 roll", "D 1 0 ff 0 0 0 0 0 roll"},
      {"D 1 0 0 0 0 0 0 0 roll", "D 1 0 0 0 0 0 0 0 pony"},
      {"D 1 0 0 0 0 0 0 0 roll", "D 1 0 0 0 7 0 0 0 roll"},
      {"D 1 0 0 0 0 0 0 0 roll", "D 0 0 0 0 0 0 0 0 roll"},
  };
  for (const auto& [from, to] : cases) {
    SCOPED_TRACE(to);
    write(dir / "p.policy", policy_with(from, to));
    expect_one_line_exit_2(run("evaluate --turns 1000 --policy " + (dir / "p.policy").string()), "p.policy:");
  }
}

TEST(FileInput, CrlfFilesReadLikeLfFiles) {
  const fs::path dir = fresh("crlf");
  for (const std::string name : {"optimal-none.policy", "heuristic.ini", "position-safe.ini"}) {
    std::string text = slurp(kSource + "/strategies/" + name), crlf;
    for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    write(dir / name, crlf);
    const Result lf = run("evaluate --turns 2000 --format csv --policy " + kSource + "/strategies/" + name);
    const Result cr = run("evaluate --turns 2000 --format csv --policy " + (dir / name).string());
    EXPECT_EQ(cr.code, 0) << name << ": " << cr.err;
    // Same numbers; only the policy's name (its path) differs.
    EXPECT_EQ(lf.out.substr(lf.out.rfind('\n', lf.out.size() - 2)), cr.out.substr(cr.out.rfind('\n', cr.out.size() - 2)));
  }
  std::string rules = run("rules --preset classic").out, crlf;
  for (char c : rules) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  write(dir / "classic.ini", crlf);
  const Result r = run("rules --rules " + (dir / "classic.ini").string());
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, rules);
}

TEST(FileInput, DirectoriesMissingFilesAndLongPathsAreRefused) {
  const fs::path dir = fresh("bad_paths");
  fs::create_directories(dir / "d.policy");
  fs::create_directories(dir / "d.ini");
  expect_one_line_exit_2(run("evaluate --policy " + (dir / "d.policy").string()), "is a directory");
  expect_one_line_exit_2(run("evaluate --policy " + (dir / "d.ini").string()), "is a directory");
  expect_one_line_exit_2(run("evaluate --rules " + (dir / "d.ini").string()), "is a directory");
  expect_one_line_exit_2(run("tournament --seat " + (dir / "d.ini").string() + " --seat threshold:20"),
                         "is a directory");
  expect_one_line_exit_2(run("evaluate --rules " + (dir / "missing.ini").string()), "cannot open rules file");
  const std::string longname(5000, 'a');
  expect_one_line_exit_2(run("evaluate --policy " + longname + ".ini"), "File name too long");
  expect_one_line_exit_2(run("evaluate --policy " + longname + ".policy"), "File name too long");
  expect_one_line_exit_2(run("evaluate --rules " + longname), "File name too long");
  expect_one_line_exit_2(run("rules --output " + longname), "File name too long");
  EXPECT_TRUE(names_in(dir) == (std::set<std::string>{"d.policy", "d.ini"}));
}

TEST(FileInput, UnreadableDirectoriesAreRefusedAsNobody) {
  if (::geteuid() != 0 || std::system("command -v setpriv >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "needs root and setpriv to run the binary as an unprivileged user";
  const fs::path dir = fresh("unreadable");
  fs::permissions(dir, fs::perms::all);  // nobody must reach it
  fs::create_directories(dir / "locked" / "sub");
  write(dir / "locked" / "sub" / "p.ini", "[policy]\nstop_at = 20\n");
  fs::permissions(dir / "locked", fs::perms::none);
  const std::string as_nobody = "--reuid=65534 --regid=65534 --clear-groups " + std::string(VERFLIXT_BINARY);
  // The unprivileged user must be able to run the binary at all (on a fresh Debian chroot the
  // loader was refused the system's shared libraries as nobody); otherwise nothing is tested.
  if (std::system(("setpriv " + as_nobody + " --version >/dev/null 2>&1").c_str()) != 0)
    GTEST_SKIP() << "nobody (uid 65534) cannot run " << VERFLIXT_BINARY << " here";
  auto nobody = [&](const std::string& args) {
    const fs::path out = dir / "stdout", err = dir / "stderr";
    const int status = std::system(("setpriv " + as_nobody + " " + args + " >" + out.string() + " 2>" + err.string()).c_str());
    return Result{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  };
  const std::string inside = (dir / "locked" / "sub" / "p.ini").string();
  expect_one_line_exit_2(nobody("evaluate --policy " + inside), "Permission denied");
  expect_one_line_exit_2(nobody("evaluate --rules " + inside), "Permission denied");
  expect_one_line_exit_2(nobody("rules --output " + (dir / "locked" / "x.ini").string()), "Permission denied");
  fs::permissions(dir / "locked", fs::perms::owner_all);
}

TEST(FileInput, ControlBytesAreEscapedInMessages) {
  const Result r = run("evaluate --policy \"$(printf 'evil\\033[31m\\nname.ini')\"");
  expect_one_line_exit_2(r, "\\x1b[31m\\x0aname.ini");
  write(fresh("ctl") / "p.policy", policy_with("loadout none\n", "loadout none\x1b\x07\n"));
  expect_one_line_exit_2(run("evaluate --policy " + (scratch() / "ctl" / "p.policy").string()), "\\x1b\\x07");
}

TEST(FileInput, NegativePlainThrowGainsAreRefusedUpFront) {
  for (const std::string args : {"evaluate --jokers tentakel --set tentakel.bonus=-77",
                                  "evaluate --jokers jule --set jule.bonus=-3 --engine exact",
                                  "evaluate --jokers tentakel --set tentakel.bonus=-77 --policy strategies/heuristic.ini"}) {
    const auto t0 = std::chrono::steady_clock::now();
    expect_one_line_exit_2(run(args), "chain is infinite");
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 2.0) << args;
  }
  // The reference engine samples such turns (a 6 still ends them).
  EXPECT_EQ(run("evaluate --jokers tentakel --set tentakel.bonus=-77 --engine reference --turns 1000").code, 0);
}

// ---- output files ----

TEST(FileOutput, ADirectoryTargetIsRefusedAndNothingIsLeft) {
  const fs::path dir = fresh("out_dir");
  fs::create_directories(dir / "target");
  expect_one_line_exit_2(run("rules --output " + (dir / "target").string()), "is a directory");
  expect_one_line_exit_2(run("solve --jokers none --write-policy " + (dir / "target").string()), "is a directory");
  // Refused before the run, not after it: tune's default run takes minutes.
  const auto t0 = std::chrono::steady_clock::now();
  expect_one_line_exit_2(run("tune --write-policy " + (dir / "target").string()), "is a directory");
  expect_one_line_exit_2(run("solve --loadouts all --output " + (dir / "target").string()), "is a directory");
  expect_one_line_exit_2(run("tournament --seat threshold:20 --seat threshold:17 --output " +
                             (dir / "missing" / "t.csv").string()), "No such file or directory");
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 3.0);
  EXPECT_TRUE(names_in(dir) == std::set<std::string>{"target"});
  EXPECT_TRUE(fs::is_empty(dir / "target"));
}

TEST(FileOutput, AUsersOwnTmpFileIsNeverTouched) {
  const fs::path dir = fresh("out_user_tmp");
  for (const std::string mine : {"r.ini.tmp-verflixt", "r.ini.tmp", "p.policy.tmp", "p.policy.tmp-verflixt"})
    write(dir / mine, "mine\n");
  ASSERT_EQ(run("rules --output " + (dir / "r.ini").string()).code, 0);
  ASSERT_EQ(run("solve --jokers none --write-policy " + (dir / "p.policy").string()).code, 0);
  for (const std::string mine : {"r.ini.tmp-verflixt", "r.ini.tmp", "p.policy.tmp", "p.policy.tmp-verflixt"})
    EXPECT_EQ(slurp(dir / mine), "mine\n") << mine;
  EXPECT_EQ(names_in(dir).size(), 6u);
  EXPECT_EQ(slurp(dir / "r.ini"), run("rules").out);
}

// A kill between the link of a temporary name and the rename leaves ".NAME.tmp-XXXXXX": the
// next write of the same target removes it once it is a minute old (a younger one may be a
// concurrent writer's), whichever way that write goes.
TEST(FileOutput, AStaleTemporaryFileOfAKilledWriteIsSwept) {
  const fs::path dir = fresh("out_stale");
  write(dir / ".r.ini.tmp-Ab3dEf", "left by a kill\n");
  write(dir / ".r.ini.tmp-Xy9zWv", "a concurrent writer's\n");
  const auto old = std::chrono::file_clock::now() - std::chrono::minutes(5);
  fs::last_write_time(dir / ".r.ini.tmp-Ab3dEf", old);
  ASSERT_EQ(run("rules --output " + (dir / "r.ini").string()).code, 0);
  EXPECT_FALSE(fs::exists(dir / ".r.ini.tmp-Ab3dEf"));
  EXPECT_TRUE(fs::exists(dir / ".r.ini.tmp-Xy9zWv"));
  EXPECT_EQ(slurp(dir / "r.ini"), run("rules").out);
}

TEST(FileOutput, ASymlinkStaysASymlinkAndItsTargetGetsTheText) {
  const fs::path dir = fresh("out_link");
  write(dir / "real.ini", "old\n");
  fs::create_symlink("real.ini", dir / "link.ini");
  fs::create_symlink("new.ini", dir / "dangling.ini");
  ASSERT_EQ(run("rules --output " + (dir / "link.ini").string()).code, 0);
  ASSERT_EQ(run("rules --output " + (dir / "dangling.ini").string()).code, 0);
  EXPECT_TRUE(fs::is_symlink(dir / "link.ini"));
  EXPECT_TRUE(fs::is_symlink(dir / "dangling.ini"));
  EXPECT_EQ(slurp(dir / "real.ini"), run("rules").out);
  EXPECT_EQ(slurp(dir / "new.ini"), run("rules").out);
  EXPECT_TRUE(names_in(dir) == (std::set<std::string>{"real.ini", "link.ini", "dangling.ini", "new.ini"}));
}

// A full disk, honestly: the file-size limit (ulimit -f, with SIGXFSZ ignored so write()
// fails with EFBIG instead of killing the process) makes every write past 1 kB fail.
TEST(FileOutput, AWriteErrorGivesExit2AndNoFile) {
  const fs::path dir = fresh("out_full");
  write(dir / "keep.policy", "old\n");
  const auto limited = [&](const std::string& args) {
    return run("-h >/dev/null; sh -c \"trap '' XFSZ; ulimit -f 1; exec " + std::string(VERFLIXT_BINARY) + " " + args +
               "\"");
  };
  expect_one_line_exit_2(limited("solve --jokers anaconda,rattenlord,monokel --write-policy " +
                                 (dir / "new.policy").string()), "File too large");
  expect_one_line_exit_2(limited("solve --jokers anaconda,rattenlord,monokel --write-policy " +
                                 (dir / "keep.policy").string()), "File too large");
  expect_one_line_exit_2(limited("rules --output " + (dir / "r.ini").string()), "File too large");
  EXPECT_TRUE(names_in(dir) == std::set<std::string>{"keep.policy"});
  EXPECT_EQ(slurp(dir / "keep.policy"), "old\n");
  expect_one_line_exit_2(run("rules --output /dev/full"), "No space left on device");
}

TEST(FileOutput, DevicesAndStdoutAreWrittenDirectly) {
  const fs::path dir = fresh("out_dev");
  const std::string rules = run("rules").out;
  EXPECT_EQ(run("rules --output /dev/null").code, 0);
  // /dev/stdout is a link to a pipe here, to a regular file in run()'s redirection.
  const Result piped = run("rules --output /dev/stdout | cat");
  EXPECT_EQ(piped.code, 0) << piped.err;
  EXPECT_EQ(piped.out, rules);
  const Result to_file = run("rules --output /dev/stdout");
  EXPECT_EQ(to_file.code, 0) << to_file.err;
  EXPECT_EQ(to_file.out, rules);
}

// Output lost on the standard output (a full disk) is an error as it is for --output: one
// line and exit 2, never a silent success. Small outputs fail at the last flush, large ones
// on the way; help and version alike.
TEST(FileOutput, AStandardOutputThatCannotBeWrittenIsAnError) {
  const fs::path err = fresh("out_full") / "stderr";
  for (const std::string args : {"rules", "rules --format json", "--version", "solve --help",
                                 "evaluate --game pig --goal 20 --games 200 --format json", "--man"}) {
    const std::string cmd = std::string(VERFLIXT_BINARY) + " " + args + " >/dev/full 2>" + err.string();
    const int status = std::system(cmd.c_str());
    Result r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, "", slurp(err)};
    SCOPED_TRACE(args);
    expect_one_line_exit_2(r, "cannot write the standard output");
  }
}

TEST(FileOutput, ReplacesAnExistingFileKeepingItsMode) {
  const fs::path dir = fresh("out_mode");
  write(dir / "r.ini", "old\n");
  fs::permissions(dir / "r.ini", fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  ASSERT_EQ(run("rules --output " + (dir / "r.ini").string()).code, 0);
  EXPECT_EQ(fs::status(dir / "r.ini").permissions(),
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  EXPECT_EQ(slurp(dir / "r.ini"), run("rules").out);
  EXPECT_TRUE(names_in(dir) == std::set<std::string>{"r.ini"});
}

TEST(FileIo, InProcessReadAndWrite) {
  const fs::path dir = fresh("in_process");
  verflixt::core::write_file_atomic((dir / "a.txt").string(), "x\r\ny\r\n", "test");
  EXPECT_EQ(verflixt::core::read_text_file((dir / "a.txt").string(), "test"), "x\ny\n");
  EXPECT_THROW(verflixt::core::read_text_file(dir.string(), "test"), verflixt::core::InputError);
  EXPECT_THROW(verflixt::core::read_text_file((dir / "a.txt").string(), "test", 3), verflixt::core::InputError);
  EXPECT_THROW(verflixt::core::write_file_atomic(dir.string(), "x", "test"), verflixt::core::InputError);
  EXPECT_THROW(verflixt::core::write_file_atomic((dir / "no" / "a.txt").string(), "x", "test"), verflixt::core::InputError);
  EXPECT_THROW(verflixt::core::write_file_atomic("", "x", "test"), verflixt::core::InputError);
  EXPECT_TRUE(names_in(dir) == std::set<std::string>{"a.txt"});
  EXPECT_EQ(verflixt::core::quoted(std::string("a\x1b\n") + std::string(300, 'b')).size(), 1 + 9 + 191 + 3 + 1);
}

// Only regular files are read: a FIFO is refused at once (opening it would wait for a writer
// forever), a device such as /dev/zero before a byte of it is read.
TEST(FileInput, FifosAndDevicesAreRefusedWithoutBlocking) {
  const fs::path dir = fresh("in_fifo");
  const std::string fifo = (dir / "rules.ini").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto guarded = [](const std::string& args) {  // exit 124 if it blocks
    return run("-h >/dev/null; timeout 20 " + std::string(VERFLIXT_BINARY) + " " + args);
  };
  expect_one_line_exit_2(guarded("rules --rules " + fifo), "is not a regular file (a FIFO)");
  expect_one_line_exit_2(guarded("rules --rules /dev/zero"), "is not a regular file (a character device)");
  fs::create_symlink("/dev/zero", dir / "zero.policy");
  expect_one_line_exit_2(guarded("evaluate --policy " + (dir / "zero.policy").string()),
                         "is not a regular file (a character device)");
  try {
    verflixt::core::read_text_file("/dev/zero", "policy file", verflixt::core::kMaxPolicyFileBytes);
    ADD_FAILURE() << "/dev/zero was read";
  } catch (const verflixt::core::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'/dev/zero' is not a regular file"), std::string::npos) << e.what();
  }
  EXPECT_THROW(verflixt::core::read_text_file(fifo, "rules file"), verflixt::core::InputError);
}

// The size is checked before reading: a sparse file far over the cap fails at once.
TEST(FileInput, OversizeFilesAreRefusedBeforeReading) {
  const fs::path dir = fresh("in_oversize");
  const fs::path huge = dir / "huge.policy";
  write(huge, "");
  fs::resize_file(huge, std::uintmax_t{64} << 30);  // sparse: no disk, but 64 GiB to read
  try {
    verflixt::core::read_text_file(huge.string(), "policy file", verflixt::core::kMaxPolicyFileBytes);
    ADD_FAILURE() << "the huge file was read";
  } catch (const verflixt::core::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("is larger than 2147483648 bytes"), std::string::npos) << e.what();
  }
  fs::resize_file(huge, verflixt::core::kMaxIniFileBytes + 1);
  expect_one_line_exit_2(run("rules --rules " + huge.string()), "is larger than 1048576 bytes");
}

// Past ulimit -f the write fails with EFBIG (SIGXFSZ is ignored), one line, and neither the
// target nor a temporary file is left.
TEST(FileOutput, AFileSizeLimitGivesOneLineAndLeavesNothing) {
  const fs::path dir = fresh("out_xfsz");
  write(dir / "keep.ini", "old\n");
  const auto limited = [&](const std::string& args) {
    return run("-h >/dev/null; sh -c \"ulimit -f 2; exec " + std::string(VERFLIXT_BINARY) + " " + args + "\"");
  };
  expect_one_line_exit_2(limited("rules --output " + (dir / "new.ini").string()), "File too large");
  expect_one_line_exit_2(limited("rules --output " + (dir / "keep.ini").string()), "File too large");
  EXPECT_TRUE(names_in(dir) == std::set<std::string>{"keep.ini"});
  EXPECT_EQ(slurp(dir / "keep.ini"), "old\n");
}

// kill -9 at random moments of a writer that writes the target over and over: afterwards the
// directory holds the target, whole, or nothing; never a part. Replacing a target takes two
// system calls (the written file linked under a temporary name, then renamed over it), so a
// kill between them leaves that temporary file, whole, for a later write to sweep away: it
// is the only other name allowed, and never a part either.
TEST(FileOutput, AKilledWriterLeavesOnlyWholeFiles) {
  const fs::path dir = fresh("out_kill");
  const std::string target = (dir / "big.txt").string();
  std::string text;
  for (int k = 0; text.size() < (4u << 20); ++k) text += "line " + std::to_string(k) + "\n";
  std::mt19937 rng(7);
  for (int attempt = 0; attempt < 8; ++attempt) {
    if (attempt == 4) fs::remove(target);  // half the kills hit a new target, half a replacement
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      try {
        for (;;) verflixt::core::write_file_atomic(target, text, "test");
      } catch (...) {
      }
      ::_exit(1);
    }
    std::this_thread::sleep_for(std::chrono::microseconds(std::uniform_int_distribution<int>(0, 150000)(rng)));
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    for (const auto& name : names_in(dir)) {
      const bool temporary =
          name.starts_with(".big.txt.tmp-") && name.size() == std::string(".big.txt.tmp-XXXXXX").size();
      EXPECT_TRUE(name == "big.txt" || temporary) << name << " left behind after kill " << attempt;
      EXPECT_EQ(fs::file_size(dir / name), text.size()) << name << " after kill " << attempt;
    }
  }
}

}  // namespace
