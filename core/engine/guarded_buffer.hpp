// Guard regions around a device allocation, so that a kernel writing before the start or past the end of a buffer is
// caught after the run instead of silently corrupting a neighbour (the plan executor allocates every buffer this way).
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "core/engine/backend.hpp"

namespace kt {

// One parent allocation laid out as [front guard | data | back guard]; kernels and transfers see only the data, a
// view of the parent (Device::view). The guards hold kPattern until something writes outside the data.
class GuardedBuffer {
public:
    static constexpr std::uint8_t kPattern = 0xA5;
    // At least this much on each side: wider than any vector store or small stride error of a kernel, and a multiple
    // of every device's view alignment seen so far (OpenCL base address alignment, 128 to 512 bytes).
    static constexpr std::size_t kMinGuardBytes = 4096;

    // `bytes` of data between fresh guards; nullptr when the device has no views (then the caller allocates plainly).
    // Throws BackendError when the allocation fails.
    static std::unique_ptr<GuardedBuffer> allocate(Device& device, std::size_t bytes);
    ~GuardedBuffer();

    // Moves the data to `bytes` (guards rewritten right after it) inside the same allocation; false when it is too
    // small. Keeps the back guard adjacent to the data, so a smaller size is guarded as exactly as a fresh one.
    bool fit(std::size_t bytes);
    Buffer& data() { return *m_data; }
    std::size_t bytes() const { return m_bytes; }
    std::size_t guardBytes() const { return m_guard; }

    // A view of the data moved by `shift` bytes (a multiple of Device::viewAlignment(), |shift| <= guardBytes()),
    // so that a kernel given it writes into a guard: fault injection (core/engine/fault_injection.hpp).
    Buffer& displaced(std::ptrdiff_t shift);

    // Empty when both guards still hold the pattern; otherwise which guard changed and where, in elements of
    // `elementBytes` of the buffer `name` (e.g. "wrote past the end of C: 16 guard bytes changed, the first at
    // element C[4096] (C has 4096 elements)"). Damaged guards are rewritten, so the next check reports only new writes.
    std::string damage(const std::string& name, std::size_t elementBytes);

private:
    GuardedBuffer(Device& device, std::unique_ptr<Buffer> parent, std::size_t guard);
    void writeGuards();

    Device& m_device;
    std::unique_ptr<Buffer> m_parent;
    std::unique_ptr<Buffer> m_data;
    std::unique_ptr<Buffer> m_displaced;
    std::ptrdiff_t m_shift = 0;
    std::size_t m_guard;
    std::size_t m_bytes = 0;
};

} // namespace kt
