// Host work split over the machine's cores in contiguous chunks: the random operands a candidate is prepared with
// and the host checks of its results. At the batched family's ~3 GB of operands both took seconds per candidate on
// one thread (H200 2026-11-28 run F: 10-16 s a candidate), most of a tune's time; the GPU hosts have 16 cores.
#pragma once
#include <algorithm>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace kt {

// Calls work(begin, end) on consecutive chunks covering [0, count), at most one chunk per hardware thread and none
// smaller than `grain` (small counts stay on the calling thread). The chunks depend only on count, grain and the
// thread count, and the first exception thrown by any chunk is rethrown here after every chunk has finished.
template <class Work> void parallelChunks(std::size_t count, std::size_t grain, Work&& work) {
    const std::size_t cores = std::max(1u, std::thread::hardware_concurrency());
    const std::size_t chunks = std::max<std::size_t>(1, std::min(cores, count / std::max<std::size_t>(grain, 1)));
    if (chunks == 1) {
        work(std::size_t{0}, count);
        return;
    }
    std::exception_ptr failure;
    std::mutex failureMutex;
    auto runChunk = [&](std::size_t c) {
        try {
            work(count * c / chunks, count * (c + 1) / chunks);
        } catch (...) {
            std::lock_guard lock(failureMutex);
            if (!failure) failure = std::current_exception();
        }
    };
    std::vector<std::thread> threads;
    threads.reserve(chunks - 1);
    for (std::size_t c = 1; c < chunks; ++c) threads.emplace_back(runChunk, c);
    runChunk(0);
    for (auto& t : threads) t.join();
    if (failure) std::rethrow_exception(failure);
}

} // namespace kt
