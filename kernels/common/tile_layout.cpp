// Names of the TN kernel's operand layouts, as the generator's defines spell them.
#include "kernels/common/tile_layout.hpp"

namespace kt::kernels {

std::string toString(Layout layout) {
    switch (layout) {
    case Layout::Row: return "ROW";
    case Layout::Cbl: return "CBL";
    case Layout::Rbl: return "RBL";
    }
    return "?";
}

} // namespace kt::kernels
