// Banded LDLᵀ and Takahashi's selected inverse against dense long-double computations.
#include <gtest/gtest.h>

#include <random>

#include "core/fit/penta_ldlt.hpp"
#include "dense_reference.hpp"

using namespace kt::fit;

namespace {

// A random SPD pentadiagonal matrix: diagonally dominant, so positive definite by construction.
PentaMatrix<double> randomSpd(std::size_t n, std::mt19937& rng) {
    std::uniform_real_distribution<double> u(-1, 1);
    PentaMatrix<double> a(n);
    for (std::size_t i = 0; i < n; ++i) {
        a.off1[i] = i + 1 < n ? u(rng) : 0;
        a.off2[i] = i + 2 < n ? u(rng) : 0;
    }
    for (std::size_t i = 0; i < n; ++i) a.diag[i] = 4.5 + u(rng);
    return a;
}

test::Dense toDense(const PentaMatrix<double>& a) {
    const std::size_t n = a.size();
    test::Dense d(n, std::vector<test::Real>(n, 0));
    for (std::size_t i = 0; i < n; ++i) {
        d[i][i] = a.diag[i];
        if (i + 1 < n) d[i][i + 1] = d[i + 1][i] = a.off1[i];
        if (i + 2 < n) d[i][i + 2] = d[i + 2][i] = a.off2[i];
    }
    return d;
}

} // namespace

TEST(PentaLdlt, SolveMatchesDenseCholesky) {
    std::mt19937 rng(7);
    for (std::size_t n : {1u, 2u, 3u, 5u, 17u, 120u}) {
        auto a = randomSpd(n, rng);
        std::vector<double> b(n);
        std::vector<test::Real> bl(n);
        for (std::size_t i = 0; i < n; ++i) bl[i] = b[i] = std::uniform_real_distribution<double>(-3, 3)(rng);
        PentaLdlt<double> ldlt(a);
        ldlt.solveInPlace(b);
        auto d = toDense(a);
        test::choleskyFactor(d);
        auto x = test::choleskySolve(d, bl);
        for (std::size_t i = 0; i < n; ++i) EXPECT_NEAR(b[i], static_cast<double>(x[i]), 1e-12) << "n=" << n;
    }
}

TEST(PentaLdlt, InverseBandMatchesDenseInverse) {
    std::mt19937 rng(11);
    for (std::size_t n : {1u, 2u, 3u, 4u, 9u, 60u}) {
        auto a = randomSpd(n, rng);
        const auto z = PentaLdlt<double>(a).inverseBand();
        auto d = toDense(a);
        test::choleskyFactor(d);
        for (std::size_t j = 0; j < n; ++j) {
            std::vector<test::Real> e(n, 0);
            e[j] = 1;
            const auto col = test::choleskySolve(d, e); // column j of A⁻¹
            EXPECT_NEAR(z.diag[j], static_cast<double>(col[j]), 1e-13) << "n=" << n << " j=" << j;
            if (j >= 1) EXPECT_NEAR(z.off1[j - 1], static_cast<double>(col[j - 1]), 1e-13);
            if (j >= 2) EXPECT_NEAR(z.off2[j - 2], static_cast<double>(col[j - 2]), 1e-13);
        }
    }
}

TEST(PentaLdlt, RejectsIndefiniteMatrix) {
    PentaMatrix<double> a(3);
    a.diag = {1, 1, 1};
    a.off1 = {2, 0, 0}; // [[1,2],[2,1]] block is indefinite
    EXPECT_THROW(PentaLdlt<double>{a}, std::runtime_error);
}
