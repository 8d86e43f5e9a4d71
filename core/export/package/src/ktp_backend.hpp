// What the OpenCL and CUDA backends of the package share: binding a plan's buffers to the caller's operands (device
// entries), to uploads of host operands (host entries) or to the plan's workspaces, ordering the calls of different
// queues that share a workspace, and the loop that runs the first candidate plan that works. Each backend supplies
// its handles (memory, queue, event: `cl_mem`, `cl_command_queue`, `cl_event`; `CUdeviceptr`, `CUstream`,
// `CUevent`) and the operations below.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "ktp_internal.hpp"

namespace ktp {

// A buffer a plan keeps for its next call (layout copies, split-K partial sums, pointer-array offsets), one per
// (context, plan, buffer index) and so shared by every queue or stream of the context. A call on one queue may still
// be reading it when the caller issues the next call on another queue, so each call that used it leaves an event
// after its commands (`lastUse`, on `lastQueue`) and a call on another queue makes its queue wait for that event
// before its own commands touch the workspace. One workspace per queue instead would let such calls overlap, but
// multiply the memory (a layout copy of an 8192 x 8192 operand is 512 MiB) by every queue a program ever used.
template <class Mem, class Queue, class Event> struct Workspace {
    Mem mem{};
    size_t bytes = 0;
    Queue lastQueue{};
    Event lastUse{}; // none before the first call that used it
};

template <class Mem, class Queue, class Event> class BackendExec : public Exec {
public:
    using KeptWorkspace = Workspace<Mem, Queue, Event>;
    explicit BackendExec(Queue queue) : m_queue(queue) {}

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
        return bindWorkspace(index, bytes, bound); // kept for the plan's next call
    }

    // After the plan ran (or failed after launching some of its kernels): leaves on this call's queue the event that
    // a later call on another queue waits for before it touches the workspaces this call used.
    int noteWorkspaceUses() {
        if (m_used.empty()) return KTP_SUCCESS;
        const int status = recordUse(m_used);
        m_used.clear();
        return status;
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
        if (int s = bindWorkspace(index, bytes, bound)) return s;
        return uploadNow(bound, narrow.data(), bytes); // behind the wait for another queue's last use, if any
    }

    // The plan's workspace `index` with at least `bytes`, this call's queue made to wait for its last use on another
    // queue first; grown (the old one released once its last use is done) when the call needs more.
    int bindWorkspace(int index, size_t bytes, Mem& bound) {
        KeptWorkspace& w = workspace(index);
        if (w.lastUse && w.lastQueue != m_queue)
            if (int s = waitOnQueue(w.lastUse)) return s;
        if (!w.mem || w.bytes < bytes) {
            if (w.mem) releaseAfter(w.mem, w.lastUse);
            w.mem = Mem{}, w.bytes = 0;
            if (int s = allocate(bytes, w.mem, true)) return s;
            w.bytes = bytes;
        }
        if (std::find(m_used.begin(), m_used.end(), &w) == m_used.end()) m_used.push_back(&w);
        bound = w.mem;
        return KTP_SUCCESS;
    }

    virtual size_t operandBytes(int op) = 0; // the size of the caller's memory of operand `op`
    // Each returns 0 or a ktp_status, with `error` set.
    virtual int allocate(size_t bytes, Mem& out, bool workspace) = 0;
    virtual int upload(Mem to, const void* from, size_t bytes) = 0;
    virtual int uploadNow(Mem to, const void* from, size_t bytes) = 0; // returns when `from` may be reused
    virtual void release(Mem m) = 0;
    virtual KeptWorkspace& workspace(int index) = 0;
    // Makes this call's queue wait for `event` (a call on another queue) before its next command.
    virtual int waitOnQueue(Event event) = 0;
    // Releases a workspace being replaced by a larger one once `lastUse` (may be none) is done.
    virtual void releaseAfter(Mem m, Event lastUse) = 0;
    // Records, after this call's commands on its queue, the event each of `used` keeps as its last use.
    virtual int recordUse(const std::vector<KeptWorkspace*>& used) = 0;

    Queue m_queue;
    std::vector<Mem> m_buffers;         // the plan's buffers by index, as bound
    std::vector<KeptWorkspace*> m_used; // the workspaces this call bound
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
