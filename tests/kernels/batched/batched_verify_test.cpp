// The batched family's host check (BatchedFamily::verify) on made-up results, no device: it runs over the problems
// in parallel chunks, so a batch of many chunks must pass when right, and name the lowest wrong problem whatever
// chunk found it first.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "core/engine/plan_data.hpp"
#include "kernels/batched/batched_family.hpp"

namespace {

using kt::PlanData;

// C_p = alpha A_p B_p + beta C0_p for 2 x 3 x 4 problems, column-major, dense strides, computed here by loops.
PlanData madeUpBatch(std::int64_t batch, bool withC0) {
    const std::int64_t m = 2, n = 3, k = 4;
    PlanData d;
    d.precision = kt::Precision::F64;
    d.values = {{"m", m},           {"n", n},           {"k", k},           {"batch", batch}, {"lda", m},
                {"ldb", k},         {"ldc", m},         {"stridea", m * k}, {"strideb", k * n},
                {"stridec", m * n}, {"opa", 0},         {"opb", 0}};
    d.scalars = {{"alpha", 1.5}, {"beta", withC0 ? -0.5 : 0.0}};
    std::vector<double> a(std::size_t(batch * m * k)), b(std::size_t(batch * k * n)), c0(std::size_t(batch * m * n));
    for (std::size_t i = 0; i < a.size(); ++i) a[i] = 0.25 + double(i % 7) / 8;
    for (std::size_t i = 0; i < b.size(); ++i) b[i] = -0.5 + double(i % 5) / 8;
    for (std::size_t i = 0; i < c0.size(); ++i) c0[i] = 0.75 - double(i % 3) / 4;
    std::vector<double> c(c0.size());
    for (std::int64_t p = 0; p < batch; ++p)
        for (std::int64_t j = 0; j < n; ++j)
            for (std::int64_t i = 0; i < m; ++i) {
                double sum = 0;
                for (std::int64_t l = 0; l < k; ++l) sum += a[p * m * k + i + l * m] * b[p * k * n + l + j * k];
                const std::size_t o = std::size_t(p * m * n + i + j * m);
                c[o] = 1.5 * sum + (withC0 ? -0.5 * c0[o] : 0.0);
            }
    d.inputs["A"].data = a;
    d.inputs["B"].data = b;
    if (withC0) d.inputs["C0"].data = c0;
    d.outputs["C"].data = c;
    return d;
}

std::vector<double>& resultOf(PlanData& d) { return std::get<std::vector<double>>(d.outputs["C"].data); }

TEST(BatchedVerify, ManyChunksPassWhenRightAndNameTheLowestWrongProblem) {
    const kt::batched::BatchedFamily family(kt::Precision::F64);
    for (bool withC0 : {true, false}) {
        SCOPED_TRACE(withC0 ? "beta -0.5" : "beta 0");
        PlanData d = madeUpBatch(50000, withC0); // a dozen chunks of 4096 problems
        auto r = family.verify(d);
        EXPECT_TRUE(r.ok) << r.message;
        EXPECT_LT(r.maxAbsError, 1e-12);
        // Two wrong problems in different chunks: whichever chunk finishes first, the message names problem 9001.
        resultOf(d)[std::size_t(45000 * 6 + 1)] += 1e-3;
        resultOf(d)[std::size_t(9001 * 6 + 5)] = std::numeric_limits<double>::quiet_NaN();
        r = family.verify(d);
        EXPECT_FALSE(r.ok);
        EXPECT_EQ(r.message.rfind("problem 9001: C(1,2)", 0), 0u) << r.message;
    }
}

} // namespace
