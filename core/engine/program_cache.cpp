// Program cache (see program_cache.hpp).
#include "core/engine/program_cache.hpp"

#include <chrono>
#include <cstdio>

namespace kt {

namespace {
std::uint64_t fnv1a(const std::string& text, std::uint64_t h = 1469598103934665603ull) {
    for (unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}
} // namespace

std::string ProgramCache::key(const GeneratedSource& source) const {
    std::uint64_t h = fnv1a(source.source);
    for (const auto& o : source.options) h = fnv1a(o + "\x1f", h);
    const auto& info = m_device.info();
    h = fnv1a(info.stableId() + "\x1f" + info.driverVersion, h);
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

std::shared_ptr<const ProgramCache::Entry> ProgramCache::entry(const GeneratedSource& source) {
    const std::string k = key(source);
    std::promise<std::shared_ptr<const Entry>> promise;
    std::shared_future<std::shared_ptr<const Entry>> pending;
    bool mine = false;
    {
        std::lock_guard lock(m_mutex);
        if (auto it = m_entries.find(k); it != m_entries.end()) {
            ++m_hits;
            pending = it->second; // built, or being built by another thread: wait for that one
        } else {
            pending = promise.get_future().share();
            m_entries.emplace(k, pending);
            mine = true;
        }
    }
    if (mine) {
        auto built = std::make_shared<Entry>();
        const auto start = std::chrono::steady_clock::now();
        try {
            built->program = std::shared_ptr<Program>(m_device.build(source.source, source.options));
        } catch (const BuildError& e) {
            built->error = std::string(e.what()) + "\n" + e.log();
        } catch (const std::exception& e) {
            built->error = e.what();
        }
        built->compileMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        promise.set_value(built);
    }
    return pending.get();
}

std::shared_ptr<Program> ProgramCache::program(const GeneratedSource& source) {
    auto e = entry(source);
    if (!e->program) {
        const auto newline = e->error.find('\n');
        throw BuildError(e->error.substr(0, newline),
                         newline == std::string::npos ? std::string() : e->error.substr(newline + 1));
    }
    return e->program;
}

std::size_t ProgramCache::size() const {
    std::lock_guard lock(m_mutex);
    return m_entries.size();
}

std::size_t ProgramCache::hits() const {
    std::lock_guard lock(m_mutex);
    return m_hits;
}

} // namespace kt
