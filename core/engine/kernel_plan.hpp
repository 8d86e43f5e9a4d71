// A kernel plan: what one candidate (or one routine call) launches, as data rather than code, in the manner of
// CLBlast's tuner records. The programs to build, the buffers by role, the kernels in order with their global and
// local sizes and their arguments, all sizes as integer expressions (core/space/expression.hpp syntax) over the
// plan's input variables. One generic executor (plan_executor.hpp) runs any plan for tuning, verification, the
// bench and the routines; the export emits the same expressions as C.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/engine/backend.hpp"
#include "core/model/precision.hpp"

namespace kt {

// Everything needed to compile one program. Deterministic in (point, device): the program cache keys on it.
struct GeneratedSource {
    std::string source;               // complete text, dialect preamble included
    std::vector<std::string> options; // "-DNAME=VALUE" defines; VALUE "${expr}": per call, see kernel_plan.cpp
    std::vector<std::string> kernels; // kernel names the program holds that the plan launches
    // Relative compile time, as the generator estimates it (e.g. the multiply-adds its unrolled loops hold): a batch
    // is compiled most expensive first, so one slow program does not start last and hold the batch up alone.
    double compileCost = 1;
};

// A derived variable: `name` = `expression` over the inputs and the variables declared before it.
struct PlanVariable {
    std::string name;
    std::string expression;
};

// A real scalar the caller binds; a tuning run (PlanRun) passes `tuningValue`.
struct PlanScalar {
    std::string name;
    double tuningValue = 1;
};

// A condition every bound size must meet (non-zero); `message` says what it means when it fails.
struct PlanCheck {
    std::string expression;
    std::string message;
};

enum class BufferRole {
    Input,     // read by the plan: random data in a tuning run, the caller's operand in a routine
    Output,    // written by the plan: poisoned (NaN) before a tuning run, so an unwritten element is caught
    InOut,     // read and written (C of GEMM with beta): random data, restored before every timed run
    Workspace, // the plan's own scratch memory (packed operands, split-K slices): allocated by the executor
};
enum class ElementType { Real, Int32 }; // Real: float or double by the plan's precision

struct PlanBuffer {
    std::string name;
    BufferRole role = BufferRole::Input;
    std::string elements; // expression: the element count
    ElementType type = ElementType::Real;
};

// One kernel argument. Int: a 32-bit integer expression. Real: a scalar bound by the caller ("alpha") or a
// literal ("0"), passed in the plan's precision. Buffer: the named buffer. Image: a read-only 1-D image view of the
// named buffer (kt::ImageView) with `texels` (an expression) of `channels` x `channelType`.
struct PlanArg {
    enum class Kind { Int, Real, Buffer, Image };
    Kind kind = Kind::Int;
    std::string text;
    int channels = 4;
    ImageChannelType channelType = ImageChannelType::Float32;
    std::string texels;

    static PlanArg integer(std::string expression) { return make(Kind::Int, std::move(expression)); }
    static PlanArg real(std::string scalarOrLiteral) { return make(Kind::Real, std::move(scalarOrLiteral)); }
    static PlanArg buffer(std::string name) { return make(Kind::Buffer, std::move(name)); }
    static PlanArg image(std::string buffer, std::string texels, int channels, ImageChannelType type) {
        PlanArg a = make(Kind::Image, std::move(buffer));
        a.channels = channels, a.channelType = type, a.texels = std::move(texels);
        return a;
    }

private:
    static PlanArg make(Kind kind, std::string text) {
        PlanArg a;
        a.kind = kind, a.text = std::move(text);
        return a;
    }
};

enum class LaunchPhase {
    Setup, // once after the inputs are in place, untimed (e.g. packing operands into a kernel's layout)
    Reset, // before every timed run, untimed (e.g. restoring an InOut buffer from its saved copy)
    Timed, // the measured work
};

struct PlanLaunch {
    std::size_t program = 0; // index into KernelPlan::programs
    std::string kernel;
    std::array<std::string, 3> global{"1", "1", "1"}; // work-items per dimension (OpenCL NDRange semantics)
    std::array<std::string, 3> local{"1", "1", "1"};
    std::vector<PlanArg> args;
    LaunchPhase phase = LaunchPhase::Timed;
    // Launched only where this integer expression is non-zero for the bound inputs (empty: always). One plan can
    // then hold the programs of several cases and run the one a call needs: the tuning candidate times exactly what
    // the routine and the exported package run for that size (GEMM's exact-fit program, gemm_plan.hpp).
    std::string when;
    // The launch may start before the launch enqueued just before it (in the same phase) has finished: its kernel
    // itself waits for the previous grid (KT_WAIT_FOR_PREVIOUS_GRID in kernels/common/preamble.cl) before it touches
    // anything that grid writes, and may do everything else (loads, products) while that grid still runs. Only a
    // hint: backends without such launches (OpenCL, CUDA below sm_90, a driver without cuLaunchKernelEx) launch it
    // plainly, where the wait costs nothing. The first launch enqueued of a phase never overlaps (whatever ran
    // before it, a transfer or another phase, is not the plan's to relax).
    bool overlapsPrevious = false;
};

struct KernelPlan {
    Precision precision = Precision::F32;
    std::vector<std::string> inputs;     // integer variables the caller binds: sizes ("m", "n", "k"), ld, offsets
    std::vector<PlanScalar> scalars;     // real scalars the caller binds ("alpha", "beta")
    std::vector<PlanVariable> variables; // derived integers, in order of evaluation
    std::vector<PlanCheck> checks;
    std::vector<GeneratedSource> programs; // programs[0] is the candidate's own (Family::generate)
    std::vector<PlanBuffer> buffers;
    std::vector<PlanLaunch> launches;

    const PlanBuffer* findBuffer(const std::string& name) const;
    // The index of `program` in programs, appended unless an identical one (text and options) is there already.
    std::size_t addProgram(const GeneratedSource& program);
    // Declares a buffer unless one of that name exists (plan builders that share a workspace call it twice).
    void addBuffer(const PlanBuffer& buffer);
    // A readable listing (`ktune source --plan`): variables, buffers, and each launch with its geometry and arguments.
    std::string describe() const;
    // Empty when the plan is consistent (launches name existing programs, kernels and buffers; expressions parse and
    // read only declared names); otherwise the first problem found.
    std::string invalidReason() const;
};

// The "${expr}" placeholders of one program option (per-call options, see kernel_plan.cpp), in order. Scanning
// resumes after each '}' and stops at a "${" without '}': `unterminatedAt` is then its position (npos otherwise).
// The one reader of the syntax: the plan check, the executor, the export's package model and emitter use it.
struct OptionPlaceholder {
    std::string expression; // the text between "${" and '}', not parsed
    std::size_t begin = 0;  // position of the '$'
    std::size_t end = 0;    // one past the '}'
};
struct OptionPlaceholders {
    std::vector<OptionPlaceholder> placeholders;
    std::size_t unterminatedAt = std::string::npos;
    bool unterminated() const { return unterminatedAt != std::string::npos; }
    // Whether the option is per call at all (holds "${", closed or not).
    bool perCall() const { return !placeholders.empty() || unterminated(); }
};
OptionPlaceholders optionPlaceholders(const std::string& option);

// Whether `text` is a real literal ("0", "-0.5", "1e-3") of a PlanArg::Kind::Real argument; its value in `value`.
bool parseRealLiteral(const std::string& text, double& value);

// Formatting helpers for plan expressions.
std::string roundUpExpr(const std::string& value, std::int64_t block); // smallest multiple of block >= value, >= block
std::string ceilDivExpr(const std::string& value, std::int64_t divisor);

} // namespace kt
