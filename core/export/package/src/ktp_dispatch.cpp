// The package's dispatch: call normalisation, the choice of variant by device and size, status and the disk cache.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <sys/stat.h>
#include <unistd.h>

#include "ktp_internal.hpp"
#include "ktp_program_limit.hpp"

namespace ktp {

namespace {
thread_local int tStatus = KTP_SUCCESS;
thread_local std::string tError;
thread_local std::string tVariant;
thread_local std::string tCompiledFor;
Counters gCounters;
} // namespace

Counters& counters() { return gCounters; }

long long maxPrograms(std::string& error) {
    // Read once: the limit must not change under programs already held. A bad value fails every call with the
    // reason (as a bad $KTP_DEVICE does) rather than silently running with another limit.
    static const std::pair<long long, std::string> limit = []() -> std::pair<long long, std::string> {
        const char* text = std::getenv("KTP_MAX_PROGRAMS");
        if (!text || !*text) return {kDefaultMaxPrograms, {}};
        char* end = nullptr;
        errno = 0;
        const long long v = std::strtoll(text, &end, 10);
        const bool digits = std::strspn(text, "0123456789") == std::strlen(text);
        if (digits && errno == 0 && *end == '\0' && v >= 1) return {v, {}};
        return {0, std::string("KTP_MAX_PROGRAMS=") + text +
                       " is not valid: give a whole number >= 1 (how many programs compiled per call size, such as "
                       "the batched GEMM's, each device keeps in memory; default " +
                       std::to_string(kDefaultMaxPrograms) + ")"};
    }();
    error = limit.second;
    return limit.first;
}

int setStatus(int status, const std::string& message) {
    tStatus = status;
    tError = message;
    return status;
}

void setVariant(const std::string& variant) { tVariant = variant; }

void noteCompiledFor(const char* perCall) {
    if (!perCall || !*perCall || tCompiledFor.find(perCall) != std::string::npos) return;
    tCompiledFor += (tCompiledFor.empty() ? "" : "; ") + std::string(perCall);
}
void clearCompiledFor() { tCompiledFor.clear(); }
const std::string& compiledFor() { return tCompiledFor; }

bool toOrder(Call& c, Order order) {
    if (c.order == order) return false;
    c.order = order;
    switch (c.routine) {
    case Routine::Gemm:
    case Routine::GemmBatchedStrided:
    case Routine::GemmBatched:
        std::swap(c.m, c.n), std::swap(c.opA, c.opB), std::swap(c.lda, c.ldb), std::swap(c.offa, c.offb);
        std::swap(c.stridea, c.strideb);
        std::swap(c.poffsets[0], c.poffsets[1]), std::swap(c.maxpa, c.maxpb);
        return true;
    case Routine::Transpose:
        std::swap(c.m, c.n);
        return false;
    case Routine::Symm:
    case Routine::Trmm:
        c.side = 1 - c.side, c.uplo = 1 - c.uplo;
        std::swap(c.m, c.n);
        return false;
    case Routine::Syrk:
    case Routine::Syr2k:
        c.opA = 1 - c.opA, c.uplo = 1 - c.uplo;
        return false;
    case Routine::Symv:
        c.uplo = 1 - c.uplo;
        return false;
    case Routine::Dot:
        return false;
    }
    return false;
}

int operandIndex(const Call& call, const char* name) {
    if (call.routine == Routine::GemmBatched && name[0] == 'P' && name[1] >= 'A' && name[1] <= 'C' && !name[2])
        return 3 + (name[1] - 'A');   // PA, PB, PC: the problems' offsets (Call::poffsets)
    if (call.routine == Routine::Dot) // x, y and the result
        return !std::strcmp(name, "x") ? 0 : !std::strcmp(name, "y") ? 1 : !std::strcmp(name, "result") ? 2 : -1;
    if (!std::strcmp(name, "A")) return 0;
    if (!std::strcmp(name, "B")) return call.routine == Routine::Trmm ? 2 : 1;
    if (!std::strcmp(name, "x")) return 1;
    if (!std::strcmp(name, "C") || !std::strcmp(name, "y") || !std::strcmp(name, "y0")) return 2;
    return -1;
}

namespace {
std::int64_t dimOf(const Call& c, const char* name) {
    if (!std::strcmp(name, "m")) return c.m;
    if (!std::strcmp(name, "n")) return c.n;
    if (!std::strcmp(name, "k")) return c.k;
    if (!std::strcmp(name, "batch")) return c.batch;
    return 0;
}

// The call's dispatch kind as KernelTune's Family::dispatchKind names it, which a given rule's kind intervals or tables
// are keyed on: a GEMM's op pair (GemmFamily: a row-major call is the column-major one on the transposed operands, A
// and B swapped, so its ops count in the other order; NN is the main kind), pointer-array batches "pointers"
// (BatchedFamily); "" for the main kind. toOrder leaves it unchanged (it swaps the ops and the order together).
const char* dispatchKind(const Call& c) {
    static const char* const kOps[2][2] = {{"", "nt"}, {"tn", "tt"}};
    switch (c.routine) {
    case Routine::Gemm: {
        const bool rowMajor = c.order == Order::RowMajor;
        const int first = rowMajor ? c.opB : c.opA, second = rowMajor ? c.opA : c.opB;
        return kOps[first ? 1 : 0][second ? 1 : 0];
    }
    case Routine::GemmBatched:
        return "pointers";
    default:
        return "";
    }
}

bool sameShape(const PlanEntry& p, const Call& c) {
    return p.routine == c.routine && p.f64 == c.f64 && p.order == c.order && p.opA == c.opA && p.opB == c.opB &&
           p.side == c.side && p.uplo == c.uplo && p.diag == c.diag;
}
} // namespace

std::vector<Candidate> candidatesFor(const Call& call, bool tunedDevice) {
    std::vector<Candidate> out;
    for (int f = 0; f < gen::kFamilyCount; ++f) {
        const FamilyEntry& family = gen::kFamilies[f];
        // The order this family's plans take calls in: that of its first plan for the routine.
        const PlanEntry* first = nullptr;
        for (int p = 0; p < gen::kPlanCount && !first; ++p)
            if (gen::kVariants[gen::kPlans[p].variant].family == f && gen::kPlans[p].routine == call.routine &&
                gen::kPlans[p].f64 == call.f64)
                first = &gen::kPlans[p];
        if (!first) continue;
        Call c = call;
        const bool swap = toOrder(c, first->order);
        // The dispatch reads the caller's sizes, as KernelTune's tuned routine (Family::callSize of the BLAS call as
        // given): the rules were derived from such calls, and c's m and n trade places where the order changes.
        std::int64_t dims[4] = {0, 0, 0, 0};
        for (int d = 0; d < family.dimCount; ++d) dims[d] = dimOf(call, family.dims[d]);
        std::vector<int> order;
        // A rule given to the export decides where it can (KernelTune's RuleChooser); then a pointer-array batch
        // takes its own table's exact entry first, as KernelTune's routine chooses.
        int chosen = -1;
        if (tunedDevice && family.selectRule) chosen = family.selectRule(dims, dispatchKind(call));
        if (chosen < 0 && tunedDevice && c.routine == Routine::GemmBatched && family.selectPointers)
            chosen = family.selectPointers(dims);
        order.push_back(chosen >= 0 ? chosen : tunedDevice ? family.select(dims) : family.generic);
        order.push_back(family.generic);
        for (int v = 0; v < gen::kVariantCount; ++v)
            if (gen::kVariants[v].family == f) order.push_back(v);
        std::vector<int> seen;
        for (int v : order) {
            bool dup = false;
            for (int s : seen) dup = dup || s == v;
            if (dup) continue;
            seen.push_back(v);
            for (int p = 0; p < gen::kPlanCount; ++p)
                if (gen::kPlans[p].variant == v && sameShape(gen::kPlans[p], c))
                    out.push_back({&gen::kPlans[p], c, swap});
        }
    }
    return out;
}

std::string variantName(int variant) {
    const VariantEntry& v = gen::kVariants[variant];
    return std::string(gen::kFamilies[v.family].name) + " " + v.point;
}

bool isTunedDevice(const std::string& name, const std::string& vendor) {
    return name == gen::kDeviceName && vendor == gen::kDeviceVendor;
}

std::string hashHex(const std::string& text) {
    std::uint64_t h = 1469598103934665603ull; // FNV-1a 64
    for (unsigned char ch : text) h = (h ^ ch) * 1099511628211ull;
    char out[17];
    std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
    return out;
}

namespace {
std::string cacheDir() {
    static const std::string dir = [] {
        std::string d;
        if (const char* e = std::getenv("KTP_CACHE_DIR"); e && *e)
            d = e;
        else if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x)
            d = std::string(x) + "/ktp";
        else if (const char* home = std::getenv("HOME"); home && *home)
            d = std::string(home) + "/.cache/ktp";
        if (d == "off") return std::string();
        if (!d.empty()) {
            // Create each level; an existing folder is fine.
            for (std::size_t i = 1; i <= d.size(); ++i)
                if (i == d.size() || d[i] == '/') ::mkdir(d.substr(0, i).c_str(), 0755);
        }
        return d;
    }();
    return dir;
}
} // namespace

std::string cacheFile(const std::string& key) {
    const std::string dir = cacheDir();
    return dir.empty() ? std::string() : dir + "/" + hashHex(key) + ".bin";
}

bool readFile(const std::string& path, std::string& bytes) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return !bytes.empty();
}

void writeFileAtomically(const std::string& path, const std::string& bytes) {
    // Another process may write the same entry: each writes its own temporary file and renames it into place.
    const std::string tmp = path + "." + std::to_string(::getpid()) + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary);
        if (!out) return; // no cache is no error
        out.write(bytes.data(), std::streamsize(bytes.size()));
        if (!out) {
            std::remove(tmp.c_str());
            return;
        }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) std::remove(tmp.c_str());
}

} // namespace ktp

extern "C" {

ktp_status ktp_last_status(void) { return ktp_status(ktp::tStatus); }
const char* ktp_last_error(void) { return ktp::tError.c_str(); }
const char* ktp_last_variant(void) { return ktp::tVariant.c_str(); }
const char* ktp_routines(void) { return ktp::gen::kRoutines; }
void ktp_get_stats(ktp_stats* stats) {
    if (!stats) return;
    stats->compiled = ktp::gCounters.compiled;
    stats->loaded_from_disk = ktp::gCounters.loaded;
    stats->memory_hits = ktp::gCounters.memoryHits;
}
int ktp_get_program_memory(ktp_program_memory* out) {
    std::string error;
    const long long limit = ktp::maxPrograms(error);
    if (out) {
        out->limit = limit;
        out->resident = ktp::gCounters.sizedResident;
        out->peak = ktp::gCounters.sizedPeak;
        out->evicted = ktp::gCounters.evicted;
    }
    return limit ? KTP_SUCCESS : ktp::setStatus(KTP_NO_DEVICE, error);
}
}
