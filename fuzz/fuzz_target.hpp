// What every fuzz target shares: the libFuzzer entry point, and the rule that a refused input is a thrown
// std::exception with a message (bad input gets a clear message); anything else — a crash, a sanitizer report, a
// hang past libFuzzer's timeout, an exception of another type, an empty message — is a finding.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <string>

#define KT_FUZZ_TARGET(body)                                                                                           \
    extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {                                \
        const std::string input(reinterpret_cast<const char*>(data), size);                                            \
        try {                                                                                                          \
            body(input);                                                                                               \
        } catch (const std::exception& e) {                                                                            \
            if (std::string(e.what()).empty()) std::abort(); /* a refusal must say why */                              \
        }                                                                                                              \
        return 0;                                                                                                      \
    }
