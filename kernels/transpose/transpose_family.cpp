// Transpose family: space, generation, launch geometry and exact verification.
#include "kernels/transpose/transpose_family.hpp"

#include <cstring>
#include <random>
#include <sstream>

#include "core/space/device_variables.hpp"
#include "kernels/common/dialect.hpp"
#include "kernels/common/embedded.hpp"

namespace kt::kernels {

namespace {

template <class T> class TransposeRun final : public CandidateRun {
public:
    TransposeRun(Device& device, std::unique_ptr<Kernel> kernel, int tile, int wpt)
        : m_device(device), m_kernel(std::move(kernel)), m_tile(tile), m_wpt(wpt) {}

    void prepare(const ProblemSize& size, std::uint64_t seed) override {
        m_n = size.dims.at(0);
        const std::size_t count = static_cast<std::size_t>(m_n * m_n);
        m_host.resize(count);
        std::mt19937_64 rng(seed);
        std::uniform_real_distribution<double> dist(-1.0, 1.0);
        for (auto& v : m_host) v = static_cast<T>(dist(rng));
        m_in = m_device.allocate(count * sizeof(T));
        m_out = m_device.allocate(count * sizeof(T));
        m_device.write(*m_in, m_host.data(), count * sizeof(T));
        m_device.fill(*m_out, 0xFF); // NaN poison: an unwritten element can never pass verification
    }

    double run() override {
        const std::size_t tiles = static_cast<std::size_t>((m_n + m_tile - 1) / m_tile);
        const Range local(static_cast<std::size_t>(m_tile), static_cast<std::size_t>(m_tile / m_wpt));
        const Range global(tiles * local[0], tiles * local[1]);
        return m_device.launch(*m_kernel, global, local, {m_in.get(), m_out.get(), static_cast<std::int32_t>(m_n)});
    }

    VerifyResult verify() override {
        const std::size_t count = static_cast<std::size_t>(m_n * m_n);
        std::vector<T> out(count);
        m_device.read(*m_out, out.data(), count * sizeof(T));
        VerifyResult result{true, 0, 0, ""};
        for (std::int64_t r = 0; r < m_n; ++r)
            for (std::int64_t c = 0; c < m_n; ++c) {
                const T expected = m_host[static_cast<std::size_t>(r * m_n + c)];
                const T got = out[static_cast<std::size_t>(c * m_n + r)];
                // A transpose moves bits: anything but an exact copy is wrong (NaN poison included).
                if (std::memcmp(&expected, &got, sizeof(T)) != 0) {
                    std::ostringstream msg;
                    msg << "out[" << c << "][" << r << "] = " << got << ", expected " << expected;
                    return {false, 1, 1, msg.str()};
                }
            }
        return result;
    }

private:
    Device& m_device;
    std::unique_ptr<Kernel> m_kernel;
    int m_tile, m_wpt;
    std::int64_t m_n = 0;
    std::vector<T> m_host;
    std::unique_ptr<Buffer> m_in, m_out;
};

} // namespace

std::string TransposeFamily::name() const { return m_precision == Precision::F32 ? "transpose" : "dtranspose"; }

std::string TransposeFamily::description() const {
    return "Out-of-place transpose of an n×n row-major matrix through tiles, optionally staged in local memory. "
           "Bound: the device copy bandwidth (every element read once and written once).";
}

ParameterSpace TransposeFamily::space(const DeviceInfo& device) const {
    ParameterSpace space;
    space.name = name();
    space.addParameter({"TRA_TILE", {4, 8, 16, 32, 64}, "tile edge (elements)"});
    space.addParameter({"TRA_WPT", {1, 2, 4, 8, 16}, "rows handled by one work-item"});
    space.addParameter({"TRA_LOCAL", {0, 1}, "stage the tile in local memory"});
    space.addParameter({"TRA_PAD", {0, 1}, "local-memory row padding (bank conflicts)"});
    space.addConstraint({"TRA_TILE % TRA_WPT == 0", "whole rows per work-item"});
    space.addConstraint({"TRA_TILE * TRA_TILE / TRA_WPT <= DEV_MAX_WG", "work-group size limit"});
    space.addConstraint({"TRA_TILE <= DEV_MAX_WI0 && TRA_TILE / TRA_WPT <= DEV_MAX_WI1", "work-item dimension limits"});
    space.addConstraint({"TRA_LOCAL == 1 || TRA_PAD == 0", "padding only matters with local memory"});
    space.addConstraint({"TRA_LOCAL == 0 || TRA_TILE * (TRA_TILE + TRA_PAD) * " +
                             std::to_string(m_precision == Precision::F32 ? 4 : 8) + " <= DEV_LOCAL_MEM",
                         "tile fits in local memory"});
    for (const auto& [var, value] : deviceVariables(device)) space.setVariable(var, value);
    return space;
}

std::vector<ProblemSize> TransposeFamily::defaultSizes(const DeviceInfo& device) const {
    if (device.type == DeviceType::Gpu) return {{{2048}}, {{4096}}, {{8192}}};
    return {{{256}}, {{512}}};
}

double TransposeFamily::bytes(const ProblemSize& size) const {
    const double n = static_cast<double>(size.dims.at(0));
    return 2.0 * n * n * elementBytes(m_precision);
}

GeneratedSource TransposeFamily::generate(const Point& point, const DeviceInfo&) const {
    GeneratedSource out;
    out.source = withPreamble(embeddedSource("transpose/transpose.cl"));
    for (const auto& name : point.names()) out.options.push_back("-D" + name + "=" + std::to_string(point[name]));
    if (m_precision == Precision::F64) out.options.push_back("-DKT_DOUBLE=1");
    out.kernels = {"transpose"};
    return out;
}

std::unique_ptr<CandidateRun> TransposeFamily::instantiate(Device& device, const Point& point, Program& program) const {
    const int tile = static_cast<int>(point["TRA_TILE"]), wpt = static_cast<int>(point["TRA_WPT"]);
    if (m_precision == Precision::F32)
        return std::make_unique<TransposeRun<float>>(device, program.kernel("transpose"), tile, wpt);
    return std::make_unique<TransposeRun<double>>(device, program.kernel("transpose"), tile, wpt);
}

void registerTransposeFamilies() {
    FamilyRegistry::instance().add(std::make_shared<TransposeFamily>(Precision::F32));
    FamilyRegistry::instance().add(std::make_shared<TransposeFamily>(Precision::F64));
}

} // namespace kt::kernels
