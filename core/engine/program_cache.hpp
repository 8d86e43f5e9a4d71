// Compiled programs of one device, keyed by what determines them (source text, options, device, driver), so that
// the measurer, the plans' extra programs (copy kernels) and the routines build each program once. Thread-safe:
// concurrent requests for the same program wait for one build (parallel compilation builds different ones).
#pragma once
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "core/engine/compile_timeline.hpp"
#include "core/engine/image_compiler.hpp"
#include "core/engine/image_store.hpp"
#include "core/engine/kernel_plan.hpp"

namespace kt {

class ProgramCache {
public:
    struct Entry {
        std::shared_ptr<Program> program; // null when the build failed
        std::string error;                // summary and compiler log on failure
        double compileMs = 0;
        // Where compileMs went, for devices with separable compilation (Device::imageTarget): getting the image
        // (compiling it, or reading it from disk when fromDisk) and loading it onto the device.
        double imageMs = 0, loadMs = 0;
        bool fromDisk = false;
    };

    explicit ProgramCache(Device& device) : m_device(device) {}

    // The program built from `source` (built now unless cached or being built by another thread). Never throws.
    std::shared_ptr<const Entry> entry(const GeneratedSource& source);
    // The entry of a program already built (or being built: waits for it) without counting a hit; builds it when
    // unknown, like entry().
    std::shared_ptr<const Entry> built(const GeneratedSource& source);
    // As entry(), but a failed build throws BuildError with the compiler log.
    std::shared_ptr<Program> program(const GeneratedSource& source);

    // Where images come from on devices with separable compilation: `compiler` (worker processes) instead of the
    // calling thread when given, and `store` (the on-disk cache) first when given. Call before the first entry().
    void useImages(std::shared_ptr<ImageCompiler> compiler, std::shared_ptr<const ImageStore> store);
    // The tuning engine's choice: compile workers running `<compilerExecutable> compile-worker` (the calling threads
    // when empty) and the on-disk cache where the environment has one (ImageStore::fromEnvironment()).
    void useImageDefaults(const std::string& compilerExecutable);
    // True when programs compile in other processes (a compiler crash cannot take this one down).
    bool compilesInOtherProcesses() const { return m_compiler && !m_device.imageTarget().empty(); }
    // Records every program built from now on in `timeline` (compile-bench's per-program timeline). Like useImages,
    // call it while no program is being built.
    void recordTimeline(std::shared_ptr<CompileTimeline> timeline) { m_timeline = std::move(timeline); }
    CompileTimeline* timeline() const { return m_timeline.get(); }

    // Sums over the programs built so far (compile-bench reports where the time went).
    struct Totals {
        std::size_t programs = 0, failed = 0, fromDisk = 0;
        double compileMs = 0, imageMs = 0, loadMs = 0;
    };
    Totals totals() const;

    std::size_t size() const;
    std::size_t hits() const;
    Device& device() const { return m_device; }
    // The cache key of `source` on this device (hex of a 64-bit hash of source, options, device id and driver).
    std::string key(const GeneratedSource& source) const;

private:
    // `event` (may be null) gets the stamps of the hand-out, the compile and the receipt.
    void build(const GeneratedSource& source, Entry& built, CompileEvent* event);
    ProgramImage compileImage(const std::string& target, const GeneratedSource& source, CompileEvent* event);

    Device& m_device;
    std::shared_ptr<ImageCompiler> m_compiler;
    std::shared_ptr<const ImageStore> m_store;
    std::shared_ptr<CompileTimeline> m_timeline;
    mutable std::mutex m_mutex;
    std::map<std::string, std::shared_future<std::shared_ptr<const Entry>>> m_entries;
    std::size_t m_hits = 0;
};

} // namespace kt
