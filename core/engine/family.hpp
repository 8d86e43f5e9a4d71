// A kernel family is a description, not a program (as CLBlast's tuners and Kernel Tuner's problems are):
// its parameters and constraints, how to generate source for a point, problem sizes, the work per size, and how
// to run and verify one compiled candidate. The engine, CLI and GUI handle every family through this interface.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/engine/backend.hpp"
#include "core/engine/kernel_plan.hpp"
#include "core/engine/routine.hpp"
#include "core/model/blas_call.hpp"
#include "core/model/measurement.hpp"
#include "core/model/precision.hpp"
#include "core/model/verify_result.hpp"
#include "core/space/parameter_space.hpp"

namespace kt {

enum class Metric { GFlops, GBs };
std::string toString(Metric metric); // "GFlop/s" / "GB/s"

class ProgramCache;
class Routine;
struct PlanData;

// How a bench (app/bench) measures a family beside the vendor library; data only, so the bench names no family.
struct BenchDescription {
    // The routine's variants the bench runs at every size ("nn", "nt", … for GEMM's op types; later side, uplo).
    // A single "" means the routine is the tuning candidate itself.
    std::vector<std::string> variants{""};
    std::string variantLabel = "variant"; // column title of the variants ("op")
    // When the routine is more than the candidate: the column for the candidate alone ("tn_kernel"), else empty.
    std::string kernelColumn;
    std::string note; // what the figures mean, for the JSON ("column-major C = op(A) op(B)…")
};

// One compiled candidate bound to a device; created by Family::instantiate on the device's thread.
class CandidateRun {
public:
    virtual ~CandidateRun() = default;
    // Allocates and uploads inputs for `size` (fresh random data from `seed`, never zeros) and poisons outputs.
    virtual void prepare(const ProblemSize& size, std::uint64_t seed) = 0;
    // One execution of the candidate (possibly several kernels); device time in ms.
    virtual double run() = 0;
    // Compares the output of the last run() with the host reference (OpenBLAS/CBLAS or exact host code).
    virtual VerifyResult verify() = 0;
};

class Family {
public:
    virtual ~Family() = default;
    virtual std::string name() const = 0;        // "copy", "gemm", "symv" — used on the CLI and in the store
    virtual std::string title() const = 0;       // "Tiled matrix copy" (GUI, translatable by the GUI)
    virtual std::string description() const = 0; // a paragraph for the GUI
    virtual Metric metric() const = 0;
    // Bump when generated kernels change meaning or speed, so stored measurements of older kernels are not reused.
    virtual int version() const { return 1; }
    virtual std::vector<std::string> sizeDimensions() const = 0; // {"n"} or {"m","n","k"}

    // The default space with device-dependent constraints filled in for `device`.
    virtual ParameterSpace space(const DeviceInfo& device) const = 0;
    // The constraints that say what the device must be able to do for a point to run (fp64, images, 64-bit atomics,
    // tensor cores of a compute capability), as opposed to the kernel's shape. space() holds them; they are added to
    // every space a user gives (a --space file, a preset, the GUI's edited space: core/engine/device_requirements.hpp)
    // and checked on points given by key, since those spaces describe kernels, not devices. None by default.
    virtual std::vector<Constraint> deviceRequirements() const { return {}; }
    // Named presets (JSON text of a ParameterSpace); the first is the default.
    virtual std::vector<std::string> presetNames() const { return {}; }
    virtual std::vector<ProblemSize> defaultSizes(const DeviceInfo& device) const = 0;
    // The precision of the family's data: which compute peak bounds it (core/engine/family_bound.hpp).
    virtual Precision precision() const = 0;
    // Floating-point operations of one execution at `size` (0 for pure data movement).
    virtual double flops(const ProblemSize& size) const = 0;
    // Bytes a perfect kernel must move for one execution at `size`: every operand read once, every output written
    // once. With flops() it places the family on the roofline: bound by bandwidth x flops/bytes or by the peak.
    virtual double bytes(const ProblemSize& size) const = 0;
    // What the metric divides by the time: flops() for GFlop/s families, bytes() for GB/s ones.
    double work(const ProblemSize& size) const { return metric() == Metric::GFlops ? flops(size) : bytes(size); }
    // Whether the candidate can run this size at all (e.g. size limits of batched kernels).
    virtual bool supports(const Point& point, const ProblemSize& size) const { return true; }
    // As supports(), knowing the device as well (limits such as image sizes); the engine asks this one.
    virtual bool supportsOn(const Point& point, const ProblemSize& size, const DeviceInfo& device) const {
        return supports(point, size);
    }
    // Why supportsOn() refuses (empty when it does not), stored with the skipped measurement. Families that know
    // the limit that bites override it (and make supportsOn() its emptiness).
    virtual std::string unsupportedReason(const Point& point, const ProblemSize& size, const DeviceInfo& device) const {
        return supportsOn(point, size, device) ? std::string() : "not supported by this candidate";
    }
    // Known-good starting points that do not depend on measurements of this device (e.g. the papers' fastest
    // kernels). Strategies measure them first when a run asks for a warm start (TuningConfig::warmStart).
    virtual std::vector<Point> seedPoints(const DeviceInfo& device) const { return {}; }
    // Families whose stored winners on the same device are valid points here too (a BLAS3 routine's TN kernel is a
    // GEMM point): a warm start measures their best stored points, adapted to this family's space or skipped, before
    // seedPoints() (core/engine/stored_seeds.hpp says which and in what order).
    virtual std::vector<std::string> seedFamilies() const { return {}; }
    // Internal families (engine self-tests) are hidden from the GUI's family pages and `ktune families`.
    virtual bool internal() const { return false; }

    // The kernels of a candidate as data (kernel_plan.hpp): its inputs are sizeDimensions(), its first program is
    // the candidate's own. A family that has a plan needs nothing else to run: generate(), instantiate() and the
    // export follow from it, and verify() checks a run's outputs on the host. nullopt: the family runs its own
    // CandidateRun (it then overrides generate() and instantiate()).
    virtual std::optional<KernelPlan> plan(const Point& point, const DeviceInfo& device) const { return std::nullopt; }
    // Compares the outputs of a plan run with the host reference (OpenBLAS/CBLAS or exact host code).
    virtual VerifyResult verify(const PlanData& data) const;

    // The bench: variants, the BLAS call each variant makes (the vendor peer makes the same one, and the host
    // reference checks both), and the family's routine on device operands for a point (nullptr: the candidate
    // itself is what the bench runs, on its own random data).
    virtual BenchDescription benchDescription() const { return {}; }
    virtual std::optional<blas::BlasCall> benchCall(const std::string& variant, const ProblemSize& size) const {
        return std::nullopt;
    }
    virtual std::unique_ptr<Routine> makeRoutine(Device& device, ProgramCache& programs, const Point& point) const;
    // The problem size of a call, in this family's size dimensions (where a tuned routine looks up its point). By
    // default each dimension named m, n, k or batch takes that field of the call (batch: batchCount).
    virtual ProblemSize callSize(const blas::BlasCall& call) const;
    // Kinds of calls a dispatch rule may hold tables of their own for, beside the main one (batched GEMM:
    // "pointers", its pointer-array batches), and the kind of a call ("" for the main one). A rule's table for
    // another kind is refused (core/engine/point_chooser.hpp); none by default.
    virtual std::vector<std::string> dispatchKinds() const { return {}; }
    virtual std::string dispatchKind(const blas::BlasCall& call) const { return {}; }
    // The routine of a point as data (core/engine/routine.hpp): one plan per call shape the routine serves. The
    // exported package launches these and nothing else; empty when the family has no routine to export.
    virtual std::vector<RoutinePlan> routinePlans(const Point& point, const DeviceInfo& device) const { return {}; }
    // A point key given by a user (--point, a rule's candidate) as a point of this family; std::invalid_argument
    // says what is wrong. By default every parameter of the device's space must be given.
    virtual Point pointFromKey(const std::string& key, const DeviceInfo& device) const;

    // The candidate's own program: by default the plan's first.
    virtual GeneratedSource generate(const Point& point, const DeviceInfo& device) const;
    // The candidate bound to a device; its programs come from `programs` (the candidate's own is built there
    // already). By default a PlanRun of plan().
    virtual std::unique_ptr<CandidateRun> instantiate(Device& device, const Point& point,
                                                      ProgramCache& programs) const;
};

// Sizes given with one number for a family with several size dimensions mean a cube (n → n×n×n); any other
// mismatch throws std::invalid_argument naming the size and the family's dimensions.
std::vector<ProblemSize> normaliseSizes(const Family& family, std::vector<ProblemSize> sizes);

// Families register themselves by name; kernels/ registers the built-in ones in registerBuiltinFamilies().
class FamilyRegistry {
public:
    static FamilyRegistry& instance();
    void add(std::shared_ptr<const Family> family); // replaces one with the same name
    std::shared_ptr<const Family> find(const std::string& name) const; // nullptr when unknown
    std::vector<std::shared_ptr<const Family>> all() const;            // sorted by name

private:
    std::vector<std::shared_ptr<const Family>> m_families;
};

} // namespace kt
