// NVRTC compilation with architecture fallback and complete logs.
#include "devices/cuda/nvrtc_compiler.hpp"

#include <algorithm>

#include "core/engine/backend.hpp"
#include "core/export/package/src/ktp_nvrtc_options.hpp"
#include "devices/cuda/cuda_loader.hpp"

namespace kt::devices::cuda {

namespace {

std::string firstErrorLine(const std::string& log) {
    std::size_t pos = log.find("error");
    if (pos == std::string::npos) return log.substr(0, log.find('\n'));
    std::size_t begin = log.rfind('\n', pos);
    begin = begin == std::string::npos ? 0 : begin + 1;
    return log.substr(begin, log.find('\n', pos) - begin);
}

} // namespace

CompiledModule compileNvrtc(const std::string& source, const std::vector<std::string>& options, int ccMajor,
                            int ccMinor, const std::string& programName) {
    std::string why;
    const Nvrtc* rtc = nvrtc(&why);
    if (!rtc) throw BackendError(why);

    int count = 0;
    rtc->nvrtcGetNumSupportedArchs(&count);
    std::vector<int> archs(static_cast<std::size_t>(std::max(count, 0)));
    if (count > 0) rtc->nvrtcGetSupportedArchs(archs.data());
    const ktp::nvrtc::Target target = ktp::nvrtc::targetFor(ccMajor, ccMinor, archs);
    CompiledModule out;
    out.arch = target.arch;
    out.isCubin = target.cubin;
    const std::vector<std::string> args = ktp::nvrtc::arguments(target, options);
    std::vector<const char*> argv;
    for (const auto& a : args) argv.push_back(a.c_str());

    nvrtcProgram program = nullptr;
    nvrtcResult r = rtc->nvrtcCreateProgram(&program, source.c_str(), programName.c_str(), 0, nullptr, nullptr);
    if (r != NVRTC_SUCCESS) throw BuildError(std::string("nvrtcCreateProgram: ") + rtc->nvrtcGetErrorString(r), "");
    struct Guard {
        const Nvrtc* rtc;
        nvrtcProgram* p;
        ~Guard() { rtc->nvrtcDestroyProgram(p); }
    } guard{rtc, &program};

    nvrtcResult compiled = rtc->nvrtcCompileProgram(program, static_cast<int>(argv.size()), argv.data());
    std::size_t logSize = 0;
    rtc->nvrtcGetProgramLogSize(program, &logSize);
    std::string log(logSize, '\0');
    if (logSize) rtc->nvrtcGetProgramLog(program, log.data());
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    if (compiled != NVRTC_SUCCESS)
        throw BuildError("NVRTC build failed for " + out.arch + " (" + rtc->nvrtcGetErrorString(compiled) +
                             "): " + firstErrorLine(log),
                         log);
    out.log = log;

    std::size_t size = 0;
    if (out.isCubin) {
        rtc->nvrtcGetCUBINSize(program, &size);
        out.image.resize(size);
        rtc->nvrtcGetCUBIN(program, out.image.data());
    } else {
        rtc->nvrtcGetPTXSize(program, &size); // includes the terminating NUL, which cuModuleLoadData needs
        out.image.resize(size);
        rtc->nvrtcGetPTX(program, out.image.data());
    }
    return out;
}

} // namespace kt::devices::cuda
