// Fuzz target: size lists (`--sizes`, `--sweep`, `bench --sizes`, `best --size`): every accepted list stays within
// the documented bounds.
#include <cstdlib>

#include "app/cli/cli_common.hpp"
#include "fuzz/fuzz_target.hpp"

namespace {
void run(const std::string& text) {
    const auto sizes = kt::cli::parseSizes(text, "--sizes");
    if (sizes.empty() || sizes.size() > kt::cli::kMaxSizeCount) std::abort();
    for (const auto& s : sizes) {
        if (s.dims.empty() || s.dims.size() > kt::cli::kMaxSizeDims) std::abort();
        for (auto d : s.dims)
            if (d < 1 || d > kt::cli::kMaxSizeDimension) std::abort();
    }
}
} // namespace

KT_FUZZ_TARGET(run)
