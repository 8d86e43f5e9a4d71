// The CUDA backend of the package: the driver API and NVRTC loaded at the first call (dlopen, so the library builds
// and links without CUDA), programs compiled by NVRTC exactly as KernelTune compiled them while tuning
// (ktp_nvrtc_options.hpp) and cached in memory per context and on disk, workspaces kept between calls, and the plan
// context that binds the caller's device pointers (or uploaded host operands) and launches kernels.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "ktp_backend.hpp"
#include "ktp_cuda_api.hpp"
#include "ktp_cuda_loading.hpp"
#include "ktp_nvrtc_options.hpp"
#include "ktp_program_limit.hpp"

namespace ktp::cu {

namespace {

struct DriverState {
    Driver d;
    std::string why;
    bool ok = false;
    DriverState() {
        void* lib = loading::openDriver(why);
        if (!lib) return;
        std::string missing;
#define KTP_LOAD(name, versioned, ret, params) loading::symbol(lib, d.name, versioned, nullptr, missing);
        KTP_CUDA_DRIVER_API(KTP_LOAD)
#undef KTP_LOAD
        if (!missing.empty()) {
            why = loading::driverTooOld(missing);
            return;
        }
        if (CUresult r = d.cuInit(0)) {
            why = "cuInit failed: " + name(r);
            return;
        }
        d.cuDriverGetVersion(&d.version);
        ok = true;
    }
    std::string name(CUresult r) const { return loading::resultName(r, d.cuGetErrorName, d.cuGetErrorString); }
};

const DriverState& driverState() {
    static const DriverState s;
    return s;
}

struct NvrtcState {
    Nvrtc n;
    std::string why;
    bool ok = false;
    NvrtcState() {
        void* lib = loading::openNvrtc(n.path, why);
        if (!lib) return;
        std::string missing;
#define KTP_LOAD_NVRTC(name, versioned, ret, params) loading::symbol(lib, n.name, versioned, nullptr, missing);
        KTP_NVRTC_API(KTP_LOAD_NVRTC)
#undef KTP_LOAD_NVRTC
        if (!missing.empty()) {
            why = loading::nvrtcTooOld(n.path, missing);
            return;
        }
        n.nvrtcVersion(&n.major, &n.minor);
        ok = true;
    }
};

} // namespace

const Driver* driver(std::string* why) {
    const auto& s = driverState();
    if (why) *why = s.why;
    return s.ok ? &s.d : nullptr;
}

const Nvrtc* nvrtcLibrary(std::string* why) {
    static const NvrtcState s;
    if (why) *why = s.why;
    return s.ok ? &s.n : nullptr;
}

std::string resultName(CUresult r) { return driverState().name(r); }

} // namespace ktp::cu

namespace ktp {

namespace {

using namespace ktp::cu;

std::mutex gLock; // one call at a time: the caches and workspaces are shared

struct Function {
    CUfunction f = nullptr;
    unsigned dynamicShared = 0;
};

// What the package keeps per CUDA context: modules, functions, workspaces, and variants that failed there.
struct DeviceState {
    CUcontext context = nullptr;
    CUdevice device = 0;
    std::string name;
    int ccMajor = 0, ccMinor = 0;
    bool tuned = false;
    std::map<std::pair<int, std::string>, CUmodule> modules;                 // (index, per-call options)
    std::map<std::tuple<int, std::string, std::string>, Function> functions; // (index, per-call options, name)
    SizedPrograms sized; // the modules with per-call options, least recently used last (ktp_program_limit.hpp)
    std::vector<CUmodule> retired; // released from the maps, unloaded after the next synchronisation that succeeds
    std::map<std::pair<const PlanEntry*, int>, Workspace<CUdeviceptr, CUstream, CUevent>> workspaces;
    std::set<int> brokenVariants;
};

// Call with `context` current.
DeviceState& stateFor(const Driver& d, CUcontext context) {
    static std::map<CUcontext, DeviceState> states;
    DeviceState& s = states[context];
    if (!s.context) {
        s.context = context;
        d.cuCtxGetDevice(&s.device);
        char name[256] = {0};
        d.cuDeviceGetName(name, sizeof name - 1, s.device);
        s.name = name;
        d.cuDeviceGetAttribute(&s.ccMajor, kAttrComputeCapabilityMajor, s.device);
        d.cuDeviceGetAttribute(&s.ccMinor, kAttrComputeCapabilityMinor, s.device);
        s.tuned = isTunedDevice(s.name, gen::kDeviceVendor); // CUDA devices are all NVIDIA's: the name decides
    }
    return s;
}

// Makes a context current for the scope of a call and restores the caller's afterwards.
struct ContextScope {
    const Driver& d;
    bool pushed = false;
    ContextScope(const Driver& driver, CUcontext c) : d(driver) { pushed = d.cuCtxPushCurrent(c) == kSuccess; }
    ~ContextScope() {
        CUcontext popped = nullptr;
        if (pushed) d.cuCtxPopCurrent(&popped);
    }
};

std::string noDriver(const std::string& why) {
    return why + " (this package runs its kernels through CUDA: it was tuned on " + std::string(gen::kDeviceName) + ")";
}

// The device of the host-memory entries: $KTP_DEVICE (an ordinal, or "0:N" as OpenCL packages take it), else the
// tuned device, else device 0; its primary context and a stream of the package's own.
struct HostDevice {
    CUdevice device = 0;
    CUcontext context = nullptr;
    CUstream stream = nullptr;
    std::string error;
};

HostDevice& hostDevice() {
    static HostDevice h = [] {
        HostDevice out;
        std::string why;
        const Driver* d = driver(&why);
        if (!d) {
            out.error = noDriver(why);
            return out;
        }
        int count = 0;
        if (d->cuDeviceGetCount(&count) != kSuccess || count == 0) {
            out.error = "no CUDA device";
            return out;
        }
        int chosen = -1;
        if (const char* sel = std::getenv("KTP_DEVICE"); sel && *sel) {
            int p = 0, n = -1;
            if (std::sscanf(sel, "%d:%d", &p, &n) != 2) n = std::atoi(sel), p = 0;
            if (p != 0 || n < 0 || n >= count || (n == 0 && std::strcmp(sel, "0") && std::strcmp(sel, "0:0"))) {
                out.error =
                    std::string("KTP_DEVICE=") + sel + " names no CUDA device (0.." + std::to_string(count - 1) + ")";
                return out;
            }
            chosen = n;
        }
        for (int i = 0; i < count && chosen < 0; ++i) {
            CUdevice dev = 0;
            char name[256] = {0};
            if (d->cuDeviceGet(&dev, i) == kSuccess && d->cuDeviceGetName(name, sizeof name - 1, dev) == kSuccess &&
                isTunedDevice(name, gen::kDeviceVendor))
                chosen = i;
        }
        if (chosen < 0) chosen = 0;
        if (CUresult r = d->cuDeviceGet(&out.device, chosen)) {
            out.error = "cuDeviceGet failed: " + resultName(r);
            return out;
        }
        if (CUresult r = d->cuDevicePrimaryCtxRetain(&out.context, out.device)) {
            out.error = "cuDevicePrimaryCtxRetain failed: " + resultName(r);
            return out;
        }
        ContextScope scope(*d, out.context);
        if (CUresult r = d->cuStreamCreate(&out.stream, kStreamNonBlocking)) {
            out.error = "cuStreamCreate failed: " + resultName(r);
            out.context = nullptr;
        }
        return out;
    }();
    return h;
}

// Puts a module in memory; one with per-call options may release the least recently used others beyond the limit,
// their functions with them. Unlike an OpenCL program, a CUDA module is not kept alive by launches still queued:
// cuModuleUnload while a kernel of it waits on a stream (the caller's streams, which the package never waits on
// for device entries, and which may differ from call to call) leaves that launch with freed code. So the context is
// synchronised first (cuCtxSynchronize, with the state's context current: every stream the package launched on
// runs in it). Eviction happens only when a new size has just been compiled or loaded, which already costs far
// more than the wait. Per-launch events would avoid waiting but cost an event record on every launch, and the
// module would have to stay until its event passes anyway. Should the synchronisation fail (a capturing stream, an
// earlier fault), the modules are not unloaded but retired, and unloaded after a later one succeeds: never unsafe,
// at worst late. Callers hold gLock (the maps are shared) and have the state's context current (ContextScope).
void keep(const Driver& d, DeviceState& s, int index, const std::string& perCall, CUmodule m) {
    s.modules[{index, perCall}] = m;
    if (perCall.empty()) return; // the ordinary modules: one per variant, kept
    std::string unused;          // the limit was validated when the call began (runHost, runCu)
    const auto evicted = s.sized.add({index, perCall}, maxPrograms(unused));
    if (evicted.empty()) return noteSizedPrograms(0, s.sized.size());
    for (const auto& key : evicted) {
        eraseProgramEntries(s.functions, key, [](const Function&) {}); // freed with their module
        if (const auto it = s.modules.find(key); it != s.modules.end()) {
            s.retired.push_back(it->second);
            s.modules.erase(it);
        }
    }
    if (d.cuCtxSynchronize() == kSuccess) {
        for (CUmodule old : s.retired) d.cuModuleUnload(old);
        s.retired.clear();
    }
    noteSizedPrograms(evicted.size(), s.sized.size());
}

// The program `index` with the call's per-call options (empty for none) as a module in the state's context: from
// memory, else from the disk cache, else compiled by NVRTC (and then written to the cache). Cache key: device,
// compute capability, driver, NVRTC, options (the per-call ones included: one entry per size of a size-specialised
// kernel) and source.
int module(const Driver& d, DeviceState& s, int index, const std::string& perCall, CUmodule& out, std::string& error) {
    if (auto it = s.modules.find({index, perCall}); it != s.modules.end()) {
        ++counters().memoryHits;
        if (!perCall.empty()) s.sized.touch(it->first);
        out = it->second;
        return KTP_SUCCESS;
    }
    std::string why;
    const Nvrtc* rtc = nvrtcLibrary(&why);
    if (!rtc) {
        error = why;
        return KTP_BUILD_FAILED;
    }
    const ProgramEntry& p = gen::kPrograms[index];
    int archCount = 0;
    rtc->nvrtcGetNumSupportedArchs(&archCount);
    std::vector<int> archs(std::size_t(archCount > 0 ? archCount : 0));
    if (archCount > 0) rtc->nvrtcGetSupportedArchs(archs.data());
    const nvrtc::Target target = nvrtc::targetFor(s.ccMajor, s.ccMinor, archs);
    std::vector<std::string> options;
    const std::string optionText = withPerCall(p.options, perCall);
    for (const char* o = optionText.c_str(); *o;) {
        const char* end = std::strchr(o, ' ');
        const std::size_t len = end ? std::size_t(end - o) : std::strlen(o);
        if (len) options.emplace_back(o, len);
        o += len;
        while (*o == ' ') ++o;
    }
    const std::vector<std::string> args = nvrtc::arguments(target, options);
    std::string key = s.name + "\ncc " + std::to_string(s.ccMajor) + "." + std::to_string(s.ccMinor) + "\ndriver " +
                      std::to_string(d.version) + "\nnvrtc " + std::to_string(rtc->major) + "." +
                      std::to_string(rtc->minor) + "\n";
    for (const auto& a : args) key += a + " ";
    key += "\n";
    key += p.source;
    const std::string file = cacheFile(key);
    std::string image;
    if (!file.empty() && readFile(file, image)) {
        CUmodule m = nullptr;
        if (d.cuModuleLoadData(&m, image.data()) == kSuccess) {
            ++counters().loaded;
            keep(d, s, index, perCall, out = m);
            return KTP_SUCCESS;
        }
        // A damaged or foreign entry: compile instead.
    }
    nvrtcProgram prog = nullptr;
    if (nvrtcResult r = rtc->nvrtcCreateProgram(&prog, p.source, p.name, 0, nullptr, nullptr)) {
        error = std::string("nvrtcCreateProgram: ") + rtc->nvrtcGetErrorString(r);
        return KTP_BUILD_FAILED;
    }
    ++counters().compiled;
    std::vector<const char*> argv;
    for (const auto& a : args) argv.push_back(a.c_str());
    const nvrtcResult compiled = rtc->nvrtcCompileProgram(prog, int(argv.size()), argv.data());
    if (compiled) {
        std::size_t logSize = 0;
        rtc->nvrtcGetProgramLogSize(prog, &logSize);
        std::string log(logSize, '\0');
        if (logSize) rtc->nvrtcGetProgramLog(prog, &log[0]);
        rtc->nvrtcDestroyProgram(&prog);
        error = std::string("compiling ") + p.name + (perCall.empty() ? "" : " with " + perCall) + " for " + s.name +
                " (" + target.arch + ") failed (" + rtc->nvrtcGetErrorString(compiled) + "):\n" + log.substr(0, 2000);
        return KTP_BUILD_FAILED;
    }
    std::size_t size = 0;
    if (target.cubin) {
        rtc->nvrtcGetCUBINSize(prog, &size);
        image.assign(size, '\0');
        rtc->nvrtcGetCUBIN(prog, &image[0]);
    } else {
        rtc->nvrtcGetPTXSize(prog, &size); // with its terminating NUL, which cuModuleLoadData needs
        image.assign(size, '\0');
        rtc->nvrtcGetPTX(prog, &image[0]);
    }
    rtc->nvrtcDestroyProgram(&prog);
    CUmodule m = nullptr;
    if (CUresult r = d.cuModuleLoadData(&m, image.data())) {
        error = std::string("loading ") + p.name + " (" + target.arch + ") on " + s.name + " failed: " + resultName(r);
        return KTP_BUILD_FAILED;
    }
    if (!file.empty()) writeFileAtomically(file, image);
    keep(d, s, index, perCall, out = m);
    return KTP_SUCCESS;
}

// One call on CUDA: operands either the caller's device memory (device entries) or uploaded from host memory.
class CuExec final : public BackendExec<CUdeviceptr, CUstream, CUevent> {
public:
    CuExec(const Driver& d, DeviceState& state, CUstream stream, const PlanEntry& plan)
        : BackendExec(stream), m_d(d), m_s(state), m_plan(plan) {}

    // Device entries: the size of the caller's allocation from the base in `operand` (the call's offsets point
    // into it).
    size_t allocationBytes[3] = {0, 0, 0};

    int launch(int programIndex, const char* name, const std::int64_t global[3], const std::int64_t local[3],
               std::initializer_list<Arg> args, const char* perCall) override {
        unsigned grid[3], block[3];
        for (int dim = 0; dim < 3; ++dim) {
            if (global[dim] == 0) return KTP_SUCCESS; // no work-items: nothing to launch
            if (local[dim] <= 0 || global[dim] % local[dim] != 0 || global[dim] / local[dim] > 0x7fffffff) {
                error = std::string("kernel ") + name + ": global size " + std::to_string(global[dim]) +
                        " is no multiple of the block size " + std::to_string(local[dim]);
                return KTP_BUILD_FAILED;
            }
            grid[dim] = unsigned(global[dim] / local[dim]), block[dim] = unsigned(local[dim]);
        }
        Function* fn = nullptr;
        if (int st = function(programIndex, perCall ? perCall : "", name, fn)) return st;
        noteCompiledFor(perCall);
        // Each argument in an 8-byte slot; cuLaunchKernel reads the size the kernel's signature declares.
        std::vector<std::uint64_t> slots(args.size());
        std::vector<void*> pointers(args.size());
        std::size_t i = 0;
        for (const Arg& a : args) {
            switch (a.kind) {
            case Arg::Int: {
                if (a.value < INT32_MIN || a.value > INT32_MAX) return fail("a kernel argument exceeds 32 bits");
                const std::int32_t v = std::int32_t(a.value);
                std::memcpy(&slots[i], &v, sizeof v);
                break;
            }
            case Arg::Real:
                if (call.f64)
                    std::memcpy(&slots[i], &a.real, sizeof a.real);
                else {
                    const float f = float(a.real);
                    std::memcpy(&slots[i], &f, sizeof f);
                }
                break;
            case Arg::Buffer:
            case Arg::Image: // KT_IMAGE1D is a plain pointer in the CUDA dialect
                std::memcpy(&slots[i], &m_buffers[std::size_t(a.value)], sizeof(CUdeviceptr));
                break;
            }
            pointers[i] = &slots[i];
            ++i;
        }
        const CUresult r = m_d.cuLaunchKernel(fn->f, grid[0], grid[1], grid[2], block[0], block[1], block[2],
                                              fn->dynamicShared, m_queue, pointers.data(), nullptr);
        if (r == kErrorInvalidValue || r == kErrorLaunchOutOfResources) {
            error = std::string("kernel ") + name + " cannot run on " + m_s.name + ": " + resultName(r);
            return KTP_BUILD_FAILED; // another variant may fit the device
        }
        if (r) return deviceError((std::string("cuLaunchKernel ") + name).c_str(), r);
        return KTP_SUCCESS;
    }

private:
    size_t operandBytes(int op) override { return allocationBytes[op]; }
    int allocate(size_t bytes, CUdeviceptr& out, bool workspace) override {
        if (CUresult r = m_d.cuMemAlloc(&out, bytes)) {
            out = 0;
            return deviceError(workspace ? "cuMemAlloc (workspace)" : "cuMemAlloc", r);
        }
        return KTP_SUCCESS;
    }
    int upload(CUdeviceptr to, const void* from, size_t bytes) override {
        const CUresult r = m_d.cuMemcpyHtoDAsync(to, from, bytes, m_queue);
        return r ? deviceError("cuMemcpyHtoDAsync", r) : KTP_SUCCESS;
    }
    int uploadNow(CUdeviceptr to, const void* from, size_t bytes) override {
        // Synchronous for pageable host memory (as here): the copy is taken before it returns, in stream order.
        CUresult r = m_d.cuMemcpyHtoDAsync(to, from, bytes, m_queue);
        if (!r) r = m_d.cuStreamSynchronize(m_queue);
        return r ? deviceError("cuMemcpyHtoDAsync", r) : KTP_SUCCESS;
    }
    void release(CUdeviceptr m) override { m_d.cuMemFree(m); }
    KeptWorkspace& workspace(int index) override { return m_s.workspaces[{&m_plan, index}]; }
    int waitOnQueue(CUevent event) override {
        const CUresult r = m_d.cuStreamWaitEvent(m_queue, event, 0);
        return r ? deviceError("cuStreamWaitEvent (a workspace in use)", r) : KTP_SUCCESS;
    }
    // cuMemFree is not documented to wait for kernels still reading the memory on other streams: wait here.
    void releaseAfter(CUdeviceptr m, CUevent lastUse) override {
        if (lastUse) m_d.cuEventSynchronize(lastUse);
        m_d.cuMemFree(m);
    }
    // One event per workspace, recorded again by each call that uses it (a wait takes the event's latest record).
    int recordUse(const std::vector<KeptWorkspace*>& used) override {
        for (KeptWorkspace* w : used) {
            if (!w->lastUse)
                if (CUresult r = m_d.cuEventCreate(&w->lastUse, kEventDisableTiming)) {
                    w->lastUse = nullptr;
                    return deviceError("cuEventCreate (a workspace's last use)", r);
                }
            if (CUresult r = m_d.cuEventRecord(w->lastUse, m_queue)) return deviceError("cuEventRecord", r);
            w->lastQueue = m_queue;
        }
        return KTP_SUCCESS;
    }
    int function(int programIndex, const std::string& perCall, const char* name, Function*& out) {
        Function& fn = m_s.functions[{programIndex, perCall, name}];
        if (!fn.f) {
            CUmodule m = nullptr;
            if (int st = module(m_d, m_s, programIndex, perCall, m, error)) return st;
            if (CUresult r = m_d.cuModuleGetFunction(&fn.f, m, name)) {
                fn.f = nullptr;
                error = std::string("kernel ") + name + ": cuModuleGetFunction failed: " + resultName(r);
                return KTP_BUILD_FAILED;
            }
            CUdeviceptr symbol = 0;
            std::size_t symbolBytes = 0;
            unsigned shared = 0;
            if (m_d.cuModuleGetGlobal(&symbol, &symbolBytes, m, nvrtc::dynamicSharedSymbol(name).c_str()) == kSuccess &&
                symbolBytes == sizeof shared) {
                if (CUresult r = m_d.cuMemcpyDtoH(&shared, symbol, sizeof shared))
                    return deviceError("reading the dynamic shared memory size", r);
                if (shared > nvrtc::kDefaultSharedLimit &&
                    m_d.cuFuncSetAttribute(fn.f, kFuncAttrMaxDynamicShared, int(shared)) != kSuccess) {
                    error = std::string("kernel ") + name + ": " + std::to_string(shared) +
                            " bytes of dynamic shared memory refused on " + m_s.name;
                    fn.f = nullptr;
                    return KTP_BUILD_FAILED;
                }
            }
            fn.dynamicShared = shared;
        } else {
            ++counters().memoryHits;
            if (!perCall.empty()) m_s.sized.touch({programIndex, perCall}); // its module is in use
        }
        out = &fn;
        return KTP_SUCCESS;
    }
    int deviceError(const char* what, CUresult r) {
        error = std::string(what) + " failed on " + m_s.name + ": " + resultName(r);
        return KTP_DEVICE_ERROR;
    }

    const Driver& m_d;
    DeviceState& m_s;
    const PlanEntry& m_plan;
};

// Runs the first candidate that works (runFirstWorking). Host operands are uploaded once per call, again only when
// a candidate's plan takes A and B the other way round.
int runCandidates(const Driver& d, DeviceState& s, CUstream stream, const Call& call, const CUdeviceptr ops[3],
                  const size_t opBytes[3], const void* ha, const void* hb, void* hc) {
    CuExec::Uploaded uploads[3];
    auto freeUploads = [&] {
        for (auto& u : uploads)
            if (u.mem) d.cuMemFree(u.mem), u = {};
    };
    int uploadedSwap = -1;
    const int status = runFirstWorking(call, s.tuned, s.brokenVariants, [&](const Candidate& cand, std::string& error) {
        if (hc && uploadedSwap != int(cand.swapAB)) {
            d.cuStreamSynchronize(stream); // an earlier candidate's uploads may still be in flight
            freeUploads();
            uploadedSwap = int(cand.swapAB);
        }
        CuExec x(d, s, stream, *cand.plan);
        x.call = cand.call;
        const int ia = cand.swapAB ? 1 : 0, ib = cand.swapAB ? 0 : 1;
        // Device entries pass the allocations' bases (runCu), uploads are allocations of their own: aligned where
        // the allocator aligns (cuMemAlloc: 256 bytes); tested rather than assumed, as other allocators may not.
        if (!hc) x.call.aligned = (ops[ia] % 16 == 0 && ops[ib] % 16 == 0) ? 1 : 0;
        x.operand[0] = ops[ia], x.operand[1] = ops[ib], x.operand[2] = ops[2];
        x.allocationBytes[0] = opBytes[ia], x.allocationBytes[1] = opBytes[ib], x.allocationBytes[2] = opBytes[2];
        x.hostIn[0] = cand.swapAB ? hb : ha, x.hostIn[1] = cand.swapAB ? ha : hb, x.hostOut = hc;
        if (hc) x.uploads = uploads;
        int st = cand.plan->run(x);
        if (const int noted = x.noteWorkspaceUses(); st == KTP_SUCCESS) st = noted;
        error = x.error;
        if (st == KTP_SUCCESS && hc) {
            CUresult r = d.cuMemcpyDtoHAsync(hc, uploads[2].mem, uploads[2].bytes, stream);
            if (!r) r = d.cuStreamSynchronize(stream);
            if (r) st = KTP_DEVICE_ERROR, error = "reading C back failed: " + resultName(r);
        }
        return st;
    });
    if (hc) d.cuStreamSynchronize(stream);
    freeUploads();
    return status;
}

} // namespace

int runHost(const Call& call, const void* a, const void* b, void* c) {
    std::lock_guard<std::mutex> lock(gLock);
    if (std::string why; !maxPrograms(why)) return setStatus(KTP_NO_DEVICE, why);
    HostDevice& h = hostDevice();
    if (!h.context) return setStatus(KTP_NO_DEVICE, h.error);
    const Driver& d = *driver(nullptr);
    ContextScope scope(d, h.context);
    const CUdeviceptr ops[3] = {0, 0, 0};
    const size_t bytes[3] = {0, 0, 0};
    return runCandidates(d, stateFor(d, h.context), h.stream, call, ops, bytes, a, b, c);
}

int runCu(CUstream stream, Call call, CUdeviceptr a, CUdeviceptr b, CUdeviceptr c) {
    std::lock_guard<std::mutex> lock(gLock);
    if (std::string why; !maxPrograms(why)) return setStatus(KTP_NO_DEVICE, why);
    std::string why;
    const Driver* d = driver(&why);
    if (!d) return setStatus(KTP_NO_DEVICE, noDriver(why));
    // The stream's context; the legacy default stream (0) runs in the caller's current context, else in the
    // primary context of the package's device.
    CUcontext context = nullptr;
    if (stream) {
        if (CUresult r = d->cuStreamGetCtx(stream, &context))
            return setStatus(KTP_INVALID_ARGUMENT, "the stream is not valid: " + resultName(r));
    } else if (d->cuCtxGetCurrent(&context) != kSuccess || !context) {
        HostDevice& h = hostDevice();
        if (!h.context) return setStatus(KTP_NO_DEVICE, h.error);
        context = h.context;
    }
    ContextScope scope(*d, context);
    // A device pointer may point anywhere into an allocation: the kernels get the allocation's start and an element
    // offset, as OpenCL buffers and offsets, so that their aligned loads stay aligned.
    const CUdeviceptr in[3] = {a, b, c};
    CUdeviceptr base[3] = {0, 0, 0};
    size_t bytes[3] = {0, 0, 0};
    std::int64_t* offsets[3] = {&call.offa, &call.offb, &call.offc};
    const size_t element = call.f64 ? 8 : 4;
    for (int i = 0; i < 3; ++i) {
        const char* name = i == 0 ? "A" : i == 1 ? "B" : "C";
        if (CUresult r = d->cuMemGetAddressRange(&base[i], &bytes[i], in[i]))
            return setStatus(KTP_INVALID_ARGUMENT, std::string(name) +
                                                       " is not device memory of the stream's context (" +
                                                       resultName(r) + ")");
        if ((in[i] - base[i]) % element)
            return setStatus(KTP_INVALID_ARGUMENT, std::string(name) + " is not aligned to its element size");
        *offsets[i] = std::int64_t((in[i] - base[i]) / element);
    }
    return runCandidates(*d, stateFor(*d, context), stream, call, base, bytes, nullptr, nullptr, nullptr);
}

} // namespace ktp

extern "C" int ktp_device_name(char* name, size_t capacity, int* tuned) {
    std::lock_guard<std::mutex> lock(ktp::gLock);
    ktp::HostDevice& h = ktp::hostDevice();
    if (!h.context) return ktp::setStatus(KTP_NO_DEVICE, h.error);
    const ktp::cu::Driver& d = *ktp::cu::driver(nullptr);
    ktp::ContextScope scope(d, h.context);
    const ktp::DeviceState& s = ktp::stateFor(d, h.context);
    if (name && capacity) {
        std::strncpy(name, s.name.c_str(), capacity - 1);
        name[capacity - 1] = '\0';
    }
    if (tuned) *tuned = s.tuned;
    return ktp::setStatus(KTP_SUCCESS);
}
