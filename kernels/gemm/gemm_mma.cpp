// Emits the FP64 tensor-core TN kernel: the work-group's ml x nl block of C is split into warp tiles of MMA tiles;
// A and B tiles go global -> shared through cp.async (16 bytes, L2 only) in a ring of `stages` k-blocks, so loads of
// the next stages are in flight while one is multiplied, with one barrier per k-block; fragments are read from
// shared memory in the register layouts of mma.sync (PTX ISA, "Matrix fragments for mma.m16n8k*" for .f64).
#include "kernels/gemm/gemm_mma.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "kernels/gemm/gemm_generator.hpp"

namespace kt::gemm {
namespace {


const char* shapeName(int mma) {
    switch (mma) {
    case 1:
        return "m8n8k4";
    case 2:
        return "m16n8k4";
    case 3:
        return "m16n8k8";
    default:
        return "m16n8k16";
    }
}

// The mma.sync call of the shape: accumulators c[CREG] += a[AREG] * b[BREG] (row.col, all .f64).
std::string mmaFunction(const GemmParams& p) {
    const int creg = p.mmaM() / 4, areg = p.mmaM() * p.mmaK() / 32, breg = p.mmaK() / 4;
    std::ostringstream s;
    s << "KT_FUNC void gemm_mma(double (&c)[GEMM_CREG], const double (&a)[GEMM_AREG], const double (&b)[GEMM_BREG]) "
         "{\n";
    s << "    asm(\"mma.sync.aligned." << shapeName(p.mma) << ".row.col.f64.f64.f64.f64 {";
    int n = 0;
    auto list = [&](int count) {
        std::string out;
        for (int i = 0; i < count; ++i) out += (i ? ", %" : "%") + std::to_string(n++);
        return out;
    };
    const std::string c = list(creg), a = list(areg), b = list(breg);
    s << c << "}, {" << a << "}, {" << b << "}, {" << c << "};\"\n        : ";
    for (int i = 0; i < creg; ++i) s << (i ? ", " : "") << "\"+d\"(c[" << i << "])";
    s << "\n        : ";
    for (int i = 0; i < areg; ++i) s << (i ? ", " : "") << "\"d\"(a[" << i << "])";
    for (int i = 0; i < breg; ++i) s << ", \"d\"(b[" << i << "])";
    s << ");\n}\n";
    return s.str();
}

// The copy of one operand's kl x wide tile at k-block kb into shared stage `s`, as 16-byte cp.async chunks spread
// over the work-group. Rows of the tile are `stride` elements apart in global memory (the layout's tile stride).
std::string tileCopy(char name, const TileSource& src, const std::string& ld) {
    const std::string n(1, name);
    const std::string& wide = src.wide;
    std::ostringstream s;
    s << "KT_FUNC void gemm_copy_" << n << "(double* s" << n << ", const double* KT_RESTRICT " << n << ", const int "
      << src.cols << ", const int K, const int " << src.blk << ", const int kb, const int lid) {\n";
    s << "    const double* tile = " << n << " + " << tileOffset(src, "kb") << ";\n";
    s << "    const int stride = " << tileStride(src) << ";\n";
    s << "    const int chunks = GEMM_KL * " << wide << " / 2;\n";
    s << "    KT_UNROLL\n";
    s << "    for (int r = 0; r < (chunks + GEMM_WG - 1) / GEMM_WG; ++r) {\n";
    s << "        const int c = lid + r * GEMM_WG;\n";
    s << "        if (chunks % GEMM_WG == 0 || c < chunks) {\n";
    s << "            const int k = c / (" << wide << " / 2), col = (c % (" << wide << " / 2)) * 2;\n";
    s << "            gemm_cp16(s" << n << " + k * " << ld
      << " + (col ^ GEMM_SWZ(k)), tile + (size_t)k * stride + col);\n";
    s << "        }\n";
    s << "    }\n";
    s << "}\n";
    return s.str();
}

// Direct reads (GemmParams::direct): the copy of one operand's tile at k-block kb straight from the caller's matrix
// `name`, at offset `off`. k-rows: element (k, c) at k * ld + c, stored like a packed tile; k-major:
// element (k, c) at c * ld + k, stored as `wide` rows of GEMM_KL + pad (shared row c, column k). Three paths, chosen
// per tile and uniform over the work-group:
// - inside the matrix with 16-byte aligned rows (`vec`: ld even, start aligned): plain 16-byte chunks at offsets
//   that differ from the packed kernel's only by the row stride ld (the mainloop's cost: few integer operations per
//   chunk, or the tensor pipe waits);
// - a tile across the matrix's edge: 16-byte chunks zero-filled past the edge through cp.async's source size;
// - rows not 16-byte aligned: one 8-byte copy per element, zero-filled likewise.
// Offsets are 32-bit: the routine refuses operands beyond 2^31 elements.
// `shifted` (the fit-loop path of the general program, `suffix` naming its copies): k-block kb holds k = kb * kl - kShift
// onwards; with kShift = K - kReal the first k-block is the partial one (its rows below 0 zero) and every later one
// whole (emitMainLoops).
std::string directTileCopy(char name, bool kMajor, bool exactFit, const std::string& wide,
                           const std::string& sharedLd, bool shifted = false, const std::string& suffix = "") {
    const std::string n(1, name);
    std::ostringstream s;
    s << "KT_FUNC void gemm_copy_" << n << suffix << "(double* s" << n << ", const double* KT_RESTRICT " << n
      << ", const int off, const int rows, const int kReal, const int ld, const int blk, const int kb, "
         "const int lid"
      << (shifted ? ", const int kShift" : "") << ") {\n";
    s << "    const int k0 = kb * GEMM_KL" << (shifted ? " - kShift" : "") << ", c0 = blk * " << wide << ";\n";
    // Chunk c of the tile: its k and its column (the wide side) in the tile; 16-byte chunks pair along the
    // contiguous side. Element e likewise for the 8-byte path.
    const std::string kOf = kMajor ? "(c % (GEMM_KL / 2)) * 2" : "c / (" + wide + " / 2)";
    const std::string colOf = kMajor ? "c / (GEMM_KL / 2)" : "(c % (" + wide + " / 2)) * 2";
    const std::string kOfE = kMajor ? "e % GEMM_KL" : "e / " + wide;
    const std::string colOfE = kMajor ? "e / GEMM_KL" : "e % " + wide;
    const std::string dst =
        kMajor ? "s" + n + " + col * " + sharedLd + " + k" : "s" + n + " + k * " + sharedLd + " + (col ^ GEMM_SWZ(k))";
    const std::string at = kMajor ? "col * ld + k" : "k * ld + col"; // in the tile, from its first element
    // 16 bytes when both elements are inside, 8 when only the first is, 0 (all zeros) outside.
    // Shifted, rows below k = 0 are zero too; a k-major pair never straddles 0 (vec needs kShift even).
    const std::string low = shifted ? "gk >= 0 && " : "";
    const std::string pairBytes = kMajor ? "gc < rows" + std::string(shifted ? " && gk >= 0" : "") +
                                               " ? (gk + 1 < kReal ? 16 : gk < kReal ? 8 : 0) : 0"
                                         : low + "gk < kReal ? (gc + 1 < rows ? 16 : gc < rows ? 8 : 0) : 0";
    auto loop = [&](const std::string& count, const std::string& idx, const std::string& body) {
        s << "        KT_UNROLL\n";
        s << "        for (int r = 0; r < (" << count << " + GEMM_WG - 1) / GEMM_WG; ++r) {\n";
        s << "            const int " << idx << " = lid + r * GEMM_WG;\n";
        s << "            if (" << count << " % GEMM_WG == 0 || " << idx << " < " << count << ") {\n";
        s << body;
        s << "            }\n";
        s << "        }\n";
    };
    s << "    const double* const tile = " << n << " + off + " << (kMajor ? "c0 * ld + k0" : "k0 * ld + c0") << ";\n";
    const std::string pairs = "(GEMM_KL * " + wide + " / 2)"; // 16-byte chunks in the tile
    const std::string pairAt = "                const int k = " + kOf + ", col = " + colOf + ";\n";
    const std::string plainCopy = pairAt + "                gemm_cp16(" + dst + ", tile + " + at + ");\n";
    if (exactFit) { // every tile inside, every row aligned (the routine chose this program for such calls)
        loop(pairs, "c", plainCopy);
        s << "}\n";
        return s.str();
    }
    // Recomputed per tile from the arguments rather than kept live through the mainloop: its registers are taken.
    s << "    const bool vec = ((ld | off" << (kMajor && shifted ? " | kShift" : "") << ") & 1) == 0 && ((size_t)" << n
      << " & 15) == 0;\n";
    s << "    if (vec && c0 + " << wide << " <= rows && " << (shifted ? "k0 >= 0 && " : "")
      << "k0 + GEMM_KL <= kReal) {\n";
    loop(pairs, "c", plainCopy);
    s << "    } else if (vec) {\n";
    loop(pairs, "c",
         pairAt + "                const int gk = k0 + k, gc = c0 + col;\n" +
             "                const int bytes = " + pairBytes + ";\n" + "                gemm_cp16z(" + dst +
             ", bytes ? tile + " + at + " : " + n + ", bytes);\n");
    s << "    } else {\n";
    loop("(GEMM_KL * " + wide + ")", "e",
         "                const int k = " + kOfE + ", col = " + colOfE + ";\n" +
             "                const int gk = k0 + k, gc = c0 + col;\n" +
             "                const int bytes = " + low + "gk < kReal && gc < rows ? 8 : 0;\n" +
             "                gemm_cp8z(" +
             dst + ", bytes ? tile + " + at + " : " + n + ", bytes);\n");
    s << "    }\n";
    s << "}\n";
    return s.str();
}

} // namespace

std::string generateMmaKernel(const GemmParams& p, const TnVariant& variant) {
    if (auto why = p.invalidReason(); !why.empty()) throw std::invalid_argument("GEMM generator: " + why);
    if (!p.mma) throw std::invalid_argument("GEMM generator: generateMmaKernel needs mma > 0");
    if (!variant.isDefault() && p.ksplit != 1)
        throw std::invalid_argument("the triangular and k-range kernels of the BLAS3 routines need ksplit 1");
    if (!p.direct && (variant.aKMajor || variant.bKMajor || variant.exactFit))
        throw std::invalid_argument("k-major operand reads need direct reads (GEMM_DIRECT 1)");
    if (variant.oneCopy && !tnOneCopyPossible(p))
        throw std::invalid_argument("one copy for both TN operands needs one layout and ml, nl of which one divides "
                                    "the other, without direct reads");
    const bool aKMajor = p.direct && variant.aKMajor, bKMajor = p.direct && variant.bKMajor;
    // Elements of one pipeline stage of each operand's shared tile: kl rows of the wide side (plus padding), or for a
    // k-major operand (direct reads) wide rows of kl + mmaPadK().
    const int aStage = aKMajor ? p.ml * (p.kl + p.mmaPadK()) : p.kl * (p.ml + p.mmaPad());
    const int bStage = bKMajor ? p.nl * (p.kl + p.mmaPadK()) : p.kl * (p.nl + p.mmaPad());
    std::ostringstream s;
    auto def = [&](const std::string& name, const std::string& value) {
        s << "#define " << name << " " << value << "\n";
    };
    s << "// A^T * B + C (\"TN\") GEMM kernel on FP64 tensor cores, generated by KernelTune.\n";
    s << "// " << p.describe() << "\n";
    if (p.direct)
        s << "// Direct reads: A(p, i) = A[offA + " << (aKMajor ? "i * lda + p" : "p * lda + i")
          << "], B(p, j) = B[offB + " << (bKMajor ? "j * ldb + p" : "p * ldb + j")
          << "], zero outside k x mC and k x nC; M, N, K (multiples of ml, nl, kl * ksplit) size the launch.\n";
    else
        s << "// A is K x M (" << toString(p.layoutA) << "), B is K x N (" << toString(p.layoutB)
          << "); M, N, K are multiples of ml, nl, kl * ksplit.\n";
    s << "// C is row-major with stride ldc; only C[0:mC, 0:nC] is written. beta == 0 never reads C.\n";
    s << "#if !defined(KT_CUDA)\n#error \"the tensor-core GEMM kernel is CUDA only (mma.sync, cp.async)\"\n#endif\n\n";
    def("GEMM_ML", std::to_string(p.ml));
    def("GEMM_NL", std::to_string(p.nl));
    def("GEMM_KL", std::to_string(p.kl));
    def("GEMM_KSPLIT", std::to_string(p.ksplit) + " // work-groups sharing one block of C along k (split-K)");
    def("GEMM_WGM", std::to_string(p.wgM()) + " // the launch's work-items along m (local dimension 1)");
    def("GEMM_WGN", std::to_string(p.wgN()) + " // and along n (local dimension 0)");
    def("GEMM_WG", "(GEMM_WGM * GEMM_WGN)");
    def("GEMM_WM", std::to_string(p.wm) + " // rows of C per warp");
    def("GEMM_WN", std::to_string(p.wn()) + " // columns of C per warp");
    def("GEMM_WARPS_N", "(GEMM_NL / GEMM_WN)");
    def("GEMM_MMA_M", std::to_string(p.mmaM()));
    def("GEMM_MMA_K", std::to_string(p.mmaK()));
    def("GEMM_TM", "(GEMM_WM / GEMM_MMA_M) // MMA tiles per warp along m");
    def("GEMM_TN", "(GEMM_WN / 8) // and along n");
    def("GEMM_AREG", "(GEMM_MMA_M * GEMM_MMA_K / 32) // A fragment registers (doubles) per thread");
    def("GEMM_BREG", "(GEMM_MMA_K / 4)");
    def("GEMM_CREG", "(GEMM_MMA_M / 4)");
    def("GEMM_STAGES", std::to_string(p.stages));
    def("GEMM_LDA", "(GEMM_ML + " + std::to_string(p.mmaPad()) + ") // shared row stride of the A tile");
    def("GEMM_LDB", "(GEMM_NL + " + std::to_string(p.mmaPad()) + ")");
    def("GEMM_LDAK", "(GEMM_KL + " + std::to_string(p.mmaPadK()) + ") // shared row stride of a k-major tile (direct reads)");
    def("GEMM_LDBK", "(GEMM_KL + " + std::to_string(p.mmaPadK()) + ")");
    def("GEMM_ASTAGE", std::to_string(aStage) + " // elements of one stage of the A tile");
    def("GEMM_BSTAGE", std::to_string(bStage));
    // A warp reads rows k..k+3 of a tile, 8 consecutive elements each; with rows 128-byte aligned all four hit the
    // same 16 banks. Padding by 8 elements or flipping bit 3 of the column in odd rows (swizzle, no extra memory)
    // puts odd rows in the other 16 banks: two wavefronts per 256-byte read, the minimum.
    // Swizzle 3 flips bits 2 and 3 of the column by k % 4: the 16-byte pairs that one quarter of a warp reads from
    // rows k..k+3 (lds128) then fall in 8 different 16-byte bank groups, and 8-byte reads still take two wavefronts.
    def("GEMM_SWZ(k)", p.swizzle == 2   ? "(((k) & 1) << 3) // XOR of the column in row k"
                       : p.swizzle == 3 ? "(((k) & 3) << 2) // XOR of the column in row k (16-byte chunks kept)"
                                        : "0 // no swizzle");
    def("GEMM_SWIZZLE", std::to_string(p.swizzle));
    def("GEMM_STEPS", "(GEMM_KL / GEMM_MMA_K) // MMA k-steps per k-block");
    def("GEMM_LDS128", std::to_string(p.lds128) + " // fragments read as 16-byte pairs");
    def("GEMM_CSTAGE", std::to_string(p.cstage) + " // C stored through shared memory, a warp's row slab at a time");
    // Elements of C per lane and slab: mma m x wn / 32 (a multiple of 2); the staged store handles up to 8 at once.
    const int perLane = p.mmaM() * p.wn() / 32;
    def("GEMM_CBATCH", std::to_string(perLane % 8 == 0 ? 8 : perLane % 4 == 0 ? 4 : 2) +
                           " // elements of C a lane reads before it writes them (staged store)");
    def("GEMM_GROUP", "8 // block-rows of C that consecutive work-groups walk together (L2 reuse)");
    // The elements of C this kernel stores: inside C and, for SYRK/SYR2K (BLAS3), inside the triangle.
    def("GEMM_STORES(gi, gj)", "(" + tnVariantStoreCondition(variant) + ")");
    s << "\n";
    // Dynamic shared memory, so the ring may exceed CUDA's 48 KiB of static shared memory (up to the opt-in limit,
    // DEV_LOCAL_MEM_OPTIN); the CUDA device reads the size from the module and reserves it at every launch.
    // With cstage the ring also holds the staged slabs of C after the main loop (the larger of the two).
    s << "KT_DYNAMIC_LOCAL(gemm_tn, " << std::max(std::int64_t(aStage + bStage) * 8 * p.stages, p.cstageBytes())
      << ")\n";
    s << "KT_FUNC void gemm_cp16(double* dst, const double* src) {\n";
    s << "    const unsigned d = (unsigned)__cvta_generic_to_shared(dst);\n";
    s << "    asm volatile(\"cp.async.cg.shared.global [%0], [%1], 16;\\n\" ::\"r\"(d), \"l\"(src) : \"memory\");\n";
    s << "}\n";
    s << "KT_FUNC void gemm_cp_commit() { asm volatile(\"cp.async.commit_group;\\n\" ::: \"memory\"); }\n";
    if (p.direct) { // zero-filling copies: the bytes past `bytes` (0, 8 or 16) are written as zeros
        s << "KT_FUNC void gemm_cp16z(double* dst, const double* src, const int bytes) {\n";
        s << "    const unsigned d = (unsigned)__cvta_generic_to_shared(dst);\n";
        s << "    asm volatile(\"cp.async.cg.shared.global [%0], [%1], 16, %2;\\n\" ::\"r\"(d), \"l\"(src), "
             "\"r\"(bytes) "
             ": \"memory\");\n";
        s << "}\n";
        s << "KT_FUNC void gemm_cp8z(double* dst, const double* src, const int bytes) {\n";
        s << "    const unsigned d = (unsigned)__cvta_generic_to_shared(dst);\n";
        s << "    asm volatile(\"cp.async.ca.shared.global [%0], [%1], 8, %2;\\n\" ::\"r\"(d), \"l\"(src), "
             "\"r\"(bytes) "
             ": \"memory\");\n";
        s << "}\n";
    }
    s << mmaFunction(p) << "\n";
    // The general direct program also runs whole work-groups inside mC x nC with aligned operands through the
    // exact-fit copies (emitMainLoops): their main loop without a bounds or alignment test.
    const bool twoLoops = p.direct && !variant.exactFit && p.ksplit == 1 && variant.kRange == TnKRange::All;
    if (p.direct) {
        s << directTileCopy('A', aKMajor, variant.exactFit, "GEMM_ML", aKMajor ? "GEMM_LDAK" : "GEMM_LDA") << "\n";
        s << directTileCopy('B', bKMajor, variant.exactFit, "GEMM_NL", bKMajor ? "GEMM_LDBK" : "GEMM_LDB") << "\n";
        if (twoLoops) { // the fit path's: its prologue's (tested, shifted) and its loop's (exact fit, shifted)
            s << directTileCopy('A', aKMajor, false, "GEMM_ML", aKMajor ? "GEMM_LDAK" : "GEMM_LDA", true, "_first")
              << "\n";
            s << directTileCopy('B', bKMajor, false, "GEMM_NL", bKMajor ? "GEMM_LDBK" : "GEMM_LDB", true, "_first")
              << "\n";
            s << directTileCopy('A', aKMajor, true, "GEMM_ML", aKMajor ? "GEMM_LDAK" : "GEMM_LDA", true, "_fit") << "\n";
            s << directTileCopy('B', bKMajor, true, "GEMM_NL", bKMajor ? "GEMM_LDBK" : "GEMM_LDB", true, "_fit") << "\n";
        }
    } else {
        s << tileCopy('A', tileSource(p, variant, 'A'), "GEMM_LDA") << "\n";
        s << tileCopy('B', tileSource(p, variant, 'B'), "GEMM_LDB") << "\n";
    }
    s << "#define GEMM_BOUNDS "
      << (p.minBlocks ? "__launch_bounds__(GEMM_WG, " + std::to_string(p.minBlocks) + ")" : "__launch_bounds__(GEMM_WG)") << "\n";
    s << R"(KT_KERNEL GEMM_BOUNDS void gemm_tn(const int M, const int N, const int K, const double alpha,
                                                     const double beta, const double* KT_RESTRICT A,
                                                     const double* KT_RESTRICT B, double* KT_RESTRICT C,
                                                     const int offC, const int ldc, const int mC, const int nC)"
      << (p.direct
              ? ",\n                                                     const int kA, const int lda, const int offA, "
                "const int ldb, const int offB"
              : "")
      << R"() {
    extern __shared__ __align__(16) double gemm_shared[];
    double* const sA = gemm_shared;                                   // [GEMM_STAGES][GEMM_ASTAGE]
    double* const sB = gemm_shared + GEMM_STAGES * GEMM_ASTAGE;     // [GEMM_STAGES][GEMM_BSTAGE]
    const int lid = (int)threadIdx.y * GEMM_WGN + (int)threadIdx.x;
    // Rasterization: work-groups are started in launch order (x fastest); taking them GEMM_GROUP block-rows at a
    // time, column by column, keeps the A panels of those rows and the B panels of the current columns in L2
    // instead of sweeping all of B for every block-row.
    const int perGroup = GEMM_GROUP * (int)gridDim.x;
    const int id = (int)blockIdx.y * (int)gridDim.x + (int)blockIdx.x;
    const int firstM = id / perGroup * GEMM_GROUP;
    const int rows = min(GEMM_GROUP, (int)gridDim.y - firstM);
    const int bm0 = firstM + id % perGroup % rows, bn0 = id % perGroup / rows;
)";
    // BLAS3 (TRMM): where the k range ends at the diagonal, the last block rows or columns carry the longest k loops.
    // Launched last, they would run alone at the end of the grid (H200 2026-11-28 run G: DTRMM RLTU at 0.88 of
    // LUNN on the same kernel, whose heavy block rows come first); reversed, the heaviest start first and the
    // lightest fill the last wave, as tnGroupMapping orders the SIMT kernel's groups.
    s << (variant.kRange == TnKRange::ToRowBlock
              ? "    const int bm = (int)gridDim.y - 1 - bm0, bn = bn0; // heaviest block rows (longest k) first\n"
          : variant.kRange == TnKRange::ToColBlock
              ? "    const int bm = bm0, bn = (int)gridDim.x - 1 - bn0; // heaviest block columns (longest k) first\n"
              : "    const int bm = bm0, bn = bn0;\n");
    if (p.ksplit > 1) {
        s << "    // Split-K: work-group z sums k-blocks [kbBegin, kbEnd) into slice z of the workspace C.\n";
        s << "    const int kbBegin = (int)blockIdx.z * (K / GEMM_KL / GEMM_KSPLIT);\n";
        s << "    const int kbEnd = kbBegin + K / GEMM_KL / GEMM_KSPLIT;\n";
        s << "    C += (size_t)blockIdx.z * mC * ldc;\n";
    } else { // the whole k range, or (BLAS3) the part from or to the diagonal; whole work-groups outside return
        for (const auto& line : tnVariantPrologue(variant)) s << "    " << line << "\n";
    }
    if (p.direct) {
        s << "    auto copyA = [&](double* dst, const int kb) { gemm_copy_A(dst, A, offA, mC, kA, lda, bm, kb, lid); "
             "};\n";
        s << "    auto copyB = [&](double* dst, const int kb) { gemm_copy_B(dst, B, offB, nC, kA, ldb, bn, kb, lid); "
             "};\n";
        if (twoLoops) {
            // The fit path: k-block 0 takes the partial k-block (kShift, see directTileCopy), so every k-block the
            // main loop copies is whole and inside; only a whole k range from 0 (twoLoops) has a k-block 0.
            s << "    const int kShift = K - kA;\n";
            for (const char* kind : {"First", "Fit"}) {
                const std::string suffix = std::string(kind) == "First" ? "_first" : "_fit";
                s << "    auto copyA" << kind << " = [&](double* dst, const int kb) { gemm_copy_A" << suffix
                  << "(dst, A, offA, mC, kA, lda, bm, kb, lid, kShift); };\n";
                s << "    auto copyB" << kind << " = [&](double* dst, const int kb) { gemm_copy_B" << suffix
                  << "(dst, B, offB, nC, kA, ldb, bn, kb, lid, kShift); };\n";
            }
            // Whole group inside C, operands aligned for 16-byte chunks (k-major ones also along k), and every
            // k-block after the first inside [0, kA).
            s << "    const bool fitLoop = (bm + 1) * GEMM_ML <= mC && (bn + 1) * GEMM_NL <= nC && K - kA < GEMM_KL && "
                 "((lda | offA | ldb | offB"
              << (aKMajor || bKMajor ? " | kShift" : "") << ") & 1) == 0 && (((size_t)A | (size_t)B) & 15) == 0;\n";
        }
    } else {
        // The operands' padded widths (with one copy for both, the wider one's for each).
        s << "    auto copyA = [&](double* dst, const int kb) { gemm_copy_A(dst, A, "
          << tileSource(p, variant, 'A').cols << ", K, bm, kb, lid); };\n";
        s << "    auto copyB = [&](double* dst, const int kb) { gemm_copy_B(dst, B, "
          << tileSource(p, variant, 'B').cols << ", K, bn, kb, lid); };\n";
    }
    s << R"(    const int warp = lid >> 5, lane = lid & 31, g = lane >> 2, t = lane & 3;
    const int wmBase = (warp / GEMM_WARPS_N) * GEMM_WM, wnBase = (warp % GEMM_WARPS_N) * GEMM_WN;
    const int sx = GEMM_SWZ(t); // every fragment row this thread reads is t modulo 4
    // Where this thread's fragment columns lie in a tile row, swizzle applied. The XOR touches bits below 16 only,
    // so column c + 16 q lies at (c ^ sx) + 16 q: two per-thread offsets (c % 16 < 8 or not) cover every MMA tile.
#if GEMM_LDS128
    // 16-byte pairs: MMA row g / g + 8 of tile i are rows 2g / 2g + 1 of the warp's 16-row slab i (and likewise
    // MMA tiles j = 2q / 2q + 1 take columns 2g / 2g + 1 of slab q), so both values of a pair are adjacent.
    const int aCol = (wmBase + 2 * g) ^ sx, bCol = (wnBase + 2 * g) ^ sx;
#elif GEMM_SWIZZLE == 3
    const int aCol[2] = {(wmBase + g) ^ sx, (wmBase + 8 + g) ^ sx};
    const int bCol[2] = {(wnBase + g) ^ sx, (wnBase + 8 + g) ^ sx};
#endif
    // Fragments (PTX ISA .f64 layouts): A element r of a thread is (row g + 8 (r % 2), k t + 4 (r / 2)) of the MMA
    // tile (m8n8k4: (g, t)); B element r is (k t + 4 r, column g). The kernel's A is K x M, so the MMA's A(m, k) is
    // tile row k, column m.
)";
    s << R"(    auto loadFrags = [&](double (&af)[GEMM_TM][GEMM_AREG], double (&bf)[GEMM_TN][GEMM_BREG], const double* a,
                         const double* b, const int kk) {
)";
    // A's fragments: from a k-rows tile (packed copies or direct k-rows reads), or from a k-major tile, where the
    // thread's row of A (the same mapping as the store's) is a shared row and k its column.
    if (aKMajor)
        s << R"(        KT_UNROLL
        for (int i = 0; i < GEMM_TM; ++i)
            KT_UNROLL
            for (int r = 0; r < GEMM_AREG; ++r)
                af[i][r] = a[(GEMM_LDS128 ? wmBase + i * 16 + 2 * g + (r & 1)
                                          : wmBase + i * GEMM_MMA_M + (GEMM_MMA_M == 16 ? 8 * (r & 1) : 0) + g) *
                                 GEMM_LDAK +
                             kk + t + 4 * (r >> 1)];
)";
    else
        s << R"(#if GEMM_LDS128
        KT_UNROLL
        for (int i = 0; i < GEMM_TM; ++i)
            KT_UNROLL
            for (int q = 0; q < GEMM_AREG / 2; ++q) {
                const double2 v = *(const double2*)(a + (kk + t + 4 * q) * GEMM_LDA + aCol + i * 16);
                af[i][2 * q] = v.x, af[i][2 * q + 1] = v.y;
            }
#elif GEMM_SWIZZLE == 3
        KT_UNROLL
        for (int i = 0; i < GEMM_TM; ++i)
            KT_UNROLL
            for (int r = 0; r < GEMM_AREG; ++r) {
                const int h = i * (GEMM_MMA_M / 8) + (GEMM_MMA_M == 16 ? (r & 1) : 0); // 8-row group in the warp tile
                af[i][r] = a[(kk + t + 4 * (r >> 1)) * GEMM_LDA + aCol[h & 1] + (h >> 1) * 16];
            }
#else
        // sx is 0 or 8 and every MMA tile starts at a multiple of 8: the XOR leaves g alone (the first round's code).
        KT_UNROLL
        for (int i = 0; i < GEMM_TM; ++i)
            KT_UNROLL
            for (int r = 0; r < GEMM_AREG; ++r)
                af[i][r] = a[(kk + t + 4 * (r >> 1)) * GEMM_LDA +
                             ((wmBase + i * GEMM_MMA_M + (GEMM_MMA_M == 16 ? 8 * (r & 1) : 0)) ^ sx) + g];
#endif
)";
    if (bKMajor)
        s << R"(        KT_UNROLL
        for (int j = 0; j < GEMM_TN; ++j)
            KT_UNROLL
            for (int r = 0; r < GEMM_BREG; ++r)
                bf[j][r] = b[(GEMM_LDS128 ? wnBase + (j >> 1) * 16 + 2 * g + (j & 1) : wnBase + j * 8 + g) * GEMM_LDBK +
                             kk + t + 4 * r];
)";
    else
        s << R"(#if GEMM_LDS128
        KT_UNROLL
        for (int q = 0; q < GEMM_TN / 2; ++q)
            KT_UNROLL
            for (int r = 0; r < GEMM_BREG; ++r) {
                const double2 v = *(const double2*)(b + (kk + t + 4 * r) * GEMM_LDB + bCol + q * 16);
                bf[2 * q][r] = v.x, bf[2 * q + 1][r] = v.y;
            }
#elif GEMM_SWIZZLE == 3
        KT_UNROLL
        for (int j = 0; j < GEMM_TN; ++j)
            KT_UNROLL
            for (int r = 0; r < GEMM_BREG; ++r) bf[j][r] = b[(kk + t + 4 * r) * GEMM_LDB + bCol[j & 1] + (j >> 1) * 16];
#else
        KT_UNROLL
        for (int j = 0; j < GEMM_TN; ++j)
            KT_UNROLL
            for (int r = 0; r < GEMM_BREG; ++r) bf[j][r] = b[(kk + t + 4 * r) * GEMM_LDB + ((wnBase + j * 8) ^ sx) + g];
#endif
)";
    s << R"(    };
    double acc[GEMM_TM][GEMM_TN][GEMM_CREG];
    KT_UNROLL
    for (int i = 0; i < GEMM_TM; ++i)
        KT_UNROLL
        for (int j = 0; j < GEMM_TN; ++j)
            KT_UNROLL
            for (int r = 0; r < GEMM_CREG; ++r) acc[i][j][r] = 0.0;
    const int nk = kbEnd - kbBegin;
)";
    // The prologue and the main loop. With two loops (the general direct program), a whole work-group inside C with
    // aligned operands runs them with the shifted copies: the prologue's tested ones take the partial first k-block,
    // the loop's exact-fit ones need no test, so their address arithmetic is scheduled among the MMAs (a branch per
    // k-block kept them apart: the general program's work-groups took 15% longer than the exact-fit one's, H200
    // 2026-11-28 run AR). The other work-groups run the general program's own prologue and loop, unchanged.
    auto emitMainLoops = [&](const std::string& prologue, const std::string& loop) {
        if (!twoLoops) {
            s << prologue << loop;
            return;
        }
        auto renamed = [](std::string text, const char* kind) {
            for (const char* call : {"copyA(", "copyB("})
                for (std::size_t at = text.find(call); at != std::string::npos; at = text.find(call, at + 1))
                    text.insert(at + 5, kind);
            return text;
        };
        s << "    if (fitLoop) {" << renamed(prologue, "First") << renamed(loop, "Fit") << "    } else {" << prologue
          << loop << "    }\n";
    };
    if (!p.dbuf) {
        emitMainLoops(R"(
    // Prologue: stages 0 .. STAGES-2 in flight. Every thread commits one group per stage, empty or not, so that
    // "all but the newest STAGES-2 groups complete" means "the stage about to be read has landed".
    KT_UNROLL
    for (int s = 0; s < GEMM_STAGES - 1; ++s) {
        if (s < nk) {
            copyA(sA + s * GEMM_ASTAGE, kbBegin + s);
            copyB(sB + s * GEMM_BSTAGE, kbBegin + s);
        }
        gemm_cp_commit();
    }
    int readStage = 0, writeStage = GEMM_STAGES - 1;
)",
                      R"(    for (int it = 0; it < nk; ++it) {
        asm volatile("cp.async.wait_group %0;\n" ::"n"(GEMM_STAGES - 2) : "memory");
        // This stage is visible to all; and every warp is done with the stage written next (read last iteration).
        __syncthreads();
        if (it + GEMM_STAGES - 1 < nk) {
            copyA(sA + writeStage * GEMM_ASTAGE, kbBegin + it + GEMM_STAGES - 1);
            copyB(sB + writeStage * GEMM_BSTAGE, kbBegin + it + GEMM_STAGES - 1);
        }
        gemm_cp_commit();
        const double* a = sA + readStage * GEMM_ASTAGE;
        const double* b = sB + readStage * GEMM_BSTAGE;
        KT_UNROLL
        for (int kk = 0; kk < GEMM_KL; kk += GEMM_MMA_K) {
            double af[GEMM_TM][GEMM_AREG];
            double bf[GEMM_TN][GEMM_BREG];
            loadFrags(af, bf, a, b, kk);
            KT_UNROLL
            for (int i = 0; i < GEMM_TM; ++i)
                KT_UNROLL
                for (int j = 0; j < GEMM_TN; ++j) gemm_mma(acc[i][j], af[i], bf[j]);
        }
        readStage = readStage + 1 == GEMM_STAGES ? 0 : readStage + 1;
        writeStage = writeStage + 1 == GEMM_STAGES ? 0 : writeStage + 1;
    }
)");
    } else {
        emitMainLoops(R"(
    // Prologue: all STAGES stages in flight (k-blocks 0 .. STAGES-1), one commit group per stage, empty or not.
    KT_UNROLL
    for (int s = 0; s < GEMM_STAGES; ++s) {
        if (s < nk) {
            copyA(sA + s * GEMM_ASTAGE, kbBegin + s);
            copyB(sB + s * GEMM_BSTAGE, kbBegin + s);
        }
        gemm_cp_commit();
    }
    asm volatile("cp.async.wait_group %0;\n" ::"n"(GEMM_STAGES - 1) : "memory"); // k-block 0 has landed
    __syncthreads();
    // Two register sets of fragments: the MMAs of k-step i use set i % 2 while the loads of step i + 1 fill the other,
    // so the tensor pipe never waits for shared memory except behind the one barrier per k-block.
    double af[2][GEMM_TM][GEMM_AREG];
    double bf[2][GEMM_TN][GEMM_BREG];
    loadFrags(af[0], bf[0], sA, sB, 0);
    int readStage = 0;
)",
                      R"(    for (int it = 0; it < nk; ++it) {
        const double* a = sA + readStage * GEMM_ASTAGE;
        const double* b = sB + readStage * GEMM_BSTAGE;
        KT_UNROLL
        for (int ks = 0; ks < GEMM_STEPS; ++ks) { // GEMM_STEPS is even: set 0 starts every k-block
            if (ks == GEMM_STEPS - 1) {
                // Every fragment of this k-block is in registers (the last step's since step STEPS-2). Wait for k-block
                // it + 1 (groups complete in order; STAGES + it were committed), then refill the stage just read with
                // k-block it + STAGES: after the barrier no warp reads it any more.
                asm volatile("cp.async.wait_group %0;\n" ::"n"(GEMM_STAGES - 2) : "memory");
                __syncthreads();
                const double* na = sA + (readStage + 1 == GEMM_STAGES ? 0 : readStage + 1) * GEMM_ASTAGE;
                const double* nb = sB + (readStage + 1 == GEMM_STAGES ? 0 : readStage + 1) * GEMM_BSTAGE;
                loadFrags(af[(ks + 1) % 2], bf[(ks + 1) % 2], na, nb, 0); // unused after the last k-block
                if (it + GEMM_STAGES < nk) {
                    copyA((double*)a, kbBegin + it + GEMM_STAGES);
                    copyB((double*)b, kbBegin + it + GEMM_STAGES);
                }
                gemm_cp_commit();
            } else {
                loadFrags(af[(ks + 1) % 2], bf[(ks + 1) % 2], a, b, (ks + 1) * GEMM_MMA_K);
            }
            KT_UNROLL
            for (int i = 0; i < GEMM_TM; ++i)
                KT_UNROLL
                for (int j = 0; j < GEMM_TN; ++j) gemm_mma(acc[i][j], af[ks % 2][i], bf[ks % 2][j]);
        }
        readStage = readStage + 1 == GEMM_STAGES ? 0 : readStage + 1;
    }
)");
    }
    s << R"(
    // Where accumulator r of MMA tile (i, j) lies in the warp's slab i (the MMA's m rows of its tile): row g + 8 (r / 2),
    // column 8 j + 2 t + r % 2 (m8: r < 2); with 16-byte loads MMA row g + 8 e is row 2 g + e of the slab, and MMA
    // tile j's column c is column 2 c + j % 2 of the 16 columns of tiles j / 2. Both stores below use it.
#if GEMM_LDS128
#define GEMM_FRAG_ROW(r) (2 * g + ((r) >> 1))
#define GEMM_FRAG_COL(j, r) (((j) >> 1) * 16 + 4 * t + 2 * ((r) & 1) + ((j) & 1))
#else
#define GEMM_FRAG_ROW(r) (g + 8 * ((r) >> 1))
#define GEMM_FRAG_COL(j, r) ((j) * 8 + 2 * t + ((r) & 1))
#endif
#if GEMM_CSTAGE
    // Store through shared memory. In the MMA's fragment layout a warp's access to C touches 32 sectors of 32 bytes
    // for 256 bytes (one 8-byte element per lane and sector): at k = 64 the kernel was bound by L2 at 88% with DRAM
    // at 20% (H200 2026-11-28 run AC). Instead each warp writes one slab (the MMA's m rows of its tile) into its own
    // part of the ring, then reads it back along rows, consecutive lanes on consecutive columns of C: whole sectors.
    asm volatile("cp.async.wait_all;\n" ::: "memory");
    __syncthreads(); // every warp is done with the ring (and no copy into it is in flight) before it holds C
    double* const slab = gemm_shared + warp * (GEMM_MMA_M * (GEMM_WN + 1));
    KT_UNROLL
    for (int i = 0; i < GEMM_TM; ++i) {
        KT_UNROLL
        for (int j = 0; j < GEMM_TN; ++j)
            KT_UNROLL
            for (int r = 0; r < GEMM_CREG; ++r) {
                slab[GEMM_FRAG_ROW(r) * (GEMM_WN + 1) + GEMM_FRAG_COL(j, r)] = acc[i][j][r];
            }
        __syncwarp();
        // GEMM_CBATCH elements of a lane at a time, their reads of C (beta != 0) issued together before their writes:
        // one element at a time, each read waited for the write before it (the compiler cannot prove two elements
        // apart for every ldc), a memory latency per element.
        KT_UNROLL
        for (int e0 = 0; e0 < GEMM_MMA_M * GEMM_WN; e0 += 32 * GEMM_CBATCH) {
            double v[GEMM_CBATCH];
            KT_UNROLL
            for (int q = 0; q < GEMM_CBATCH; ++q) {
                const int e = e0 + 32 * q + lane, row = e / GEMM_WN, col = e % GEMM_WN;
                const int gi = bm * GEMM_ML + wmBase + i * GEMM_MMA_M + row, gj = bn * GEMM_NL + wnBase + col;
                v[q] = alpha * slab[row * (GEMM_WN + 1) + col];
                if (beta != 0.0 && GEMM_STORES(gi, gj)) v[q] += beta * C[(size_t)offC + (size_t)gi * ldc + gj];
            }
            KT_UNROLL
            for (int q = 0; q < GEMM_CBATCH; ++q) {
                const int e = e0 + 32 * q + lane, row = e / GEMM_WN, col = e % GEMM_WN;
                const int gi = bm * GEMM_ML + wmBase + i * GEMM_MMA_M + row, gj = bn * GEMM_NL + wnBase + col;
                if (GEMM_STORES(gi, gj)) C[(size_t)offC + (size_t)gi * ldc + gj] = v[q];
            }
        }
        __syncwarp(); // the slab is read before the next one overwrites it
    }
#else
    // Store in the fragment layout, each thread its own accumulators.
    KT_UNROLL
    for (int i = 0; i < GEMM_TM; ++i)
        KT_UNROLL
        for (int j = 0; j < GEMM_TN; ++j)
            KT_UNROLL
            for (int r = 0; r < GEMM_CREG; ++r) {
                const int gi = bm * GEMM_ML + wmBase + i * GEMM_MMA_M + GEMM_FRAG_ROW(r);
                const int gj = bn * GEMM_NL + wnBase + GEMM_FRAG_COL(j, r);
                if (GEMM_STORES(gi, gj)) {
                    const size_t o = (size_t)offC + (size_t)gi * ldc + gj;
                    C[o] = beta == 0.0 ? alpha * acc[i][j][r] : alpha * acc[i][j][r] + beta * C[o];
                }
            }
#endif
#undef GEMM_FRAG_ROW
#undef GEMM_FRAG_COL
}
)";
    return s.str();
}

} // namespace kt::gemm
