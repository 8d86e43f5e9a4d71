// A kernel family is a description, not a program (as CLBlast's tuners and Kernel Tuner's problems are):
// its parameters and constraints, how to generate source for a point, problem sizes, the work per size, and how
// to run and verify one compiled candidate. The engine, CLI and GUI handle every family through this interface.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/engine/backend.hpp"
#include "core/engine/measurement.hpp"
#include "core/model/precision.hpp"
#include "core/space/parameter_space.hpp"

namespace kt {

enum class Metric { GFlops, GBs };
std::string toString(Metric metric); // "GFlop/s" / "GB/s"

// Everything needed to compile one candidate. Deterministic in (point, device): the compile cache keys on it.
struct GeneratedSource {
    std::string source;               // complete text, dialect preamble included
    std::vector<std::string> options; // "-DNAME=VALUE" defines
    std::vector<std::string> kernels; // kernel names the candidate launches
};

struct VerifyResult {
    bool ok = false;
    double maxAbsError = 0;
    double maxRelError = 0;
    std::string message; // e.g. "C[17,3] = 2.5 expected 3.0 (rel 0.17 > tol 1e-4)"
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
    // Known-good starting points that do not depend on measurements of this device (e.g. the papers' fastest
    // kernels). Strategies measure them first when a run asks for a warm start (TuningConfig::warmStart).
    virtual std::vector<Point> seedPoints(const DeviceInfo& device) const { return {}; }
    // Internal families (engine self-tests) are hidden from the GUI's family pages and `ktune families`.
    virtual bool internal() const { return false; }

    virtual GeneratedSource generate(const Point& point, const DeviceInfo& device) const = 0;
    virtual std::unique_ptr<CandidateRun> instantiate(Device& device, const Point& point, Program& program) const = 0;
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
