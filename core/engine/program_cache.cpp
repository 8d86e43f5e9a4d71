// Program cache (see program_cache.hpp).
#include "core/engine/program_cache.hpp"

#include <chrono>
#include <cstdio>
#include <optional>

namespace kt {

namespace {
std::uint64_t fnv1a(const std::string& text, std::uint64_t h = 1469598103934665603ull) {
    for (unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}
using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
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
    const auto picked = Clock::now();
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
        const auto start = Clock::now();
        const std::shared_ptr<CompileTimeline> timeline = m_timeline;
        std::optional<CompileEvent> event;
        if (timeline) {
            event.emplace();
            event->key = k;
            event->sourceBytes = source.source.size();
            event->cost = source.compileCost;
            event->picked = picked;
        }
        try {
            build(source, *built, event ? &*event : nullptr);
        } catch (const BuildError& e) {
            built->error = std::string(e.what()) + "\n" + e.log();
        } catch (const std::exception& e) {
            built->error = e.what();
        }
        built->compileMs = millisecondsSince(start);
        if (event) {
            event->done = Clock::now();
            event->failed = !built->program;
            event->fromDisk = built->fromDisk;
            timeline->add(std::move(*event));
        }
        promise.set_value(built);
    }
    return pending.get();
}

void ProgramCache::useImages(std::shared_ptr<ImageCompiler> compiler, std::shared_ptr<const ImageStore> store) {
    m_compiler = std::move(compiler);
    m_store = std::move(store);
}

void ProgramCache::useImageDefaults(const std::string& compilerExecutable) {
    useImages(compilerExecutable.empty() ? nullptr : std::make_shared<ProcessImageCompiler>(compilerExecutable),
              ImageStore::fromEnvironment());
}

ProgramCache::Totals ProgramCache::totals() const {
    Totals t;
    std::lock_guard lock(m_mutex);
    for (const auto& [key, pending] : m_entries) {
        if (pending.wait_for(std::chrono::seconds(0)) != std::future_status::ready) continue;
        const auto& e = *pending.get();
        ++t.programs;
        if (!e.program) ++t.failed;
        if (e.fromDisk) ++t.fromDisk;
        t.compileMs += e.compileMs;
        t.imageMs += e.imageMs;
        t.loadMs += e.loadMs;
    }
    return t;
}

void ProgramCache::build(const GeneratedSource& source, Entry& built, CompileEvent* event) {
    const std::string target = m_device.imageTarget();
    if (target.empty()) {
        // Compiling and loading are one step here: the timeline's compile holds both.
        if (event) event->sent = event->compileStart = Clock::now();
        built.program = std::shared_ptr<Program>(m_device.build(source.source, source.options));
        if (event) event->compileEnd = event->received = Clock::now();
        return;
    }
    auto start = Clock::now();
    std::optional<ProgramImage> image;
    if (m_store) image = m_store->load(target, source.source, source.options);
    built.fromDisk = image.has_value();
    if (!image) {
        image = compileImage(target, source, event);
        if (m_store) m_store->store(target, source.source, source.options, *image);
    } else if (event) {
        event->sent = event->compileStart = event->compileEnd = event->received = Clock::now();
    }
    if (event) event->imageBytes = image->bytes.size();
    built.imageMs = millisecondsSince(start);
    start = Clock::now();
    built.program = std::shared_ptr<Program>(m_device.loadImage(*image));
    built.loadMs = millisecondsSince(start);
}

ProgramImage ProgramCache::compileImage(const std::string& target, const GeneratedSource& source, CompileEvent* event) {
    if (m_compiler) {
        try {
            // The compiler writes its report into the event (on a build error, what it knew by then).
            return m_compiler->compile(target, source.source, source.options, event);
        } catch (const BuildError&) {
            throw;
        } catch (const BackendError&) {
            // No worker for this target (it cannot be started, or compiles for another one): compile here, and
            // forget what the compiler reported of the attempt.
            if (event) static_cast<CompileReport&>(*event) = CompileReport{};
        }
    }
    if (event) event->sent = event->compileStart = Clock::now();
    auto image = m_device.compileImage(source.source, source.options);
    if (event) event->compileEnd = event->received = Clock::now();
    return image;
}

std::shared_ptr<const ProgramCache::Entry> ProgramCache::built(const GeneratedSource& source) {
    std::shared_future<std::shared_ptr<const Entry>> pending;
    {
        std::lock_guard lock(m_mutex);
        auto it = m_entries.find(key(source));
        if (it != m_entries.end()) pending = it->second;
    }
    // Not asked for yet (a candidate measured before the compile-ahead workers came to it): build it here, outside
    // the lock that entry() takes itself.
    if (!pending.valid()) return entry(source);
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
