// On-disk image cache (see image_store.hpp). File layout: magic, then three length-prefixed fields (key, log, image),
// then the FNV-1a hash of everything before it.
#include "core/engine/image_store.hpp"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

#include <unistd.h>

namespace kt {

namespace {

constexpr char kMagic[] = "KTIMAGE1";
constexpr std::size_t kMagicSize = sizeof kMagic - 1;

std::uint64_t fnv1a(const char* data, std::size_t size, std::uint64_t h = 1469598103934665603ull) {
    for (std::size_t i = 0; i < size; ++i) {
        h ^= static_cast<unsigned char>(data[i]);
        h *= 1099511628211ull;
    }
    return h;
}

std::string keyText(const std::string& target, const std::string& source, const std::vector<std::string>& options) {
    std::string key = target + '\x1e' + source;
    for (const auto& o : options) key += '\x1f' + o;
    return key;
}

void appendU64(std::string& out, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

std::uint64_t readU64(const std::string& in, std::size_t at) {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(static_cast<unsigned char>(in[at + i])) << (8 * i);
    return v;
}

// The next length-prefixed field of `file` at `at`, or false when the file ends first.
bool readField(const std::string& file, std::size_t& at, std::size_t end, std::string& out) {
    if (end - at < 8) return false;
    const std::uint64_t size = readU64(file, at);
    at += 8;
    if (size > end - at) return false;
    out.assign(file, at, size);
    at += size;
    return true;
}

} // namespace

std::unique_ptr<ImageStore> ImageStore::fromEnvironment() {
    std::filesystem::path folder;
    if (const char* e = std::getenv("KT_IMAGE_CACHE"); e && *e) {
        if (std::strcmp(e, "off") == 0) return nullptr;
        folder = e;
    } else if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x && std::filesystem::path(x).is_absolute()) {
        folder = std::filesystem::path(x) / "ktune" / "images";
    } else if (const char* home = std::getenv("HOME"); home && *home) {
        folder = std::filesystem::path(home) / ".cache" / "ktune" / "images";
    } else {
        return nullptr;
    }
    return std::make_unique<ImageStore>(folder);
}

std::filesystem::path ImageStore::fileFor(const std::string& target, const std::string& source,
                                          const std::vector<std::string>& options) const {
    const std::string key = keyText(target, source, options);
    char name[32];
    std::snprintf(name, sizeof name, "%016llx.img", static_cast<unsigned long long>(fnv1a(key.data(), key.size())));
    return m_folder / name;
}

std::optional<ProgramImage> ImageStore::load(const std::string& target, const std::string& source,
                                             const std::vector<std::string>& options) const {
    std::ifstream in(fileFor(target, source, options), std::ios::binary);
    if (!in) return std::nullopt;
    const std::string file{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    if (file.size() < kMagicSize + 8 || file.compare(0, kMagicSize, kMagic) != 0) return std::nullopt;
    const std::size_t end = file.size() - 8;
    if (readU64(file, end) != fnv1a(file.data(), end)) return std::nullopt; // truncated or corrupt
    std::size_t at = kMagicSize;
    std::string key;
    ProgramImage image;
    if (!readField(file, at, end, key) || !readField(file, at, end, image.log) ||
        !readField(file, at, end, image.bytes) || at != end)
        return std::nullopt;
    if (key != keyText(target, source, options)) return std::nullopt; // another image with the same hash
    return image;
}

void ImageStore::store(const std::string& target, const std::string& source, const std::vector<std::string>& options,
                       const ProgramImage& image) const {
    const std::string key = keyText(target, source, options);
    std::string file(kMagic, kMagicSize);
    for (const std::string* field : {&key, &image.log, &image.bytes}) {
        appendU64(file, field->size());
        file += *field;
    }
    appendU64(file, fnv1a(file.data(), file.size()));

    std::error_code ec;
    std::filesystem::create_directories(m_folder, ec);
    const auto path = fileFor(target, source, options);
    // Each writer (process and thread) has its own temporary name; rename() replaces atomically.
    static std::atomic<unsigned> serial{0};
    auto tmp = path;
    tmp += "." + std::to_string(::getpid()) + "." + std::to_string(serial++) + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary);
        if (!out) return;
        out.write(file.data(), static_cast<std::streamsize>(file.size()));
        out.close();
        if (!out) {
            std::filesystem::remove(tmp, ec);
            return;
        }
    }
    std::filesystem::rename(tmp, path, ec);
    if (ec) std::filesystem::remove(tmp, ec);
}

} // namespace kt
