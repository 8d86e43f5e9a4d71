// Limits how often a live plot redraws: data is taken at once, the drawing (about 15 ms for a QCustomPlot replot on a
// busy CPU) happens at most every kMinIntervalMs, and not at all while the plot is hidden.
#pragma once
#include <functional>

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

namespace kt::gui {

class RedrawThrottle {
public:
    static constexpr int kMinIntervalMs = 100;

    RedrawThrottle(QWidget* owner, std::function<void()> redraw) : m_owner(owner), m_redraw(std::move(redraw)) {
        m_timer.setSingleShot(true);
        QObject::connect(&m_timer, &QTimer::timeout, owner, [this] { now(); });
    }
    // Data changed: redraw now, later, or when shown.
    void request() {
        if (!m_owner->isVisible()) {
            m_stale = true;
            return;
        }
        if (m_timer.isActive()) return;
        const qint64 wait = m_last.isValid() ? kMinIntervalMs - m_last.elapsed() : 0;
        if (wait <= 0)
            now();
        else
            m_timer.start(static_cast<int>(wait));
    }
    // From the owner's showEvent.
    void shown() {
        if (m_stale) now();
    }
    bool pending() const { return m_stale || m_timer.isActive(); }

private:
    void now() {
        m_timer.stop();
        m_stale = false;
        m_last.start();
        m_redraw();
    }

    QWidget* m_owner;
    std::function<void()> m_redraw;
    QTimer m_timer;
    QElapsedTimer m_last;
    bool m_stale = false;
};

} // namespace kt::gui
