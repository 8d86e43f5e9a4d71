// The list of built-in families; a new family adds one line here and appears in the CLI and GUI.
#include "kernels/builtin_families.hpp"

#include "kernels/batched/batched_family.hpp"
#include "kernels/copy/copy_family.hpp"
#include "kernels/dot/dot_family.hpp"
#include "kernels/gemm/blas3_family.hpp"
#include "kernels/gemm/gemm_family.hpp"
#include "kernels/selftest/selftest_family.hpp"
#include "kernels/symv/symv_family.hpp"
#include "kernels/transpose/transpose_family.hpp"

namespace kt::kernels {
void registerBuiltinFamilies() {
    static bool done = false;
    if (done) return;
    done = true;
    transpose::registerTransposeFamilies();
    dot::registerDotFamilies();
    copy::registerCopyFamilies();
    gemm::registerGemmFamilies();
    gemm::registerBlas3Families();
    batched::registerBatchedFamilies();
    symv::registerSymvFamilies();
    FamilyRegistry::instance().add(std::make_shared<selftest::SelftestFamily>());
}
} // namespace kt::kernels
