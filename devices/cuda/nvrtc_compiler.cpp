// NVRTC compilation with architecture fallback and complete logs.
#include "devices/cuda/nvrtc_compiler.hpp"

#include <algorithm>
#include <cstdio>

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

ktp::nvrtc::Target targetOf(const Nvrtc& rtc, int ccMajor, int ccMinor) {
    int count = 0;
    rtc.nvrtcGetNumSupportedArchs(&count);
    std::vector<int> archs(static_cast<std::size_t>(std::max(count, 0)));
    if (count > 0) rtc.nvrtcGetSupportedArchs(archs.data());
    return ktp::nvrtc::targetFor(ccMajor, ccMinor, archs);
}

std::string versionOf(const Nvrtc& rtc) { return std::to_string(rtc.major) + "." + std::to_string(rtc.minor); }

} // namespace

std::string nvrtcTarget(int ccMajor, int ccMinor) {
    const Nvrtc* rtc = nvrtc();
    if (!rtc) return {};
    return "nvrtc/" + versionOf(*rtc) + "/cc" + std::to_string(ccMajor) + "." + std::to_string(ccMinor) + "/" +
           targetOf(*rtc, ccMajor, ccMinor).arch;
}

CompiledModule compileNvrtcForTarget(const std::string& target, const std::string& source,
                                     const std::vector<std::string>& options) {
    int ccMajor = 0, ccMinor = 0;
    char version[32] = {0};
    if (std::sscanf(target.c_str(), "nvrtc/%31[0-9.]/cc%d.%d/", version, &ccMajor, &ccMinor) != 3)
        throw BackendError("not an NVRTC image target: '" + target + "'");
    const std::string here = nvrtcTarget(ccMajor, ccMinor);
    if (here != target)
        throw BackendError("image target '" + target + "' is not this process's NVRTC ('" +
                           (here.empty() ? "NVRTC cannot be loaded" : here) + "')");
    return compileNvrtc(source, options, ccMajor, ccMinor);
}

namespace {
CompiledModule compileFor(const Nvrtc* rtc, const ktp::nvrtc::Target& target, const std::string& source,
                          const std::vector<std::string>& options, const std::string& programName) {
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

const Nvrtc* loadedNvrtc() {
    std::string why;
    const Nvrtc* rtc = nvrtc(&why);
    if (!rtc) throw BackendError(why);
    return rtc;
}
} // namespace

CompiledModule compileNvrtc(const std::string& source, const std::vector<std::string>& options, int ccMajor,
                            int ccMinor, const std::string& programName) {
    const Nvrtc* rtc = loadedNvrtc();
    return compileFor(rtc, targetOf(*rtc, ccMajor, ccMinor), source, options, programName);
}

std::string compileNvrtcPtx(const std::string& source, const std::vector<std::string>& options, int ccMajor,
                            int ccMinor) {
    const ktp::nvrtc::Target virtualArch{"compute_" + std::to_string(ccMajor * 10 + ccMinor), false};
    std::string ptx = compileFor(loadedNvrtc(), virtualArch, source, options, "kernel.cu").image;
    while (!ptx.empty() && ptx.back() == '\0') ptx.pop_back();
    return ptx;
}

} // namespace kt::devices::cuda
