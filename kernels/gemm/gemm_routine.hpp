// The GEMM routine C <- alpha * op(A) * op(B) + beta * C on a kt::Device: layout copies + the generated TN kernel.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "core/engine/backend.hpp"
#include "kernels/copy/copy_kernels.hpp"
#include "kernels/gemm/gemm_params.hpp"
#include "core/model/blas.hpp"

namespace kt::gemm {

class TnLauncher;

// One BLAS-style call. Matrices live in device buffers of params.precision; ld* are leading dimensions in elements.
struct GemmCall {
    blas::Order order = blas::Order::RowMajor;
    blas::Op opA = blas::Op::N;
    blas::Op opB = blas::Op::N;
    std::int64_t m = 0, n = 0, k = 0;
    double alpha = 1, beta = 0;
    std::int64_t lda = 0, ldb = 0, ldc = 0;
    std::string describe() const; // "row NT m=7 n=33 k=255"
};

// Builds the TN kernel for `params` once; copy kernels are built on first use. Not thread-safe (like Device).
class GemmRoutine {
public:
    GemmRoutine(Device& device, const GemmParams& params, int copyTile = copy::kDefaultCopyTile,
                int copyRows = copy::kDefaultCopyRows);
    ~GemmRoutine();

    // Enqueues the copies (when needed) and the TN kernel without waiting. Throws std::invalid_argument naming the
    // field when the call is inconsistent (negative sizes, ld too small, buffers too small).
    void enqueue(const GemmCall& call, Buffer& A, Buffer& B, Buffer& C);
    // enqueue() between device markers: the device time of the whole routine in ms.
    double run(const GemmCall& call, Buffer& A, Buffer& B, Buffer& C);

    // Whether the last enqueue() had to copy A / B (false when the input already had the kernel's layout).
    bool copiedA() const { return m_copiedA; }
    bool copiedB() const { return m_copiedB; }
    const GemmParams& params() const { return m_params; }

private:
    struct Operand;
    void prepareOperand(Operand& op, Buffer& src, bool transpose, std::int64_t r, std::int64_t c, std::int64_t ld,
                        std::int64_t R, std::int64_t Cc, int blockCols, bool& copied);
    Kernel& copyKernel(bool transpose, Layout layout, int blockCols);

    Device& m_device;
    GemmParams m_params;
    int m_copyTile;
    int m_copyRows;
    std::unique_ptr<Program> m_tnProgram;
    std::unique_ptr<TnLauncher> m_tn;
    struct CopyVariant;
    std::vector<std::unique_ptr<CopyVariant>> m_copies;
    std::unique_ptr<Operand> m_a, m_b;
    bool m_copiedA = false, m_copiedB = false;
};

} // namespace kt::gemm
