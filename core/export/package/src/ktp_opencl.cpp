// The OpenCL backend of the package: device choice, programs compiled at run time and cached in memory and on disk,
// workspaces kept between calls, and the plan context that binds the caller's operands and launches kernels.
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "ktp_backend.hpp"
#include "ktp_program_limit.hpp"

namespace ktp {

namespace {

std::mutex gLock; // one call at a time: kernels' arguments and the caches are shared

std::string deviceString(cl_device_id d, cl_device_info what) {
    size_t size = 0;
    if (clGetDeviceInfo(d, what, 0, nullptr, &size) != CL_SUCCESS || size == 0) return {};
    std::string s(size, '\0');
    clGetDeviceInfo(d, what, size, s.data(), nullptr);
    while (!s.empty() && (s.back() == '\0' || s.back() == ' ' || s.back() == '\n')) s.pop_back();
    const std::size_t first = s.find_first_not_of(" \t\n");
    return first == std::string::npos ? std::string() : s.substr(first);
}

// What the package keeps per (context, device): programs, kernels, workspaces, and variants that failed there.
struct DeviceState {
    cl_context context = nullptr;
    cl_device_id device = nullptr;
    std::string name, vendor, driver, version;
    bool tuned = false;
    std::map<std::pair<int, std::string>, cl_program> programs;             // (index, per-call options)
    std::map<std::tuple<int, std::string, std::string>, cl_kernel> kernels; // (index, per-call options, name)
    SizedPrograms sized; // the programs with per-call options, least recently used last (ktp_program_limit.hpp)
    std::map<std::pair<const PlanEntry*, int>, Workspace<cl_mem, cl_command_queue, cl_event>> workspaces;
    std::set<int> brokenVariants;
    // Image views of buffers live until the launch that reads them completes (some drivers, PoCL among them, do
    // not keep a released image alive for a queued kernel); released at a later call once their event completed.
    std::vector<std::pair<cl_event, cl_mem>> pendingImages;
    void releaseCompletedImages() {
        for (std::size_t i = 0; i < pendingImages.size();) {
            cl_int status = CL_COMPLETE;
            clGetEventInfo(pendingImages[i].first, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr);
            if (status <= CL_COMPLETE) { // complete, or failed (negative)
                clReleaseMemObject(pendingImages[i].second);
                clReleaseEvent(pendingImages[i].first);
                pendingImages.erase(pendingImages.begin() + std::ptrdiff_t(i));
            } else {
                ++i;
            }
        }
    }
};

std::map<std::pair<cl_context, cl_device_id>, DeviceState>& states() {
    static std::map<std::pair<cl_context, cl_device_id>, DeviceState> s;
    return s;
}

DeviceState& stateFor(cl_context context, cl_device_id device) {
    DeviceState& s = states()[{context, device}];
    if (!s.context) {
        clRetainContext(context);
        s.context = context, s.device = device;
        s.name = deviceString(device, CL_DEVICE_NAME);
        s.vendor = deviceString(device, CL_DEVICE_VENDOR);
        s.driver = deviceString(device, CL_DRIVER_VERSION);
        s.version = deviceString(device, CL_DEVICE_VERSION);
        s.tuned = isTunedDevice(s.name, s.vendor);
    }
    return s;
}

// The device of the host-memory entries, with its own context and in-order queue; created once.
struct HostDevice {
    cl_context context = nullptr;
    cl_device_id device = nullptr;
    cl_command_queue queue = nullptr;
    std::string error;
};

HostDevice& hostDevice() {
    static HostDevice h = [] {
        HostDevice out;
        cl_uint platformCount = 0;
        if (clGetPlatformIDs(0, nullptr, &platformCount) != CL_SUCCESS || platformCount == 0) {
            out.error = "no OpenCL platform";
            return out;
        }
        std::vector<cl_platform_id> platforms(platformCount);
        clGetPlatformIDs(platformCount, platforms.data(), nullptr);
        std::vector<std::pair<int, std::vector<cl_device_id>>> all;
        for (cl_uint p = 0; p < platformCount; ++p) {
            cl_uint n = 0;
            std::vector<cl_device_id> devices;
            if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 0, nullptr, &n) == CL_SUCCESS && n > 0) {
                devices.resize(n);
                clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, n, devices.data(), nullptr);
            }
            all.push_back({int(p), devices});
        }
        cl_device_id chosen = nullptr;
        if (const char* sel = std::getenv("KTP_DEVICE"); sel && *sel) {
            int p = -1, d = -1;
            if (std::sscanf(sel, "%d:%d", &p, &d) == 2 && p >= 0 && p < int(all.size()) && d >= 0 &&
                d < int(all[std::size_t(p)].second.size()))
                chosen = all[std::size_t(p)].second[std::size_t(d)];
            else {
                out.error = std::string("KTP_DEVICE=") + sel + " names no device (platform:device)";
                return out;
            }
        }
        for (auto& [p, devices] : all) // the tuned device first
            for (cl_device_id d : devices)
                if (!chosen && isTunedDevice(deviceString(d, CL_DEVICE_NAME), deviceString(d, CL_DEVICE_VENDOR)))
                    chosen = d;
        for (auto& [p, devices] : all)
            for (cl_device_id d : devices) {
                cl_device_type type = 0;
                clGetDeviceInfo(d, CL_DEVICE_TYPE, sizeof type, &type, nullptr);
                if (!chosen && (type & CL_DEVICE_TYPE_GPU)) chosen = d;
            }
        for (auto& [p, devices] : all)
            if (!chosen && !devices.empty()) chosen = devices.front();
        if (!chosen) {
            out.error = "no OpenCL device";
            return out;
        }
        cl_int err = CL_SUCCESS;
        out.context = clCreateContext(nullptr, 1, &chosen, nullptr, nullptr, &err);
        if (err != CL_SUCCESS) {
            out.error = "clCreateContext failed (" + std::to_string(err) + ")";
            return out;
        }
        out.queue = clCreateCommandQueue(out.context, chosen, 0, &err);
        if (err != CL_SUCCESS) {
            out.error = "clCreateCommandQueue failed (" + std::to_string(err) + ")";
            return out;
        }
        out.device = chosen;
        return out;
    }();
    return h;
}

std::string buildLog(cl_program program, cl_device_id device) {
    size_t size = 0;
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
    std::string log(size, '\0');
    if (size) clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
    return log.substr(0, 2000);
}

// Puts a program in memory; one with per-call options may release the least recently used others beyond the limit,
// their kernels with them. Releasing is safe with launches of theirs still queued: OpenCL keeps a kernel and its
// program alive until the commands that use them complete (clReleaseKernel, clReleaseProgram), and the kernel
// objects are this state's own, never handed out. Callers hold gLock (the maps are shared).
void keep(DeviceState& s, int index, const std::string& perCall, cl_program prog) {
    s.programs[{index, perCall}] = prog;
    if (perCall.empty()) return; // the ordinary programs: one per variant, kept
    std::string unused;          // the limit was validated when the call began (runHost, runCl)
    const auto evicted = s.sized.add({index, perCall}, maxPrograms(unused));
    for (const auto& key : evicted) {
        eraseProgramEntries(s.kernels, key, [](cl_kernel k) {
            if (k) clReleaseKernel(k);
        });
        if (const auto it = s.programs.find(key); it != s.programs.end()) {
            clReleaseProgram(it->second);
            s.programs.erase(it);
        }
    }
    noteSizedPrograms(evicted.size(), s.sized.size());
}

// The program `index` of the package on the state's device, with the call's per-call options (empty for none): from
// memory, else from the disk cache, else compiled (and then written to the cache). Cache key: device, driver,
// OpenCL version, source and options (the per-call ones included: one entry per size of a size-specialised kernel).
int program(DeviceState& s, int index, const std::string& perCall, cl_program& out, std::string& error) {
    if (auto it = s.programs.find({index, perCall}); it != s.programs.end()) {
        ++counters().memoryHits;
        if (!perCall.empty()) s.sized.touch(it->first);
        out = it->second;
        return KTP_SUCCESS;
    }
    const ProgramEntry& p = gen::kPrograms[index];
    const std::string optionText = withPerCall(p.options, perCall);
    const char* options = optionText.c_str();
    const std::string key =
        s.name + "\n" + s.vendor + "\n" + s.driver + "\n" + s.version + "\n" + optionText + "\n" + p.source;
    const std::string file = cacheFile(key);
    std::string binary;
    cl_int err = CL_SUCCESS;
    if (!file.empty() && readFile(file, binary)) {
        const unsigned char* bytes = reinterpret_cast<const unsigned char*>(binary.data());
        const size_t size = binary.size();
        cl_int status = CL_SUCCESS;
        cl_program prog = clCreateProgramWithBinary(s.context, 1, &s.device, &size, &bytes, &status, &err);
        if (err == CL_SUCCESS && status == CL_SUCCESS &&
            clBuildProgram(prog, 1, &s.device, options, nullptr, nullptr) == CL_SUCCESS) {
            ++counters().loaded;
            keep(s, index, perCall, out = prog);
            return KTP_SUCCESS;
        }
        if (prog) clReleaseProgram(prog); // a stale or foreign entry: compile instead
    }
    const char* source = p.source;
    cl_program prog = clCreateProgramWithSource(s.context, 1, &source, nullptr, &err);
    if (err != CL_SUCCESS) {
        error = "clCreateProgramWithSource failed (" + std::to_string(err) + ")";
        return KTP_BUILD_FAILED;
    }
    ++counters().compiled;
    if (clBuildProgram(prog, 1, &s.device, options, nullptr, nullptr) != CL_SUCCESS) {
        error = std::string("building ") + p.name + (perCall.empty() ? "" : " with " + perCall) + " for " + s.name +
                " failed:\n" + buildLog(prog, s.device);
        clReleaseProgram(prog);
        return KTP_BUILD_FAILED;
    }
    if (!file.empty()) {
        size_t size = 0;
        if (clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, nullptr) == CL_SUCCESS && size > 0) {
            std::string bytes(size, '\0');
            unsigned char* ptr = reinterpret_cast<unsigned char*>(bytes.data());
            if (clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof ptr, &ptr, nullptr) == CL_SUCCESS)
                writeFileAtomically(file, bytes);
        }
    }
    keep(s, index, perCall, out = prog);
    return KTP_SUCCESS;
}

// One call on OpenCL: operands either the caller's buffers (device entries) or uploaded from host memory.
class ClExec final : public BackendExec<cl_mem, cl_command_queue, cl_event> {
public:
    ClExec(DeviceState& state, cl_command_queue queue, const PlanEntry& plan)
        : BackendExec(queue), m_s(state), m_plan(plan) {}
    ~ClExec() override {
        for (cl_mem image : m_images) clReleaseMemObject(image); // created for a launch that was never enqueued
    }

    int launch(int programIndex, const char* name, const std::int64_t global[3], const std::int64_t local[3],
               std::initializer_list<Arg> args, const char* perCall) override {
        const std::string sized = perCall ? perCall : "";
        cl_program prog = nullptr;
        if (int s = program(m_s, programIndex, sized, prog, error)) return s;
        noteCompiledFor(perCall);
        cl_kernel& kernel = m_s.kernels[{programIndex, sized, name}];
        cl_int err = CL_SUCCESS;
        if (!kernel) {
            kernel = clCreateKernel(prog, name, &err);
            if (err != CL_SUCCESS) {
                kernel = nullptr;
                error = std::string("kernel ") + name + ": clCreateKernel failed (" + std::to_string(err) + ")";
                return KTP_BUILD_FAILED;
            }
        }
        cl_uint i = 0;
        for (const Arg& a : args) {
            switch (a.kind) {
            case Arg::Int: {
                if (a.value < INT32_MIN || a.value > INT32_MAX) return fail("a kernel argument exceeds 32 bits");
                const cl_int v = cl_int(a.value);
                err = clSetKernelArg(kernel, i, sizeof v, &v);
                break;
            }
            case Arg::Real:
                if (call.f64)
                    err = clSetKernelArg(kernel, i, sizeof(double), &a.real);
                else {
                    const float f = float(a.real);
                    err = clSetKernelArg(kernel, i, sizeof f, &f);
                }
                break;
            case Arg::Buffer:
                err = clSetKernelArg(kernel, i, sizeof(cl_mem), &m_buffers[std::size_t(a.value)]);
                break;
            case Arg::Image: {
                cl_image_format format;
                format.image_channel_order = a.channels == 4 ? CL_RGBA : a.channels == 2 ? CL_RG : CL_R;
                format.image_channel_data_type = a.imageType == kImageFloat32  ? CL_FLOAT
                                                 : a.imageType == kImageUInt32 ? CL_UNSIGNED_INT32
                                                                               : CL_UNSIGNED_INT16;
                cl_image_desc desc;
                std::memset(&desc, 0, sizeof desc);
                desc.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER;
                desc.image_width = size_t(a.texels);
                desc.buffer = m_buffers[std::size_t(a.value)];
                cl_mem image = clCreateImage(m_s.context, CL_MEM_READ_ONLY, &format, &desc, nullptr, &err);
                if (err != CL_SUCCESS) return deviceError("clCreateImage", err);
                m_images.push_back(image);
                err = clSetKernelArg(kernel, i, sizeof(cl_mem), &image);
                break;
            }
            }
            if (err != CL_SUCCESS) return deviceError((std::string("clSetKernelArg ") + name).c_str(), err);
            ++i;
        }
        size_t g[3], l[3];
        for (int d = 0; d < 3; ++d) g[d] = size_t(global[d]), l[d] = size_t(local[d]);
        cl_event done = nullptr;
        err = clEnqueueNDRangeKernel(m_queue, kernel, 3, nullptr, g, l, 0, nullptr, m_images.empty() ? nullptr : &done);
        if (err == CL_SUCCESS && done) {
            for (cl_mem image : m_images) {
                clRetainEvent(done);
                m_s.pendingImages.push_back({done, image});
            }
            clReleaseEvent(done);
            m_images.clear();
        }
        if (err == CL_INVALID_WORK_GROUP_SIZE || err == CL_OUT_OF_RESOURCES || err == CL_INVALID_WORK_ITEM_SIZE) {
            error = std::string("kernel ") + name + " cannot run on " + m_s.name + " (" + std::to_string(err) + ")";
            return KTP_BUILD_FAILED; // another variant may fit the device
        }
        if (err != CL_SUCCESS) return deviceError((std::string("clEnqueueNDRangeKernel ") + name).c_str(), err);
        return KTP_SUCCESS;
    }

private:
    size_t operandBytes(int op) override {
        size_t have = 0;
        clGetMemObjectInfo(operand[op], CL_MEM_SIZE, sizeof have, &have, nullptr);
        return have;
    }
    int allocate(size_t bytes, cl_mem& out, bool workspace) override {
        cl_int err = CL_SUCCESS;
        out = clCreateBuffer(m_s.context, CL_MEM_READ_WRITE, bytes, nullptr, &err);
        if (err != CL_SUCCESS) {
            out = nullptr;
            return deviceError(workspace ? "clCreateBuffer (workspace)" : "clCreateBuffer", err);
        }
        return KTP_SUCCESS;
    }
    int upload(cl_mem to, const void* from, size_t bytes) override {
        const cl_int err = clEnqueueWriteBuffer(m_queue, to, CL_FALSE, 0, bytes, from, 0, nullptr, nullptr);
        return err == CL_SUCCESS ? KTP_SUCCESS : deviceError("clEnqueueWriteBuffer", err);
    }
    int uploadNow(cl_mem to, const void* from, size_t bytes) override {
        const cl_int err = clEnqueueWriteBuffer(m_queue, to, CL_TRUE, 0, bytes, from, 0, nullptr, nullptr);
        return err == CL_SUCCESS ? KTP_SUCCESS : deviceError("clEnqueueWriteBuffer", err);
    }
    void release(cl_mem m) override { clReleaseMemObject(m); }
    KeptWorkspace& workspace(int index) override { return m_s.workspaces[{&m_plan, index}]; }
    int waitOnQueue(cl_event event) override {
        const cl_int err = clEnqueueBarrierWithWaitList(m_queue, 1, &event, nullptr);
        return err == CL_SUCCESS ? KTP_SUCCESS : deviceError("clEnqueueBarrierWithWaitList (a workspace in use)", err);
    }
    // OpenCL keeps a released buffer until the commands that use it complete (clReleaseMemObject).
    void releaseAfter(cl_mem m, cl_event) override { clReleaseMemObject(m); }
    int recordUse(const std::vector<KeptWorkspace*>& used) override {
        cl_event done = nullptr; // in-order queue: complete when every earlier command of the queue is
        const cl_int err = clEnqueueMarkerWithWaitList(m_queue, 0, nullptr, &done);
        if (err != CL_SUCCESS) return deviceError("clEnqueueMarkerWithWaitList (after a workspace's use)", err);
        for (KeptWorkspace* w : used) {
            if (w->lastUse) clReleaseEvent(w->lastUse);
            clRetainEvent(done);
            w->lastUse = done, w->lastQueue = m_queue;
        }
        clReleaseEvent(done);
        return KTP_SUCCESS;
    }
    int deviceError(const char* what, cl_int err) {
        error = std::string(what) + " failed (" + std::to_string(err) + ") on " + m_s.name;
        return KTP_DEVICE_ERROR;
    }

    DeviceState& m_s;
    const PlanEntry& m_plan;
    std::vector<cl_mem> m_images;
};

// Runs the first candidate that works (runFirstWorking). Host operands are uploaded once per call, again only when
// a candidate's plan takes A and B the other way round.
int runCandidates(DeviceState& s, cl_command_queue queue, const Call& call, cl_mem a, cl_mem b, cl_mem c,
                  const void* ha, const void* hb, void* hc) {
    s.releaseCompletedImages();
    ClExec::Uploaded uploads[3];
    auto freeUploads = [&] {
        for (auto& u : uploads)
            if (u.mem) clReleaseMemObject(u.mem), u = {};
    };
    int uploadedSwap = -1;
    const int status = runFirstWorking(call, s.tuned, s.brokenVariants, [&](const Candidate& cand, std::string& error) {
        if (hc && uploadedSwap != int(cand.swapAB)) {
            freeUploads();
            uploadedSwap = int(cand.swapAB);
        }
        ClExec x(s, queue, *cand.plan);
        x.call = cand.call;
        x.operand[0] = cand.swapAB ? b : a, x.operand[1] = cand.swapAB ? a : b, x.operand[2] = c;
        x.hostIn[0] = cand.swapAB ? hb : ha, x.hostIn[1] = cand.swapAB ? ha : hb, x.hostOut = hc;
        if (hc) x.uploads = uploads;
        int st = cand.plan->run(x);
        if (const int noted = x.noteWorkspaceUses(); st == KTP_SUCCESS) st = noted;
        error = x.error;
        if (st == KTP_SUCCESS && hc) {
            const cl_int err =
                clEnqueueReadBuffer(queue, uploads[2].mem, CL_TRUE, 0, uploads[2].bytes, hc, 0, nullptr, nullptr);
            if (err != CL_SUCCESS) st = KTP_DEVICE_ERROR, error = "reading C back failed (" + std::to_string(err) + ")";
            s.releaseCompletedImages(); // the blocking read waited for every launch
        }
        return st;
    });
    freeUploads();
    return status;
}

} // namespace

int runHost(const Call& call, const void* a, const void* b, void* c) {
    std::lock_guard<std::mutex> lock(gLock);
    if (std::string why; !maxPrograms(why)) return setStatus(KTP_NO_DEVICE, why);
    HostDevice& h = hostDevice();
    if (!h.device) return setStatus(KTP_NO_DEVICE, h.error);
    DeviceState& s = stateFor(h.context, h.device);
    return runCandidates(s, h.queue, call, nullptr, nullptr, nullptr, a, b, c);
}

int runCl(cl_command_queue queue, const Call& call, cl_mem a, cl_mem b, cl_mem c) {
    std::lock_guard<std::mutex> lock(gLock);
    if (std::string why; !maxPrograms(why)) return setStatus(KTP_NO_DEVICE, why);
    cl_context context = nullptr;
    cl_device_id device = nullptr;
    if (clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof context, &context, nullptr) != CL_SUCCESS ||
        clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof device, &device, nullptr) != CL_SUCCESS)
        return setStatus(KTP_INVALID_ARGUMENT, "the command queue is not valid");
    DeviceState& s = stateFor(context, device);
    return runCandidates(s, queue, call, a, b, c, nullptr, nullptr, nullptr);
}

} // namespace ktp

extern "C" int ktp_device_name(char* name, size_t capacity, int* tuned) {
    std::lock_guard<std::mutex> lock(ktp::gLock);
    ktp::HostDevice& h = ktp::hostDevice();
    if (!h.device) return ktp::setStatus(KTP_NO_DEVICE, h.error);
    const std::string n = ktp::deviceString(h.device, CL_DEVICE_NAME);
    if (name && capacity) {
        std::strncpy(name, n.c_str(), capacity - 1);
        name[capacity - 1] = '\0';
    }
    if (tuned) *tuned = ktp::isTunedDevice(n, ktp::deviceString(h.device, CL_DEVICE_VENDOR));
    return KTP_SUCCESS;
}
