// Fuzz target: measurement samples for `ktune fit --samples` (size,value[,weight] CSV), then a d-spline fit of the
// parsed samples on a small grid when they fit on it.
#include "core/fit/d_spline.hpp"
#include "core/fit/fit_io.hpp"
#include "fuzz/fuzz_target.hpp"

namespace {
void run(const std::string& text) {
    const auto samples = kt::fit::parseSamplesCsv(text, "fuzz.csv");
    for (const auto& s : samples)
        if (s.size < 1 || s.size > 4096) return; // the fit is exercised on a small grid only
    kt::fit::DSpline spline(kt::fit::SizeGrid(1, 4096), samples);
    (void)spline.fit(1.0);
}
} // namespace

KT_FUZZ_TARGET(run)
