// Self-test family: y = 2x with deliberate failure modes.
#include "kernels/selftest/selftest_family.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <sstream>

#include "kernels/common/dialect.hpp"
#include "kernels/common/embedded.hpp"

namespace kt::kernels {

namespace {
// Elements after y that no candidate may write (mode 7 writes the first): poisoned like y, checked by verify().
constexpr std::size_t kGuard = 64;

class SelftestRun final : public CandidateRun {
public:
    SelftestRun(Device& device, std::unique_ptr<Kernel> kernel, int wg, int mode)
        : m_device(device), m_kernel(std::move(kernel)), m_wg(wg), m_mode(mode) {}

    void prepare(const ProblemSize& size, std::uint64_t seed) override {
        m_n = static_cast<int>(size.dims.at(0));
        m_x.resize(static_cast<std::size_t>(m_n));
        for (int i = 0; i < m_n; ++i) m_x[static_cast<std::size_t>(i)] = static_cast<float>((i * 37 + seed) % 101) - 50.0f;
        if (m_mode == 9) m_hog = m_device.allocate(std::size_t(1) << 50); // 1 PiB: more than any device has
        m_in = m_device.allocate(m_x.size() * sizeof(float));
        m_out = m_device.allocate((m_x.size() + kGuard) * sizeof(float));
        m_device.write(*m_in, m_x.data(), m_x.size() * sizeof(float));
        m_device.fill(*m_out, 0xFF);
    }

    double run() override {
        const std::size_t groups = static_cast<std::size_t>((m_n + m_wg - 1) / m_wg);
        return m_device.launch(*m_kernel, Range(groups * static_cast<std::size_t>(m_wg)), Range(static_cast<std::size_t>(m_wg)),
                               {m_in.get(), m_out.get(), m_n, std::int32_t{1}});
    }

    VerifyResult verify() override {
        std::vector<float> y(m_x.size() + kGuard);
        m_device.read(*m_out, y.data(), y.size() * sizeof(float));
        for (std::size_t g = m_x.size(); g < y.size(); ++g) {
            std::uint32_t bits = 0;
            std::memcpy(&bits, &y[g], sizeof bits);
            if (bits != 0xFFFFFFFFu)
                return {false, 0, 1.0,
                        "wrote past the end of y: guard element y[" + std::to_string(g) + "] (n = " +
                            std::to_string(m_x.size()) + ") was changed"};
        }
        for (std::size_t i = 0; i < m_x.size(); ++i) {
            const float expected = 2.0f * m_x[i];
            if (!(y[i] == expected)) {
                std::ostringstream msg;
                msg << "y[" << i << "] = " << y[i] << ", expected " << expected;
                return {false, std::fabs(y[i] - expected), 1.0, msg.str()};
            }
        }
        return {true, 0, 0, ""};
    }

private:
    Device& m_device;
    std::unique_ptr<Kernel> m_kernel;
    int m_wg;
    int m_mode;
    int m_n = 0;
    std::vector<float> m_x;
    std::unique_ptr<Buffer> m_in, m_out, m_hog;
};
} // namespace

std::string SelftestFamily::description() const {
    return "y = 2x, where SELFTEST_MODE makes a candidate correct (0), wrong (1), fail to compile (2), hang (3), "
           "crash (4), write NaN (5) or Inf (6), write past the end of its output (7), ask for too much local "
           "memory (8) or device memory (9). Used by the engine's reliability tests (the fault matrix); not a tuning "
           "target.";
}

ParameterSpace SelftestFamily::space(const DeviceInfo&) const {
    ParameterSpace space;
    space.name = name();
    space.addParameter({"SELFTEST_MODE", {0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
                        "0 ok, 1 wrong, 2 compile error, 3 hang, 4 crash, 5 NaN, 6 Inf, 7 out of bounds, "
                        "8 local memory, 9 device memory"});
    space.addParameter({"SELFTEST_WG", {32, 64}, "work-group size"});
    return space;
}

GeneratedSource SelftestFamily::generate(const Point& point, const DeviceInfo&) const {
    GeneratedSource out;
    out.source = withPreamble(embeddedSource("selftest/selftest.cl"));
    out.options = {"-DSELFTEST_MODE=" + std::to_string(point["SELFTEST_MODE"])};
    out.kernels = {"selftest"};
    return out;
}

std::unique_ptr<CandidateRun> SelftestFamily::instantiate(Device& device, const Point& point, Program& program) const {
    return std::make_unique<SelftestRun>(device, program.kernel("selftest"), static_cast<int>(point["SELFTEST_WG"]),
                                         static_cast<int>(point["SELFTEST_MODE"]));
}

} // namespace kt::kernels
