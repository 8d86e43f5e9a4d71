// The package's dispatch (core/export/package/src/ktp_dispatch.cpp) on tables written here instead of an export's:
// a rule given to `ktune export --rule` is asked with the caller's m, n, k and the kind KernelTune's
// GemmFamily::dispatchKind gives the same BLAS call, for every order and op pair, though the package's GEMM plans
// take row-major calls (a column-major call reaches them with m and n, A and B swapped).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/engine/family.hpp"
#include "core/export/package/src/ktp_internal.hpp"
#include "core/model/blas.hpp"
#include "kernels/builtin_families.hpp"

namespace {

struct Asked {
    std::vector<std::int64_t> dims;
    std::string kind;
    int count = 0;
} gAsked;

int selectTree(const std::int64_t*) { return 0; }
int selectRule(const std::int64_t* d, const char* kind) {
    gAsked.dims.assign(d, d + 3);
    gAsked.kind = kind ? kind : "(null)";
    ++gAsked.count;
    return 1;
}
int noPlan(ktp::Exec&) { return 0; }

} // namespace

namespace ktp::gen {
const char* const kDeviceName = "Test Device";
const char* const kDeviceVendor = "Test Vendor";
const char* const kDeviceBackend = "opencl";
const char* const kRoutines = "dgemm";
const ProgramEntry kPrograms[] = {{"", "", "kernels/p0.cl", ""}};
const int kProgramCount = 1;
const VariantEntry kVariants[] = {{0, "TREE"}, {0, "RULE"}};
const int kVariantCount = 2;
// As GemmFamily::routinePlans: row-major plans, one per op pair, for each variant.
const PlanEntry kPlans[] = {
    {0, Routine::Gemm, true, Order::RowMajor, 0, 0, 0, 0, 0, noPlan},
    {0, Routine::Gemm, true, Order::RowMajor, 0, 1, 0, 0, 0, noPlan},
    {0, Routine::Gemm, true, Order::RowMajor, 1, 0, 0, 0, 0, noPlan},
    {0, Routine::Gemm, true, Order::RowMajor, 1, 1, 0, 0, 0, noPlan},
    {1, Routine::Gemm, true, Order::RowMajor, 0, 0, 0, 0, 0, noPlan},
    {1, Routine::Gemm, true, Order::RowMajor, 0, 1, 0, 0, 0, noPlan},
    {1, Routine::Gemm, true, Order::RowMajor, 1, 0, 0, 0, 0, noPlan},
    {1, Routine::Gemm, true, Order::RowMajor, 1, 1, 0, 0, 0, noPlan},
};
const int kPlanCount = 8;
const FamilyEntry kFamilies[] = {{"dgemm", 3, {"m", "n", "k"}, selectTree, 0, nullptr, selectRule}};
const int kFamilyCount = 1;
} // namespace ktp::gen

namespace kt {
namespace {

TEST(PackageDispatch, TheRuleGetsTheCallersSizesAndKernelTunesKindForEveryOrderAndOpPair) {
    kernels::registerBuiltinFamilies();
    const auto dgemm = FamilyRegistry::instance().find("dgemm");
    ASSERT_TRUE(dgemm);
    // A row-major NT call is kind "tn" in KernelTune (C = A B^T row-major is C^T = B A^T column-major).
    blas::BlasCall rowNT;
    rowNT.routine = std::string(blas::routine::kGemm), rowNT.precision = Precision::F64;
    rowNT.order = blas::Order::RowMajor, rowNT.opA = blas::Op::N, rowNT.opB = blas::Op::T;
    ASSERT_EQ(dgemm->dispatchKind(rowNT), "tn");
    for (const auto order : {blas::Order::RowMajor, blas::Order::ColMajor})
        for (const auto opA : {blas::Op::N, blas::Op::T})
            for (const auto opB : {blas::Op::N, blas::Op::T}) {
                blas::BlasCall b = rowNT;
                b.order = order, b.opA = opA, b.opB = opB, b.m = 60, b.n = 37, b.k = 20;
                ktp::Call c;
                c.routine = ktp::Routine::Gemm, c.f64 = true;
                c.order = order == blas::Order::RowMajor ? ktp::Order::RowMajor : ktp::Order::ColMajor;
                c.opA = opA == blas::Op::T, c.opB = opB == blas::Op::T, c.m = 60, c.n = 37, c.k = 20;
                const std::string what = std::string(order == blas::Order::RowMajor ? "row " : "col ") +
                                         (opA == blas::Op::T ? "T" : "N") + (opB == blas::Op::T ? "T" : "N");
                gAsked = {};
                const auto candidates = ktp::candidatesFor(c, true);
                ASSERT_EQ(gAsked.count, 1) << what;
                EXPECT_EQ(gAsked.kind, dgemm->dispatchKind(b)) << what;
                const auto size = dgemm->callSize(b);
                EXPECT_EQ(gAsked.dims, std::vector<std::int64_t>(size.dims.begin(), size.dims.end())) << what;
                // The rule's variant first, in the plan of the op pair the normalised call has.
                ASSERT_FALSE(candidates.empty()) << what;
                EXPECT_EQ(candidates.front().plan->variant, 1) << what;
                EXPECT_EQ(candidates.front().plan->opA, candidates.front().call.opA) << what;
                EXPECT_EQ(candidates.front().plan->opB, candidates.front().call.opB) << what;
                // On another device the rule is not asked: the generic variant runs.
                gAsked = {};
                EXPECT_EQ(ktp::candidatesFor(c, false).front().plan->variant, 0) << what;
                EXPECT_EQ(gAsked.count, 0) << what;
            }
}

} // namespace
} // namespace kt
