// The outcome of checking one candidate's output against the reference: the verdict and the worst errors.
#pragma once
#include <string>

namespace kt {

struct VerifyResult {
    bool ok = false;
    double maxAbsError = 0;
    double maxRelError = 0;
    std::string message; // e.g. "C[17,3] = 2.5 expected 3.0 (rel 0.17 > tol 1e-4)"
};

} // namespace kt
