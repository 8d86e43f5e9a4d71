// Random BLAS operands and the host check of a result (see blas_check.hpp).
#include "app/bench/blas_check.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "core/engine/plan_run.hpp"
#include "kernels/reference/blas_reference.hpp"

namespace kt::bench {

blas::Operand writtenOperand(const blas::BlasCall& call) {
    for (auto w : {blas::Operand::C, blas::Operand::B, blas::Operand::A})
        if (blas::operandShape(call, w).written) return w;
    return blas::Operand::C;
}

template <class T> HostOperands<T> randomOperands(const blas::BlasCall& call, std::uint64_t seed) {
    HostOperands<T> h;
    for (auto w : {blas::Operand::A, blas::Operand::B, blas::Operand::C}) {
        auto& o = w == blas::Operand::A ? h.layout.a : w == blas::Operand::B ? h.layout.b : h.layout.c;
        o.ld = blas::minimalLd(call, w);
        o.offset = 0;
        auto& v = h.operand(w);
        v.resize(std::size_t(blas::elementExtent(call, w, o)));
        fillRandomReals(v.data(), v.size(), seed + std::uint64_t(w));
    }
    return h;
}

template <class T> VerifyResult checkBlasResult(const blas::BlasCall& call, const HostOperands<T>& inputs,
                                                const std::vector<T>& got) {
    // The reference result, and the same call on magnitudes: the scale rounding errors grow with.
    HostOperands<T> ref = inputs, mag = inputs;
    for (auto* v : {&mag.a, &mag.b, &mag.c})
        for (auto& x : *v) x = std::isnan(x) ? x : std::fabs(x);
    auto run = [&](HostOperands<T>& h, const blas::BlasCall& c) {
        reference::run(c, {h.a.data(), h.layout.a.ld, h.layout.a.offset}, {h.b.data(), h.layout.b.ld, h.layout.b.offset},
                       {h.c.data(), h.layout.c.ld, h.layout.c.offset});
    };
    run(ref, call);
    blas::BlasCall magnitudes = call;
    magnitudes.alpha = std::fabs(call.alpha), magnitudes.beta = std::fabs(call.beta);
    run(mag, magnitudes);
    const auto which = writtenOperand(call);
    const auto& want = ref.operand(which);
    const auto& bound = mag.operand(which);
    const double length = double(std::max({call.m, call.n, call.k, std::int64_t(1)}));
    const double factor = (2.0 * std::sqrt(length) + 8.0) * std::numeric_limits<T>::epsilon();
    VerifyResult r;
    r.ok = got.size() == want.size();
    if (!r.ok) r.message = "result has " + std::to_string(got.size()) + " elements, expected " + std::to_string(want.size());
    for (std::size_t i = 0; i < std::min(got.size(), want.size()); ++i) {
        const double g = got[i], e = want[i];
        if (std::isnan(e) && std::isnan(g)) continue; // untouched poison
        const double abs = std::fabs(g - e);
        if (!(abs <= factor * std::fabs(double(bound[i])) + std::numeric_limits<T>::min())) {
            if (r.ok) {
                std::ostringstream s;
                s << call.describe() << ": element " << i << " = " << g << " expected " << e;
                r.message = s.str();
            }
            r.ok = false;
        }
        if (!(abs <= r.maxAbsError)) r.maxAbsError = abs;
    }
    return r;
}

template HostOperands<float> randomOperands<float>(const blas::BlasCall&, std::uint64_t);
template HostOperands<double> randomOperands<double>(const blas::BlasCall&, std::uint64_t);
template VerifyResult checkBlasResult<float>(const blas::BlasCall&, const HostOperands<float>&,
                                             const std::vector<float>&);
template VerifyResult checkBlasResult<double>(const blas::BlasCall&, const HostOperands<double>&,
                                              const std::vector<double>&);

} // namespace kt::bench
