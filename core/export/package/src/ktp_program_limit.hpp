// The bound on programs compiled with per-call options. The batched GEMM compiles one program per call size (m, n, k
// in 1…32: up to 32 768 per precision), so a process that meets many sizes would keep them all in memory. Each
// device state keeps at most maxPrograms() of them and releases the least recently used one beyond that (its
// kernels too); a later call at its size loads it again from the disk cache. Programs without per-call options are
// few (one per variant) and never counted or released. Shared by the OpenCL and CUDA backends, which use it under
// their call lock, as they use their program maps.
#pragma once
#include <cstddef>
#include <list>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace ktp {

// The default limit per device state. A program of a batched size is small (PoCL: tens of KiB, a cubin alike, plus
// the driver's own per-module memory), so 256 stay well under a few tens of MiB, and 256 sizes cover a workload of
// a handful of shapes with room to spare (every m = n = k ≤ 32 in both precisions takes 64).
constexpr long long kDefaultMaxPrograms = 256;

// $KTP_MAX_PROGRAMS (a whole number ≥ 1), else kDefaultMaxPrograms; read once. 0 with `error` set when the variable
// holds anything else (ktp_dispatch.cpp).
long long maxPrograms(std::string& error);

// Least-recently-used order of one device state's per-call programs, keyed as the backends' maps: (program index,
// per-call options).
class SizedPrograms {
public:
    using Key = std::pair<int, std::string>;

    // A program in memory was used again: it becomes the most recent.
    void touch(const Key& key) {
        const auto it = m_where.find(key);
        if (it != m_where.end()) m_order.splice(m_order.begin(), m_order, it->second);
    }

    // `key` was just put in memory: returns the keys the caller must release (least recently used first) so that
    // at most `limit` stay; `key` itself is never among them.
    std::vector<Key> add(const Key& key, long long limit) {
        if (m_where.count(key))
            touch(key);
        else
            m_where[key] = m_order.insert(m_order.begin(), key);
        std::vector<Key> out;
        while (m_order.size() > 1 && (long long)m_order.size() > limit) {
            out.push_back(m_order.back());
            m_where.erase(m_order.back());
            m_order.pop_back();
        }
        return out;
    }

    std::size_t size() const { return m_order.size(); }

private:
    std::list<Key> m_order; // most recent first
    std::map<Key, std::list<Key>::iterator> m_where;
};

// Erases every entry of the program `key` from a backend's (program index, per-call options, kernel name) map (its
// kernels or functions), passing each value to `release` first.
template <class Map, class Release>
void eraseProgramEntries(Map& map, const SizedPrograms::Key& key, Release release) {
    auto it = map.lower_bound({key.first, key.second, std::string()});
    while (it != map.end() && std::get<0>(it->first) == key.first && std::get<1>(it->first) == key.second) {
        release(it->second);
        it = map.erase(it);
    }
}

// A program's build options with the call's per-call options appended (none: the program's own).
inline std::string withPerCall(const char* options, const std::string& perCall) {
    return perCall.empty() ? std::string(options) : std::string(options) + " " + perCall;
}

} // namespace ktp
