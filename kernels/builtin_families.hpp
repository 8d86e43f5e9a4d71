// Registers every kernel family built into libktkernels with kt::FamilyRegistry (call once at program start).
#pragma once

namespace kt::kernels {
void registerBuiltinFamilies();
}
