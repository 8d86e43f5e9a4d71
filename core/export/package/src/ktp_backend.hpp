// What the OpenCL and CUDA backends of the package share: binding a plan's buffers to the caller's operands (device
// entries), to uploads of host operands (host entries) or to the plan's workspaces, and the loop that runs the first
// candidate plan that works. Each backend supplies its memory handle (`cl_mem`, `CUdeviceptr`) and four operations.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "ktp_internal.hpp"

namespace ktp {

template <class Mem> class BackendExec : public Exec {
public:
    // Device entries: the caller's memory of operands A, B, C (operandIndex). Host entries: host pointers, uploaded
    // when the plan declares them; `uploads` holds them for the whole call (kept across candidates).
    Mem operand[3] = {};
    const void* hostIn[3] = {nullptr, nullptr, nullptr};
    void* hostOut = nullptr; // C (TRMM: B)
    struct Uploaded {
        Mem mem{};
        size_t bytes = 0;
    };
    Uploaded* uploads = nullptr;
    std::string error;

    int fail(const char* message) override {
        error = message;
        return KTP_UNSUPPORTED;
    }

    int buffer(int index, const char* name, Role role, std::int64_t elements, bool int32) override {
        if (index >= int(m_buffers.size())) m_buffers.resize(std::size_t(index) + 1, Mem{});
        const size_t bytes = size_t(elements < 1 ? 1 : elements) * (int32 ? 4 : call.f64 ? 8 : 4);
        const int op = role == kWorkspace ? -1 : operandIndex(call, name);
        Mem& bound = m_buffers[std::size_t(index)];
        if (op >= 3) return offsetsBuffer(index, call.poffsets[op - 3], elements, bound);
        if (op >= 0 && !uploads) { // the caller's memory: big enough?
            const size_t have = operandBytes(op);
            if (elements > 0 && have < bytes) {
                error = std::string(name) + ": the caller's buffer or allocation holds " + std::to_string(have) +
                        " bytes from its start, the call needs " + std::to_string(bytes);
                return KTP_INVALID_ARGUMENT;
            }
            bound = operand[op];
            return KTP_SUCCESS;
        }
        if (op >= 0) { // host memory: upload the operand's extent (C too: the gaps between its rows stay intact)
            Uploaded& u = uploads[op];
            if (!u.mem || u.bytes < bytes) {
                if (u.mem) release(u.mem);
                u = {};
                if (int s = allocate(bytes, u.mem, false)) return s;
                u.bytes = bytes;
                const void* src = op == 2 ? hostOut : hostIn[op];
                if (elements > 0 && src)
                    if (int s = upload(u.mem, src, bytes)) return s;
            }
            bound = u.mem;
            return KTP_SUCCESS;
        }
        std::pair<Mem, size_t>& w = workspace(index); // kept for the plan's next call
        if (!w.first || w.second < bytes) {
            if (w.first) release(w.first);
            w = {Mem{}, 0};
            if (int s = allocate(bytes, w.first, true)) return s;
            w.second = bytes;
        }
        bound = w.first;
        return KTP_SUCCESS;
    }

protected:
    // A pointer-array batch's offsets as the kernel reads them (int: the plan's checks bound every problem's extent
    // below 2^31), in a buffer kept for the plan's next call. Written with a blocking upload: the narrowed copy is
    // gone when this returns, and the call returns without waiting for its kernels.
    int offsetsBuffer(int index, const long long* offsets, std::int64_t count, Mem& bound) {
        if (!offsets) {
            error = "a pointer-array batch without its offsets";
            return KTP_INVALID_ARGUMENT;
        }
        std::vector<std::int32_t> narrow(std::size_t(count < 1 ? 1 : count), 0);
        for (std::int64_t i = 0; i < count; ++i) narrow[std::size_t(i)] = std::int32_t(offsets[i]);
        const size_t bytes = narrow.size() * sizeof(std::int32_t);
        std::pair<Mem, size_t>& w = workspace(index);
        if (!w.first || w.second < bytes) {
            if (w.first) release(w.first);
            w = {Mem{}, 0};
            if (int s = allocate(bytes, w.first, true)) return s;
            w.second = bytes;
        }
        bound = w.first;
        return uploadNow(w.first, narrow.data(), bytes);
    }

    virtual size_t operandBytes(int op) = 0; // the size of the caller's memory of operand `op`
    // Each returns 0 or a ktp_status, with `error` set.
    virtual int allocate(size_t bytes, Mem& out, bool workspace) = 0;
    virtual int upload(Mem to, const void* from, size_t bytes) = 0;
    virtual int uploadNow(Mem to, const void* from, size_t bytes) = 0; // returns when `from` may be reused
    virtual void release(Mem m) = 0;
    virtual std::pair<Mem, size_t>& workspace(int index) = 0;

    std::vector<Mem> m_buffers; // the plan's buffers by index, as bound
};

// Runs the candidates for `call` in order until one works: `attempt(candidate, error)` runs one and returns its
// status. A build or launch failure marks the variant broken on this device (`broken`), a failed plan check (a size
// the variant does not take) moves on to the next candidate, an invalid argument or a device error stops.
template <class Attempt> int runFirstWorking(const Call& call, bool tuned, std::set<int>& broken, Attempt attempt) {
    const auto candidates = candidatesFor(call, tuned);
    if (candidates.empty())
        return setStatus(KTP_NOT_EXPORTED, "the package holds no plan for this call (routine, precision, op types)");
    int status = KTP_NOT_EXPORTED;
    std::string errors;
    for (const Candidate& cand : candidates) {
        if (broken.count(cand.plan->variant)) continue;
        std::string error;
        clearCompiledFor();
        status = attempt(cand, error);
        if (status == KTP_SUCCESS) {
            const std::string& sized = compiledFor();
            setVariant(variantName(cand.plan->variant) + (sized.empty() ? "" : " compiled for " + sized));
            return setStatus(KTP_SUCCESS);
        }
        errors += (errors.empty() ? "" : "; ") + variantName(cand.plan->variant) + ": " + error;
        if (status == KTP_BUILD_FAILED) broken.insert(cand.plan->variant);
        if (status == KTP_INVALID_ARGUMENT || status == KTP_DEVICE_ERROR) break;
    }
    return setStatus(status, errors);
}

} // namespace ktp
