#pragma once
// Every file verflixt reads or writes goes through these two functions, so that every
// reader refuses the same bad inputs the same way and every output file is whole or absent.
#include <cstddef>
#include <string>
#include <string_view>

namespace verflixt::core {

// Limits on what read_text_file accepts: INI files are a few kB; a .policy file holds at
// most the solver's 40 million states at ~30-60 bytes a line.
inline constexpr std::size_t kMaxIniFileBytes = std::size_t{1} << 20;
inline constexpr std::size_t kMaxPolicyFileBytes = std::size_t{1} << 31;

// The whole text of the file at `path`, with CRLF line ends turned into LF (so every format
// reads Windows files alike). Throws InputError naming `what` ("rules file") and the path
// (quoted, control bytes escaped, long paths cut) for a missing, unreadable or too long
// path, a directory, anything but a regular file (a FIFO, /dev/zero: refused at once,
// without waiting for a writer) or a file of more than `max_bytes` (refused before reading).
std::string read_text_file(const std::string& path, std::string_view what,
                           std::size_t max_bytes = kMaxIniFileBytes);

// Writes `text` to `path` so that the file is either the complete new text or untouched:
// the text goes to an unnamed file (O_TMPFILE) next to the target, is fsync'd and linked
// into place, so even a kill -9 leaves no temporary file. Where O_TMPFILE is not supported,
// a temporary file with a unique name (mkstemp, ".NAME.tmp-XXXXXX", never clobbering a file
// of the user's) is renamed over the target instead; one that a kill -9 left is removed by
// a later write of the same target. A symlink is followed (the link stays, its target gets
// the text); an existing non-regular file (/dev/stdout, a FIFO) is written directly. A
// directory target, a missing or read-only directory, a full disk, a file size limit
// (ulimit -f, with SIGXFSZ ignored as main does) or any other write error throws
// InputError naming `what` ("--output") and the path, and leaves no temporary file.
void write_file_atomic(const std::string& path, std::string_view text, std::string_view what);

// The cheap part of write_file_atomic's checks, for a command to run before a long
// computation: throws the same InputError for an empty name, a directory target, a missing
// directory or a name too long. (Permissions and disk space show only when writing.)
void check_output_target(const std::string& path, std::string_view what);

}  // namespace verflixt::core
