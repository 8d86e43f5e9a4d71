// The outcome of measuring one candidate (parameter point) at one problem size on one device.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace kt {

enum class MeasurementStatus { Ok, CompileError, LaunchError, WrongResult, Timeout, WorkerCrash, Skipped };
std::string toString(MeasurementStatus status);
MeasurementStatus measurementStatusFromString(const std::string& text);

// Problem size: one to three dimensions (SYMV {n}; GEMM {m, n, k}; batched {n, batch}).
struct ProblemSize {
    std::vector<std::int64_t> dims;
    std::string label() const; // "4096" or "256x256x128"
    bool operator==(const ProblemSize&) const = default;
    auto operator<=>(const ProblemSize&) const = default;
};

struct Measurement {
    std::string deviceId;
    std::string family;
    std::string pointKey;
    ProblemSize size;
    MeasurementStatus status = MeasurementStatus::Ok;
    std::vector<double> timesMs; // every timed repetition (device events)
    double medianMs = 0;
    double minMs = 0;
    double spreadMs = 0; // interquartile range
    double value = 0;    // GFlop/s or GB/s from the median
    double maxError = 0; // from verification
    std::string error;   // compiler log, launch error, verification message…
    double compileMs = 0;
};

} // namespace kt
