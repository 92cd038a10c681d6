#pragma once
// The command line's choice of the value cache (core/value_cache.h): --cache DIR, --no-cache,
// else the default directory; and what a command says when the cache cannot be written.
#include <string>

#include "cli/cli.h"
#include "verflixt/core/value_cache.h"

namespace verflixt::cli {

// --cache DIR and --no-cache.
core::OptionTable cache_options();

// The cache directory those options choose: empty with --no-cache (or without a home).
std::string cache_dir_from(const po::variables_map& vm);

// The note on stderr for a solution that could not be cached (core::ValueCache::write's
// reason); nothing when `why` is empty. A note, not a warning: it is about this machine, not
// the answer, so no JSON answer lists it (and the page never shows a client the server's
// cache path).
void warn_not_cached(const std::string& why);

}  // namespace verflixt::cli
