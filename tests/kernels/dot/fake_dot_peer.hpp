// A fake vendor library for the dot family's bench tests (library bench and the workbench's Bench page).
#pragma once
#include <string>
#include <vector>

#include "core/engine/backend.hpp"
#include "devices/vendor/peer.hpp"

namespace kt::test {

// A vendor library of one routine: dot, computed on the host from the device buffers (or off by one when `wrong`).
// `calls`, when given, counts the calls where the test can read it after the bench has destroyed the peer.
class FakeDotPeer final : public devices::vendor::BlasPeer {
public:
    FakeDotPeer(Device& device, bool wrong, int* calls = nullptr) : m_device(device), m_wrong(wrong), m_calls(calls) {}
    std::string name() const override { return "FakeBLAS"; }
    std::string id() const override { return "fake"; }
    bool supports(const std::string& routine) const override { return routine == "dot"; }
    std::string routineName(const std::string& routine) const override { return supports(routine) ? "dot" : ""; }
    double run(const blas::BlasCall& call, const blas::BlasOperands& ops) override {
        if (m_calls) ++*m_calls;
        return call.precision == Precision::F64 ? compute<double>(call, ops) : compute<float>(call, ops);
    }
private:
    template <class T> double compute(const blas::BlasCall& call, const blas::BlasOperands& ops) {
        std::vector<T> x(std::size_t(call.n)), y(std::size_t(call.n));
        m_device.read(*ops.a.buffer, x.data(), x.size() * sizeof(T));
        m_device.read(*ops.b.buffer, y.data(), y.size() * sizeof(T));
        double sum = 0;
        for (std::size_t i = 0; i < x.size(); ++i) sum += double(x[i]) * double(y[i]);
        const T result = T(call.alpha * sum + (m_wrong ? 1.0 : 0.0));
        m_device.write(*ops.c.buffer, &result, sizeof(T));
        return 0.25; // ms
    }
    Device& m_device;
    bool m_wrong;
    int* m_calls;
};

} // namespace kt::test
