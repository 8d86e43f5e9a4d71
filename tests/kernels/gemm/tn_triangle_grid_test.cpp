// The folded grid of the triangular SIMT TN kernel (kernels/gemm/tn_triangle_grid): for block shapes whose sides
// divide each other and for ones that do not (48, 96), every size up to 300 and both triangles, the grid that the
// plan's expressions launch gives every block of C inside the triangle to exactly one work-group, and no work-group
// a block outside it. The kernel text itself runs on PoCL in blas3_pocl_test (FoldedTriangleGrid*).
#include <gtest/gtest.h>

#include <set>

#include "core/space/expression.hpp"
#include "kernels/gemm/tn_triangle_grid.hpp"

using namespace kt;
using namespace kt::gemm;

namespace {

std::int64_t eval(const std::string& text, std::int64_t M, std::int64_t N) {
    const auto v = Expression::parse(text).evaluate([&](const std::string& name) -> std::optional<std::int64_t> {
        if (name == "M") return M;
        if (name == "N") return N;
        return std::nullopt;
    });
    EXPECT_TRUE(v.has_value()) << text;
    return v.value_or(-1);
}

bool inside(TnTriangle t, std::int64_t ml, std::int64_t nl, std::int64_t bm, std::int64_t bn) {
    return t == TnTriangle::Lower ? bn * nl <= bm * ml + ml - 1 : bm * ml <= bn * nl + nl - 1;
}

struct Shape {
    int ml, nl;
};

} // namespace

TEST(FoldedTriangleGrid, EveryBlockInsideTheTriangleExactlyOnce) {
    const std::vector<Shape> shapes = {{16, 16}, {64, 128}, {128, 64}, {16, 8},  {8, 32},  {256, 8},
                                       {48, 64}, {64, 48},  {96, 32},  {32, 96}, {48, 32}, {96, 128}};
    for (const auto t : {TnTriangle::Lower, TnTriangle::Upper})
        for (const auto& s : shapes) {
            GemmParams p;
            p.ml = s.ml, p.nl = s.nl;
            const bool divides = s.ml % s.nl == 0 || s.nl % s.ml == 0;
            const std::string width = foldedTriangleWidth(p, t, "M", "N"), height = foldedTriangleHeight(p, "M");
            for (std::int64_t n = 1; n <= 300; ++n) {
                SCOPED_TRACE("ml " + std::to_string(s.ml) + " nl " + std::to_string(s.nl) + " n " + std::to_string(n) +
                             (t == TnTriangle::Lower ? " lower" : " upper"));
                const std::int64_t M = (n + s.ml - 1) / s.ml * s.ml, N = (n + s.nl - 1) / s.nl * s.nl;
                const std::int64_t MB = M / s.ml, NB = N / s.nl, W = eval(width, M, N), H = eval(height, M, N);
                std::set<std::pair<std::int64_t, std::int64_t>> seen;
                std::int64_t idle = 0;
                for (std::int64_t gp = 0; gp < H; ++gp)
                    for (std::int64_t gx = 0; gx < W; ++gx) {
                        std::int64_t bm = 0, bn = 0;
                        if (!foldedTriangleBlock(t, s.ml, s.nl, M, N, gx, gp, bm, bn)) {
                            ++idle;
                            continue;
                        }
                        ASSERT_TRUE(bm >= 0 && bm < MB && bn >= 0 && bn < NB) << "group " << gx << ", " << gp;
                        ASSERT_TRUE(inside(t, s.ml, s.nl, bm, bn)) << "block " << bm << ", " << bn << " is outside";
                        ASSERT_TRUE(seen.insert({bm, bn}).second) << "block " << bm << ", " << bn << " twice";
                    }
                std::int64_t needed = 0, widest = 0; // blocks inside; the widest pair of block rows
                auto count = [&](std::int64_t bm) {
                    std::int64_t c = 0;
                    for (std::int64_t bn = 0; bn < NB; ++bn) c += inside(t, s.ml, s.nl, bm, bn);
                    return c;
                };
                for (std::int64_t bm = 0; bm < MB; ++bm) needed += count(bm);
                for (std::int64_t gp = 0; gp < H; ++gp)
                    widest = std::max(widest, count(gp) + (MB - 1 - gp > gp ? count(MB - 1 - gp) : 0));
                ASSERT_EQ(std::int64_t(seen.size()), needed) << "blocks inside the triangle left out";
                // Few groups return at once. Where the block sides divide each other and the block rows pair up,
                // the width is the widest pair (from four block rows on: with fewer, the last block column, clipped
                // to n, may make the widest pair smaller); otherwise one more at most, and pair sums differ by one.
                // So one (two) columns of groups at most, and the odd middle row, which pairs with nothing, return.
                if (MB < 4) continue;
                if (divides && MB % 2 == 0) EXPECT_EQ(W, widest) << "H " << H;
                EXPECT_LE(W, widest + (MB % 2 ? widest : 1)) << "H " << H;
                EXPECT_LE(idle, (divides ? 1 : 2) * H + (MB % 2 ? W : 0)) << "W " << W << " H " << H;
            }
        }
}
