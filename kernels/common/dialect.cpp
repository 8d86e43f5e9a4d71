// The dialect preamble, loaded once from the embedded sources.
#include "kernels/common/dialect.hpp"

#include "kernels/common/embedded.hpp"

namespace kt::kernels {
const std::string& dialectPreamble() {
    static const std::string preamble = embeddedSource("common/preamble.cl");
    return preamble;
}

std::string withPreamble(const std::string& body) { return dialectPreamble() + "\n#line 1\n" + body; }
} // namespace kt::kernels
