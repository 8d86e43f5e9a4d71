// What the generated tables (ktp_generated.inc) and the runtime share: a BLAS call, the execution context a plan
// launches through, and the tables of programs, variants, plans and dispatch rules.
#pragma once
#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <string>

namespace ktp {

// Routines and their vocabulary, as in KernelTune's core/model/blas_call.hpp.
enum class Routine { Gemm, GemmBatchedStrided, GemmBatched, Transpose, Symm, Syrk, Syr2k, Trmm, Symv, Dot };
enum class Order { RowMajor, ColMajor };
enum Role { kInput, kOutput, kInOut, kWorkspace };
enum ImageType { kImageFloat32, kImageUInt32, kImageUInt16 };

struct Call {
    Routine routine = Routine::Gemm;
    bool f64 = false;
    Order order = Order::ColMajor;
    int opA = 0, opB = 0, side = 0, uplo = 0, diag = 0; // 0: N / Left / Lower / NonUnit, 1: T / Right / Upper / Unit
    std::int64_t m = 0, n = 0, k = 0;
    // The three operands are A, B, C; a vector routine's are A, x, y (SYMV) with their increments.
    std::int64_t lda = 0, ldb = 0, ldc = 0, offa = 0, offb = 0, offc = 0, incx = 1, incy = 1;
    std::int64_t batch = 1, stridea = 0, strideb = 0, stridec = 0;
    // Pointer-array batches (GemmBatched): each problem's element offsets into A, B, C (added to offa, offb, offc),
    // `batch` of each, checked non-negative; the plans read the largest (maxpa, …) and upload them as buffers PA, PB,
    // PC (KernelTune's BatchOffsets).
    const long long* poffsets[3] = {nullptr, nullptr, nullptr};
    std::int64_t maxpa = 0, maxpb = 0, maxpc = 0;
    double alpha = 1, beta = 0;
    // 1 when A's and B's storage starts 16-byte aligned (every allocation does; a device pointer into the middle of
    // one may not): plans run their exact-fit programs only then (KernelTune's plan input "aligned").
    std::int64_t aligned = 1;
};

struct Arg {
    enum Kind { Int, Real, Buffer, Image } kind = Int;
    std::int64_t value = 0; // Int: the value; Buffer, Image: the plan's buffer index
    double real = 0;
    int channels = 4;
    ImageType imageType = kImageFloat32;
    std::int64_t texels = 0;
    static Arg integer(std::int64_t v) { return {Int, v}; }
    static Arg scalar(double v) { return {Real, 0, v}; }
    static Arg buffer(int index) { return {Buffer, index}; }
    static Arg image(int index, std::int64_t texels, int channels, ImageType type) {
        return {Image, index, 0, channels, type, texels};
    }
};

// Implemented by a backend for one call; the generated plan functions drive it. Every method returns 0 or a
// ktp_status (the plan function returns it at once).
class Exec {
public:
    virtual ~Exec() = default;
    Call call;
    virtual int fail(const char* message) = 0; // a plan check failed: KTP_UNSUPPORTED with the plan's message
    // Declares buffer `index` of the plan. A, B and C are the caller's operands (their size is checked, or on host
    // memory they are uploaded); a workspace is allocated (and kept for the next call).
    virtual int buffer(int index, const char* name, Role role, std::int64_t elements, bool int32) = 0;
    // `perCall`: the program's per-call options with this call's values ("-DBATCHED_M=7 -DBATCHED_N=5 …", appended
    // to its fixed ones; the program is compiled and cached per distinct text), nullptr for a program compiled once.
    virtual int launch(int program, const char* kernel, const std::int64_t global[3], const std::int64_t local[3],
                       std::initializer_list<Arg> args, const char* perCall) = 0;
};

using PlanFunction = int (*)(Exec&);

// Helpers the generated expressions call (KernelTune's expression functions).
template <class... T> inline std::int64_t fnMin(T... v) { return std::min({std::int64_t(v)...}); }
template <class... T> inline std::int64_t fnMax(T... v) { return std::max({std::int64_t(v)...}); }
inline std::int64_t fnLog2(std::int64_t v) {
    std::int64_t r = -1;
    while (v > 0) v >>= 1, ++r;
    return r;
}
inline std::int64_t fnIsPow2(std::int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

struct ProgramEntry {
    const char* source;
    const char* options; // space-separated
    const char* name;    // the file under kernels/ in the package
    const char* perCall; // options evaluated per call ("-DBATCHED_M=${m} …"; "" for none), for messages
};

struct VariantEntry {
    int family;        // index into kFamilies
    const char* point; // KernelTune point key
};

// One plan: runs calls of `routine`/precision in `order` with these op/side/uplo/diag values for a variant.
struct PlanEntry {
    int variant;
    Routine routine;
    bool f64;
    Order order;
    int opA, opB, side, uplo, diag;
    PlanFunction run;
};

using SelectFunction = int (*)(const std::int64_t* dims); // size dimensions -> variant index
// A rule given to the export: size dimensions and the call's dispatch kind ("" for the main kind) -> variant index,
// -1 where the rule cannot choose.
using RuleSelectFunction = int (*)(const std::int64_t* dims, const char* kind);

struct FamilyEntry {
    const char* name;
    int dimCount;
    const char* dims[4]; // names of the size dimensions, read from the call (m, n, k, batch)
    SelectFunction select;
    int generic; // the variant used on a device the package was not tuned on
    // Pointer-array batches (Routine::GemmBatched, KernelTune's dispatch kind "pointers"): the exact entry of the
    // family's pointers table, -1 for a size it lacks (then `select`); nullptr when the family has none.
    SelectFunction selectPointers;
    // The rule given to `ktune export --rule` (KernelTune's RuleChooser), before `select` and `selectPointers` on the
    // tuned device; nullptr when the family has none.
    RuleSelectFunction selectRule;
};

} // namespace ktp

// The tables of this package (ktp_generated.cpp, written by `ktune export`).
namespace ktp::gen {
extern const char* const kDeviceName; // the device the package was tuned on
extern const char* const kDeviceVendor;
extern const char* const kDeviceBackend; // "opencl" or "cuda"
extern const char* const kRoutines;      // "sgemm dgemm"
extern const ProgramEntry kPrograms[];
extern const int kProgramCount;
extern const VariantEntry kVariants[];
extern const int kVariantCount;
extern const PlanEntry kPlans[];
extern const int kPlanCount;
extern const FamilyEntry kFamilies[];
extern const int kFamilyCount;
} // namespace ktp::gen
