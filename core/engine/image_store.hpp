// Compiled program images on disk, so that a resumed or repeated tune loads its candidates instead of compiling them
// again. One file per image, named by a hash of (image target, source, options); the file repeats that whole key and
// ends with a checksum, so a hash collision, a truncated or a corrupt file reads as a miss, never as a wrong program.
// Writes go to a temporary file renamed into place, so several processes may share the folder. Nothing is evicted:
// delete the folder to reclaim the space.
#pragma once
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/engine/backend.hpp"

namespace kt {

class ImageStore {
public:
    explicit ImageStore(std::filesystem::path folder) : m_folder(std::move(folder)) {}

    // $KT_IMAGE_CACHE (a folder, or "off"), else $XDG_CACHE_HOME/ktune/images, else ~/.cache/ktune/images; null when
    // it is off or no location is known.
    static std::unique_ptr<ImageStore> fromEnvironment();

    std::optional<ProgramImage> load(const std::string& target, const std::string& source,
                                     const std::vector<std::string>& options) const;
    // Failures (read-only or full disk) are ignored: without the cache the tune only compiles more.
    void store(const std::string& target, const std::string& source, const std::vector<std::string>& options,
               const ProgramImage& image) const;

    const std::filesystem::path& folder() const { return m_folder; }
    // The file that holds (or would hold) this image.
    std::filesystem::path fileFor(const std::string& target, const std::string& source,
                                  const std::vector<std::string>& options) const;

private:
    std::filesystem::path m_folder;
};

} // namespace kt
