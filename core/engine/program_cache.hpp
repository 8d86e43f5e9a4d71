// Compiled programs of one device, keyed by what determines them (source text, options, device, driver), so that
// the measurer, the plans' extra programs (copy kernels) and the routines build each program once. Thread-safe:
// concurrent requests for the same program wait for one build (parallel compilation builds different ones).
#pragma once
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "core/engine/kernel_plan.hpp"

namespace kt {

class ProgramCache {
public:
    struct Entry {
        std::shared_ptr<Program> program; // null when the build failed
        std::string error;                // summary and compiler log on failure
        double compileMs = 0;
    };

    explicit ProgramCache(Device& device) : m_device(device) {}

    // The program built from `source` (built now unless cached or being built by another thread). Never throws.
    std::shared_ptr<const Entry> entry(const GeneratedSource& source);
    // As entry(), but a failed build throws BuildError with the compiler log.
    std::shared_ptr<Program> program(const GeneratedSource& source);

    std::size_t size() const;
    std::size_t hits() const;
    Device& device() const { return m_device; }
    // The cache key of `source` on this device (hex of a 64-bit hash of source, options, device id and driver).
    std::string key(const GeneratedSource& source) const;

private:
    Device& m_device;
    mutable std::mutex m_mutex;
    std::map<std::string, std::shared_future<std::shared_ptr<const Entry>>> m_entries;
    std::size_t m_hits = 0;
};

} // namespace kt
