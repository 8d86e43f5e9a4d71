// Wires kernels/profile into the GUI. The measurements run one at a time so a cancel request (window closed,
// user pressed Cancel) takes effect between them; profileDevice() itself cannot be interrupted.
#include "app/gui/services/profile_service.hpp"

#include <QDateTime>

#include "kernels/profile/device_profiler.hpp"

namespace kt::gui {

ProfileFunction systemProfiler() {
    return [](Device& device, const std::atomic<bool>& cancel) {
        const auto options = kernels::defaultProfileOptions(device.info());
        DeviceProfile profile;
        profile.copyBandwidthGBs = kernels::measureCopyBandwidth(device, options);
        if (cancel) return profile;
        profile.fp32PeakGFlops = kernels::measureFmaPeak(device, false, options);
        if (cancel) return profile;
        profile.fp64PeakGFlops = device.info().fp64 ? kernels::measureFmaPeak(device, true, options) : 0.0;
        profile.measuredAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString();
        return profile;
    };
}

} // namespace kt::gui
