// Pause / resume / cancel for a tuning run, shared between the controlling thread (GUI, CLI signal handler) and the
// run's worker thread, which checks it between candidates.
#pragma once
#include <atomic>
#include <condition_variable>
#include <mutex>

namespace kt {

class RunControl {
public:
    void pause() {
        std::lock_guard lock(m_mutex);
        m_paused = true;
    }
    void resume() {
        {
            std::lock_guard lock(m_mutex);
            m_paused = false;
        }
        m_cv.notify_all();
    }
    void cancel() {
        m_cancelled = true;
        resume();
    }
    bool cancelled() const { return m_cancelled; }
    bool paused() const {
        std::lock_guard lock(m_mutex);
        return m_paused;
    }
    // Blocks while paused. Returns false when the run was cancelled (then the caller stops).
    bool checkpoint() {
        std::unique_lock lock(m_mutex);
        m_cv.wait(lock, [&] { return !m_paused || m_cancelled; });
        return !m_cancelled;
    }

private:
    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    bool m_paused = false;
    std::atomic<bool> m_cancelled{false};
};

} // namespace kt
