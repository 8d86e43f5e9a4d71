// `ktune source`: prints the generated kernel of one candidate (the text the tuner compiles); bad points are usage
// errors naming the problem.
#include <gtest/gtest.h>

#include "cli_helper.hpp"

using kt::test::Scratch;

namespace {
const std::string kPoint = "GEMM_ML=64,GEMM_NL=32,GEMM_KL=8,GEMM_MS=4,GEMM_NS=4,GEMM_KS=2,GEMM_VW=2,GEMM_LOCAL_A=1,"
                           "GEMM_LOCAL_B=1,GEMM_IMAGE_A=0,GEMM_IMAGE_B=0,GEMM_LAYOUT_A=1,GEMM_LAYOUT_B=2,GEMM_PREFETCH=";
}

TEST(CliSource, PrintsTheGeneratedKernelOfTheCandidate) {
    Scratch s;
    const auto one = s.ktune("source --family dgemm --point " + kPoint + "1");
    ASSERT_EQ(one.rc, 0) << one.output;
    EXPECT_NE(one.output.find("#define GEMM_ML 64"), std::string::npos);
    EXPECT_NE(one.output.find("KT_KERNEL GEMM_BOUNDS void gemm_tn"), std::string::npos);
    EXPECT_NE(one.output.find("double"), std::string::npos);
    // PREFETCH=2 double-buffers the local tiles; 1 does not.
    EXPECT_EQ(one.output.find("lA[2]"), std::string::npos);
    const auto two = s.ktune("source --family dgemm --point " + kPoint + "2 --output K.cl");
    ASSERT_EQ(two.rc, 0) << two.output;
    EXPECT_NE(s.read("K.cl").find("KT_LOCAL double2 lA[2][GEMM_KL]"), std::string::npos);
    const auto options = s.ktune("source --family dgemm --point " + kPoint + "2 --options");
    EXPECT_EQ(options.rc, 0);
    EXPECT_NE(options.output.find("-DKT_DOUBLE=1"), std::string::npos);
}

TEST(CliSource, PlanListsTheLaunchesWithTheirGeometry) {
    Scratch s;
    // Split-K: the setup copies, the restore before each run, the TN kernel into the workspace and the reduction.
    const auto r = s.ktune("source --family dgemm --plan --point " + kPoint + "1,GEMM_KSPLIT=4");
    ASSERT_EQ(r.rc, 0) << r.output;
    EXPECT_NE(r.output.find("setup copy_to_layout"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("reset kt_restore"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("timed gemm_tn"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("timed gemm_splitk_reduce"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("buffer W workspace real[4 * (m) * (n)]"), std::string::npos) << r.output;
    const auto dot = s.ktune("source --family sdot --plan --point DOT_WG=64,DOT_WPT=4");
    ASSERT_EQ(dot.rc, 0) << dot.output;
    EXPECT_NE(dot.output.find("let groups = max(1, (n + 255) / 256)"), std::string::npos) << dot.output;
    EXPECT_NE(dot.output.find("timed dot_final"), std::string::npos) << dot.output;
}

TEST(CliSource, BadPointsAndFamiliesAreUsageErrors) {
    Scratch s;
    const auto missing = s.ktune("source --family sgemm --point GEMM_ML=64");
    EXPECT_EQ(missing.rc, 2);
    EXPECT_NE(missing.output.find("lacks parameter"), std::string::npos) << missing.output;
    const auto outside = s.ktune("source --family sgemm --point " + kPoint + "7");
    EXPECT_EQ(outside.rc, 2);
    EXPECT_NE(outside.output.find("GEMM_PREFETCH"), std::string::npos) << outside.output;
    const auto family = s.ktune("source --family nosuch --point A=1");
    EXPECT_EQ(family.rc, 2);
    EXPECT_NE(family.output.find("unknown family"), std::string::npos) << family.output;
}
