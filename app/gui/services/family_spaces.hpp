// A family's parameter spaces as the Tune page handles them: its presets, whether a loaded space fits it, the file
// form `ktune tune --space FILE` reads, and binding an edited space to a device.
#pragma once
#include <string>
#include <vector>

#include <QCoreApplication>
#include <QString>

#include "core/model/device_info.hpp"
#include "core/space/parameter_space.hpp"

namespace kt {
class Family;
}

namespace kt::gui {

class FamilySpaces {
    Q_DECLARE_TR_FUNCTIONS(kt::gui::FamilySpaces)

public:
    struct Preset {
        QString name;
        ParameterSpace space;
    };
    // The built-in presets (resources/presets, loaded by kernels::presetSpace) for `family`: those it names
    // (Family::presetNames) and those named after it ("sgemm", "sgemm-paper"), kept only when their parameters
    // are the family's own. `familySpace` is the family's default space.
    static std::vector<Preset> presets(const Family& family, const ParameterSpace& familySpace);
    // Empty when `space` has exactly the parameters of `familySpace` (any order); otherwise a message naming the
    // missing and the unknown ones.
    static QString mismatch(const ParameterSpace& space, const ParameterSpace& familySpace);
    // `space` without device variables (DEV_*): they belong to the device, not to the user's space.
    static ParameterSpace withoutDeviceVariables(const ParameterSpace& space);
    // `space` as the editor takes it: without device variables, and with the family's description for a
    // parameter that has none (presets and files may leave them out).
    static ParameterSpace adopt(const ParameterSpace& space, const ParameterSpace& familySpace);
    // The edited space bound to `device`: the family's device requirements added (Family::deviceRequirements), every
    // device variable set, the family's own values winning. `familySpace` is family.space(device).
    static ParameterSpace forDevice(const ParameterSpace& edited, const Family& family,
                                    const ParameterSpace& familySpace, const DeviceInfo& device);
    // Same parameters, values, constraints and variables (device variables aside).
    static bool sameSpace(const ParameterSpace& a, const ParameterSpace& b);
    // JSON text for a space file (ParameterSpace::toJson without device variables, plus "family").
    static std::string toFileText(const ParameterSpace& space, const std::string& family);
};

} // namespace kt::gui
