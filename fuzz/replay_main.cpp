// Replays files through a fuzz target without libFuzzer (any compiler): every file of the folders given, in name
// order. The ctest replay tests run each target's seed corpus and saved crashes (fuzz/regressions/<target>) this way,
// so a crash once found stays a test. Exit 0 when every input was handled; a finding aborts as under libFuzzer.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
    std::vector<std::filesystem::path> files;
    for (int i = 1; i < argc; ++i) {
        const std::filesystem::path dir = argv[i];
        if (!std::filesystem::is_directory(dir)) continue; // a target without saved crashes has no folder
        for (const auto& e : std::filesystem::directory_iterator(dir))
            if (e.is_regular_file()) files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) {
        std::fprintf(stderr, "no inputs in the folders given\n");
        return 1;
    }
    for (const auto& f : files) {
        std::ifstream in(f, std::ios::binary);
        const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        std::printf("%s (%zu bytes)\n", f.string().c_str(), bytes.size());
        std::fflush(stdout); // the name is out before a crash
        LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    }
    std::printf("%zu inputs handled\n", files.size());
    return 0;
}
