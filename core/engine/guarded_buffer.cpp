// Guard regions around device allocations (see guarded_buffer.hpp).
#include "core/engine/guarded_buffer.hpp"

#include <algorithm>
#include <vector>

namespace kt {

namespace {
std::size_t roundUp(std::size_t v, std::size_t to) { return (v + to - 1) / to * to; }
} // namespace

std::unique_ptr<GuardedBuffer> GuardedBuffer::allocate(Device& device, std::size_t bytes) {
    const std::size_t align = device.viewAlignment();
    if (align == 0) return nullptr;
    const std::size_t guard = roundUp(kMinGuardBytes, align);
    auto parent = device.allocate(guard + roundUp(std::max<std::size_t>(bytes, 1), align) + guard);
    std::unique_ptr<GuardedBuffer> g(new GuardedBuffer(device, std::move(parent), guard));
    if (!g->fit(bytes)) throw std::logic_error("guarded buffer: a fresh allocation does not fit its own size");
    return g;
}

GuardedBuffer::GuardedBuffer(Device& device, std::unique_ptr<Buffer> parent, std::size_t guard)
    : m_device(device), m_parent(std::move(parent)), m_guard(guard) {}

GuardedBuffer::~GuardedBuffer() {
    // Views before the memory they view.
    m_displaced.reset();
    m_data.reset();
}

bool GuardedBuffer::fit(std::size_t bytes) {
    bytes = std::max<std::size_t>(bytes, 1);
    if (m_guard + bytes + m_guard > m_parent->bytes()) return false;
    if (m_data && bytes == m_bytes) return true;
    m_displaced.reset();
    m_shift = 0;
    m_data.reset();
    m_data = m_device.view(*m_parent, m_guard, bytes);
    m_bytes = bytes;
    writeGuards();
    return true;
}

void GuardedBuffer::writeGuards() {
    const std::vector<std::uint8_t> pattern(m_guard, kPattern);
    m_device.write(*m_parent, pattern.data(), m_guard, 0);
    m_device.write(*m_parent, pattern.data(), m_guard, m_guard + m_bytes);
}

Buffer& GuardedBuffer::displaced(std::ptrdiff_t shift) {
    if (shift == 0) return *m_data;
    const auto magnitude = std::size_t(shift < 0 ? -shift : shift);
    if (magnitude > m_guard) throw std::invalid_argument("guarded buffer: a displacement larger than the guard");
    if (!m_displaced || m_shift != shift) {
        m_displaced.reset();
        m_displaced = m_device.view(*m_parent, std::size_t(std::ptrdiff_t(m_guard) + shift), m_bytes);
        m_shift = shift;
    }
    return *m_displaced;
}

std::string GuardedBuffer::damage(const std::string& name, std::size_t elementBytes) {
    elementBytes = std::max<std::size_t>(elementBytes, 1);
    std::vector<std::uint8_t> front(m_guard), back(m_guard);
    m_device.read(*m_parent, front.data(), m_guard, 0);
    m_device.read(*m_parent, back.data(), m_guard, m_guard + m_bytes);
    const auto changed = [](const std::vector<std::uint8_t>& g) {
        return std::size_t(std::count_if(g.begin(), g.end(), [](std::uint8_t b) { return b != kPattern; }));
    };
    const std::size_t changedBack = changed(back), changedFront = changed(front);
    if (changedBack + changedFront > 0) writeGuards();
    const std::string size = " (" + name + " has " + std::to_string(m_bytes / elementBytes) + " elements)";
    if (const auto n = changedBack) {
        const auto first = std::size_t(
            std::find_if(back.begin(), back.end(), [](std::uint8_t b) { return b != kPattern; }) - back.begin());
        return "wrote past the end of " + name + ": " + std::to_string(n) +
               " guard bytes changed, the first at element " + name + "[" +
               std::to_string((m_bytes + first) / elementBytes) + "]" + size;
    }
    if (const auto n = changedFront) {
        // The changed byte nearest the data: the element just before the start that the kernel reached.
        const auto last = std::size_t(
            std::find_if(front.rbegin(), front.rend(), [](std::uint8_t b) { return b != kPattern; }) - front.rbegin());
        return "wrote before the start of " + name + ": " + std::to_string(n) +
               " guard bytes changed, the nearest at element " + name + "[-" + std::to_string(last / elementBytes + 1) +
               "]" + size;
    }
    return {};
}

} // namespace kt
