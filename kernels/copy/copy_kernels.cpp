// Host side of the layout copy kernels (kernels/copy/copy_to_layout.cl).
#include "kernels/copy/copy_kernels.hpp"

#include <limits>
#include <stdexcept>

#include "kernels/common/dialect.hpp"
#include "kernels/common/embedded.hpp"

namespace kt::copy {

std::string copySource() { return kernels::withPreamble(kernels::embeddedSource("copy/copy_to_layout.cl")); }

std::vector<std::string> copyOptions(const CopyParams& p) {
    std::vector<std::string> o{"-DCOPY_TRANS=" + std::to_string(p.transpose ? 1 : 0),
                               "-DCOPY_LAYOUT=" + std::to_string(int(p.layout)),
                               "-DCOPY_BR=" + std::to_string(p.blockRows), "-DCOPY_BC=" + std::to_string(p.blockCols),
                               "-DCOPY_TILE=" + std::to_string(p.tile), "-DCOPY_ROWS=" + std::to_string(p.rows)};
    if (p.precision == Precision::F64) o.push_back("-DKT_DOUBLE=1");
    return o;
}

void enqueueCopy(Device& device, Kernel& kernel, const CopyParams& p, std::int64_t R, std::int64_t Cc, std::int64_t r,
                 std::int64_t c, Buffer& src, std::int64_t ld, std::int64_t offset, Buffer& dst) {
    if (R % p.blockRows || Cc % p.blockCols || r > R || c > Cc)
        throw std::invalid_argument("copy: destination " + std::to_string(R) + "x" + std::to_string(Cc) +
                                    " does not fit blocks " + std::to_string(p.blockRows) + "x" +
                                    std::to_string(p.blockCols) + " or source " + std::to_string(r) + "x" +
                                    std::to_string(c));
    constexpr std::int64_t kMax = std::numeric_limits<std::int32_t>::max();
    if (R > kMax || Cc > kMax || ld > kMax || offset > kMax)
        throw std::invalid_argument("copy: dimensions exceed the 32-bit kernel arguments");
    if (p.tile < 1 || p.rows < 1 || p.tile % p.rows)
        throw std::invalid_argument("copy: rows (" + std::to_string(p.rows) + ") must divide the tile (" +
                                    std::to_string(p.tile) + ")");
    const auto t = std::int64_t(p.tile);
    Range global(std::size_t(gemm::roundUp(Cc, t)), std::size_t(gemm::roundUp(R, t) / t * p.rows));
    device.enqueue(kernel, global, Range(std::size_t(t), std::size_t(p.rows)),
                   {std::int32_t(R), std::int32_t(Cc), std::int32_t(r), std::int32_t(c), &src, std::int32_t(ld),
                    std::int32_t(offset), &dst});
}

} // namespace kt::copy
