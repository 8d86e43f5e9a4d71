// Formatting of device quantities; binary prefixes because drivers report memory in powers of two.
#include "app/gui/format.hpp"

#include <array>

#include <QLocale>

namespace kt::gui {

QString Format::bytes(std::uint64_t bytes) {
    if (bytes == 0) return tr("unknown");
    static const std::array<const char*, 5> units{"B", "KiB", "MiB", "GiB", "TiB"};
    double value = static_cast<double>(bytes);
    std::size_t unit = 0;
    while (value >= 1024.0 && unit + 1 < units.size()) {
        value /= 1024.0;
        ++unit;
    }
    // Whole numbers (64 KiB) print without decimals; others keep one (15.6 GiB).
    const bool whole = value == static_cast<double>(static_cast<std::uint64_t>(value));
    return QStringLiteral("%1 %2").arg(QLocale().toString(value, 'f', whole ? 0 : 1), QLatin1String(units[unit]));
}

QString Format::yesNo(bool value) { return value ? tr("yes") : tr("no"); }

QString Format::megahertz(int mhz) { return mhz > 0 ? tr("%1 MHz").arg(mhz) : tr("unknown"); }

QString Format::gigabytesPerSecond(double value) { return tr("%1 GB/s").arg(QLocale().toString(value, 'f', 1)); }

QString Format::gigaflops(double value) {
    return value > 0 ? tr("%1 GFlop/s").arg(QLocale().toString(value, 'f', 1)) : tr("not supported");
}

} // namespace kt::gui
