// Executor that measures in the calling process (fast, but a crashing kernel takes the process down).
#include <thread>

#include "core/engine/executor.hpp"

namespace kt {

namespace {
class InProcessExecutor final : public Executor {
public:
    InProcessExecutor(Device& device, std::shared_ptr<const Family> family, ExecutorConfig config)
        : m_measurer(device, std::move(family)), m_config(std::move(config)) {
        m_measurer.programs().useImageDefaults(m_config.compileInProcesses ? m_config.workerPath : std::string());
    }

    void compile(const std::vector<Point>& points) override {
        int threads = m_config.compileThreads > 0 ? m_config.compileThreads
                                                  : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        if (m_measurer.programs().compilesInOtherProcesses())
            m_measurer.compileAhead(points, threads); // measure() waits for each candidate's own programs
        else
            m_measurer.compile(points, threads);
    }

    std::vector<Measurement> measure(const Point& point, const std::vector<ProblemSize>& sizes) override {
        return m_measurer.measure(point, sizes, m_config.measure);
    }

private:
    CandidateMeasurer m_measurer;
    ExecutorConfig m_config;
};
} // namespace

std::unique_ptr<Executor> makeInProcessExecutor(Device& device, std::shared_ptr<const Family> family, ExecutorConfig config) {
    return std::make_unique<InProcessExecutor>(device, std::move(family), std::move(config));
}

} // namespace kt
