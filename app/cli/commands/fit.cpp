// `ktune fit`: d-spline fit of size,value samples onto a size grid (α by hand or by GCV), written as CSV.
#include <cmath>
#include <iostream>

#include "app/cli/args.hpp"
#include "core/fit/csv_table.hpp"
#include "core/fit/d_spline.hpp"
#include "core/fit/fit_io.hpp"

namespace {

const char* kFitUsage =
    R"(usage: ktune fit --samples S.csv --from N0 --to N1 [--step K] --alpha A|auto --out F.csv [--propose]

Fits a d-spline (discrete smoothing spline) to measured values over problem size: f on the grid
N0, N0+K, …, N1 minimising ‖y − E·f‖² + α²‖D·f‖², D the second difference over grid points.

  --samples S.csv  header 'size,value'; rows sorted by size (not decreasing); equal sizes are repeats
                   and are averaged; every size must lie on the grid; at least 2 distinct sizes; at most
                   256 MiB
  --from N0        first grid size (integer)
  --to N1          last grid size; must be N0 + j·K for some j >= 0
  --step K         grid step (integer > 0, default 1)
  --alpha A|auto   smoothing weight α >= 0 (0 interpolates; large → least-squares line; α is measured in
                   grid steps, independent of the value scale), or 'auto' for generalised cross-validation
                   over 1e-3 … 1e6
  --out F.csv      written with header 'size,value' and one row per grid point
  --propose        also print the next size worth measuring (largest posterior variance of the fit)

Prints α, effective degrees of freedom (tr H), RSS and GCV. Exit codes: 0 ok, 2 bad arguments or bad input
(the message names the file and line), 1 failure while writing.
)";

int runFit(const std::vector<std::string>& argv) {
    using namespace kt;
    cli::Args args(argv, {"--samples", "--from", "--to", "--step", "--alpha", "--out"}, {"--propose"});
    if (!args.positional().empty()) throw cli::UsageError("unexpected argument '" + args.positional()[0] + "'");
    const std::string samplesPath = args.required("--samples");
    const long long from = cli::parseInteger(args.required("--from"), "--from");
    const long long to = cli::parseInteger(args.required("--to"), "--to");
    const long long step = args.integer("--step").value_or(1);
    const std::string alphaText = args.required("--alpha");
    const std::string outPath = args.required("--out");
    double alpha = -1;
    if (alphaText != "auto") {
        alpha = cli::parseNumber(alphaText, "--alpha");
        if (alpha < 0) throw cli::UsageError("--alpha must be >= 0 or 'auto' (got " + alphaText + ")");
    }
    try {
        const fit::SizeGrid grid(from, to, step);
        const auto samples = fit::readSamplesCsv(samplesPath, &grid);
        const fit::DSpline spline(grid, samples);
        const fit::DSplineFit f = alpha < 0 ? spline.fitAuto() : spline.fit(alpha);
        // Values near the double limit can still extrapolate past it: write no curve rather than inf or NaN.
        for (std::size_t i = 0; i < f.values.size(); ++i)
            if (!std::isfinite(f.values[i]))
                throw cli::UsageError("--samples: the fit leaves the range of double at size " +
                                      std::to_string(grid.sizeAt(i)) + " (values too close to ±1.8e308); nothing written");
        fit::writeFileAtomically(outPath, fit::fitCsvText(grid, f.values));
        std::cout << "fit: " << grid.count() << " grid points from " << f.sampleCount << " samples at "
                  << f.distinctSizes << " sizes\n"
                  << "alpha: " << fit::formatDouble(f.alpha) << (alpha < 0 ? " (GCV)" : "") << "\n"
                  << "edf (tr H): " << f.traceHat << "\nrss: " << f.rss << "\ngcv: " << f.gcv << "\n"
                  << "wrote: " << outPath << "\n";
        if (args.flag("--propose")) {
            const auto p = fit::proposeNextSample(spline, f);
            if (p.valid) std::cout << "next sample: size " << p.size << " (" << p.reason << ")\n";
        }
    } catch (const fit::FitInputError& e) {
        throw cli::UsageError(e.what());
    }
    return 0;
}

KT_REGISTER_COMMAND(kt::cli::Command{"fit", "d-spline fit of measurements over problem size (CSV in, CSV out)", kFitUsage,
                                     runFit});

} // namespace
