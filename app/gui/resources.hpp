// Registers resources/ktune.qrc: it is compiled into the static ktgui library, where nothing references the
// resource initialiser, so the linker would drop it without an explicit call.
#pragma once

namespace kt::gui {

void initResources(); // idempotent

} // namespace kt::gui
