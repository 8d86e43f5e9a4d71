// Human-readable formatting of device quantities for the GUI (memory sizes, rates, flags), translated.
#pragma once
#include <cstdint>

#include <QCoreApplication>
#include <QString>

namespace kt::gui {

class Format {
    Q_DECLARE_TR_FUNCTIONS(kt::gui::Format)

public:
    // Picks the unit so the number stays readable: "15.6 GiB", "64 KiB", "512 MiB"; "0 B" and "—" for unknown.
    static QString bytes(std::uint64_t bytes);
    static QString yesNo(bool value);
    static QString megahertz(int mhz);
    static QString gigabytesPerSecond(double value);
    static QString gigaflops(double value);
};

} // namespace kt::gui
