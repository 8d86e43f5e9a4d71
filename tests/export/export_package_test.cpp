// The export end to end on PoCL: tune every family with a routine (tiny budgets), `ktune export --family all`, build
// the package with CMake, a consumer that links only the package checks every routine in both entry styles against
// OpenBLAS (the batched GEMM also at a tuned and an untuned size, each through the kernel compiled for its sizes; the
// DGEMM by a per-op rule given to the export, each op at a cube, and by the store's tree at other sizes),
// its second run compiles nothing (the on-disk cache), with $KTP_MAX_PROGRAMS=2 it keeps at most two per-size
// programs per device in memory and loads a released one again from disk, and the drop-in build offloads an unmodified
// BLAS program (GEMM, SYMV, SYRK, SYR2K, SYMM, TRMM, DOT through CBLAS and Fortran names, OpenBLAS's OMATCOPY) under
// LD_PRELOAD while its invalid calls still reach the program's own BLAS and its xerbla.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tests/cli_fit/cli_helper.hpp"

namespace kt {
namespace {

test::CliResult shell(const test::Scratch& scratch, const std::string& command, const std::string& log) {
    const int status =
        std::system(("cd '" + scratch.path("") + "' && (" + command + ") > '" + scratch.path(log) + "' 2>&1").c_str());
    test::CliResult r;
    r.rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.output = scratch.read(log);
    return r;
}

long long counter(const std::string& output, const std::string& name) {
    const auto at = output.find("\n" + name + " ");
    if (at == std::string::npos) return -1;
    return std::atoll(output.c_str() + at + name.size() + 2);
}

// The lines of blas_app's output as numbers (after the label words), for comparison within a tolerance.
std::vector<std::vector<double>> numbers(const std::string& text) {
    std::vector<std::vector<double>> rows;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream words(line);
        std::string w;
        std::vector<double> row;
        while (words >> w) {
            char* end = nullptr;
            const double v = std::strtod(w.c_str(), &end);
            if (end && *end == '\0') row.push_back(v);
        }
        rows.push_back(row);
    }
    return rows;
}

// The consumer's "programs after MxNxK compiled C loaded L …" lines, in order: each a map from word to count, the
// size under "size".
std::vector<std::map<std::string, std::string>> programLines(const std::string& output) {
    std::vector<std::map<std::string, std::string>> lines;
    std::istringstream in(output);
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("programs after ", 0) != 0) continue;
        std::istringstream words(line.substr(15));
        std::map<std::string, std::string> fields;
        std::string key, value;
        words >> fields["size"];
        while (words >> key >> value) fields[key] = value;
        lines.push_back(fields);
    }
    return lines;
}

long long field(const std::map<std::string, std::string>& line, const std::string& key) {
    const auto it = line.find(key);
    return it == line.end() ? -1 : std::atoll(it->second.c_str());
}

TEST(ExportPackage, TunedOnPoclBuiltConsumedPreloadedAndCached) {
    test::Scratch scratch;
    const auto devices = scratch.ktune("devices --json");
    if (devices.rc != 0 || devices.output.find("\"cpu\"") == std::string::npos) GTEST_SKIP() << "no OpenCL CPU device";
    const std::string db = scratch.path("store.sqlite");
    // Tiny tunings of every family with a routine (the dispatch trees over several sizes are tested without a
    // device, in export_emit_test.cpp). GEMM over a two-point space: a random tune of its whole space spends about
    // 100 s per family sampling before it measures anything.
    const std::string gemmSpace = " --space '" KT_CONSUMER_DIR "/../gemm-two-points.json' --strategy exhaustive";
    const std::string blas3Space =
        " --space '" KT_CONSUMER_DIR "/../blas3-one-point.json' --strategy exhaustive"; // no split-K in BLAS3
    const std::vector<std::string> tunes = {
        "--family sgemm --sizes 48x40x36 --budget-evals 2" + gemmSpace,
        "--family dgemm --sizes 48x40x36 --budget-evals 2" + gemmSpace,
        // The batched families at two sizes (one tune each: a budget of evaluations is spent at the first size of a
        // list), so that the package's table has two entries.
        "--family sgemm_batched --sizes 7x5x9x64 --budget-evals 2",
        "--family sgemm_batched --sizes 4x6x3x64 --budget-evals 2",
        "--family dgemm_batched --sizes 7x5x9x64 --budget-evals 2",
        "--family dgemm_batched --sizes 4x6x3x64 --budget-evals 2",
        "--family ssymv --sizes 100 --budget-evals 3",
        "--family ssymv_upper --sizes 100 --budget-evals 3",
        "--family dsymv --sizes 100 --budget-evals 3",
        "--family dsymv_upper --sizes 100 --budget-evals 3",
        "--family ssyrk --sizes 40x24 --budget-evals 1" + blas3Space,
        "--family dsyrk --sizes 40x24 --budget-evals 1" + blas3Space,
        "--family ssyr2k --sizes 40x24 --budget-evals 1" + blas3Space,
        "--family dsyr2k --sizes 40x24 --budget-evals 1" + blas3Space,
        "--family ssymm --sizes 40x24 --budget-evals 1" + blas3Space,
        "--family dsymm --sizes 40x24 --budget-evals 1" + blas3Space,
        "--family strmm --sizes 40x24 --budget-evals 1" + blas3Space,
        "--family dtrmm --sizes 40x24 --budget-evals 1" + blas3Space,
        "--family sdot --sizes 5000 --budget-evals 2",
        "--family ddot --sizes 5000 --budget-evals 2",
        "--family transpose --sizes 64 --budget-evals 2",
        "--family dtranspose --sizes 64 --budget-evals 2",
    };
    for (const auto& t : tunes) {
        const bool space = t.find("--strategy") != std::string::npos;
        const auto r =
            scratch.ktune("tune --db '" + db + "' --device cpu --seed 3 " + (space ? "" : "--strategy random ") + t);
        ASSERT_EQ(r.rc, 0) << t << "\n" << r.output;
    }
    std::string deviceId;
    {
        const auto r = scratch.ktune("runs --db '" + db + "' --json");
        const auto at = r.output.find("\"device\": \"");
        ASSERT_NE(at, std::string::npos) << r.output;
        deviceId = r.output.substr(at + 11, r.output.find('"', at + 11) - at - 11);
    }
    // A pointers table for each batched family (as `ktune rules --table` writes one from pointer-array curves) with
    // one entry, at 6x6x6, naming a seed design the tuning did not choose: pointer-array calls of that size run it.
    const std::string pointersPoint = "BATCHED_DESIGN=0,BATCHED_TBA=64,BATCHED_WX=2,BATCHED_WY=2,BATCHED_REG=0,"
                                      "BATCHED_PAD=0,BATCHED_VEC=0,BATCHED_SEQ=1,BATCHED_MINB=0,BATCHED_LDV=1,"
                                      "BATCHED_ASYNC=0";
    {
        const nlohmann::json table = {{"format", "ktune-table/1"},
                                      {"dims", {"m", "n", "k"}},
                                      {"entries", {{{"size", {6, 6, 6}}, {"candidate", pointersPoint}}}}};
        std::ofstream(scratch.path("ptr.json")) << table.dump(2) << "\n";
    }
    // A per-op DGEMM rule (as run AO's rule-ops.json, `ktune rules --merge` of per-kind intervals) naming two points
    // of the GEMM fixture's neighbourhood that the tuning never measured: vector width 1 for the main kind, a K tile
    // of 16 for tn. Cubes run them; other sizes the store's tree.
    const std::string gemmPoint = "GEMM_ML=16,GEMM_NL=16,GEMM_KL=8,GEMM_MS=2,GEMM_NS=2,GEMM_KS=2,GEMM_VW=2,"
                                  "GEMM_LOCAL_A=0,GEMM_LOCAL_B=1,GEMM_IMAGE_A=0,GEMM_IMAGE_B=0,GEMM_LAYOUT_A=1,"
                                  "GEMM_LAYOUT_B=2,GEMM_PREFETCH=0,GEMM_MAXREGS=0,GEMM_KSPLIT=1,GEMM_MMA=0,GEMM_WM=0,"
                                  "GEMM_STAGES=0,GEMM_SWIZZLE=0";
    auto withValue = [&](const std::string& from, const std::string& to) {
        std::string point = gemmPoint;
        return point.replace(point.find(from), from.size(), to);
    };
    const std::string mainPoint = withValue("GEMM_VW=2", "GEMM_VW=1"), tnPoint = withValue("GEMM_KL=8", "GEMM_KL=16");
    {
        const nlohmann::json rule = {
            {"format", "ktune-rules/1"},
            {"family", "dgemm"},
            {"intervals", {{{"lo", 1}, {"hi", 4097}, {"candidate", mainPoint}}}},
            {"kinds", {{"tn", {{"intervals", {{{"lo", 1}, {"hi", 4097}, {"candidate", tnPoint}}}}}}}}};
        std::ofstream(scratch.path("ops.json")) << rule.dump(2) << "\n";
    }
    const auto exported = scratch.ktune("export --db '" + db + "' --device '" + deviceId +
                                        "' --family all --out pkg --kind-table sgemm_batched:pointers=ptr.json,"
                                        "dgemm_batched:pointers=ptr.json --rule dgemm=ops.json");
    ASSERT_EQ(exported.rc, 0) << exported.output;
    EXPECT_NE(exported.output.find(" measured sizes, rule ops.json (ktune-rules/1) first\n"), std::string::npos)
        << exported.output;
    for (const char* routine : {" sgemm",
                                " dgemm",
                                " sgemm_batch_strided",
                                " dgemm_batch_strided",
                                " sgemm_batch_ptr",
                                " dgemm_batch_ptr",
                                " ssymv",
                                " dsymv",
                                " ssyrk",
                                " dsyrk",
                                " ssyr2k",
                                " dsyr2k",
                                " ssymm",
                                " dsymm",
                                " strmm",
                                " dtrmm",
                                " sdot",
                                " ddot",
                                " somatcopy",
                                " domatcopy"})
        EXPECT_NE(exported.output.find(routine), std::string::npos) << routine << " in\n" << exported.output;
    for (const char* family : {"sgemm_batched", "dgemm_batched"}) { // compiled per size: dispatched by a table
        const auto at = exported.output.find(std::string("\n") + family + ": ");
        ASSERT_NE(at, std::string::npos) << exported.output;
        EXPECT_NE(exported.output.substr(at, exported.output.find('\n', at + 1) - at)
                      .find("dispatch table of 2 sizes over 2 measured sizes, pointers table of 1 sizes"),
                  std::string::npos)
            << exported.output;
    }
    // Families without measurements on the device are listed as skipped, not exported.
    EXPECT_NE(exported.output.find("skipped family layout_copy has no verified measurement"), std::string::npos)
        << exported.output;
    EXPECT_TRUE(scratch.exists("pkg/manifest.json"));
    EXPECT_TRUE(scratch.exists("pkg/src/ktp_generated.cpp"));
    // A second export into the same folder is refused without --replace; nothing there changes.
    const auto again = scratch.ktune("export --db '" + db + "' --device '" + deviceId + "' --family sgemm --out pkg");
    EXPECT_EQ(again.rc, 1) << again.output;
    EXPECT_NE(again.output.find("--replace"), std::string::npos) << again.output;
    EXPECT_NE(scratch.read("pkg/src/ktp_generated.cpp").find("sgemm_batched"), std::string::npos);

    const std::string cmake = "'" KT_CMAKE_COMMAND "'";
    auto r = shell(scratch,
                   cmake + " -S pkg -B pkg-build -DCMAKE_BUILD_TYPE=Release && " + cmake +
                       " --build pkg-build -j2 && " + cmake + " --install pkg-build --prefix prefix",
                   "pkg.log");
    ASSERT_EQ(r.rc, 0) << r.output;
    r = shell(scratch,
              cmake + " -S '" KT_CONSUMER_DIR "' -B consumer -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH='" +
                  scratch.path("prefix") + "' && " + cmake + " --build consumer -j2",
              "consumer.log");
    ASSERT_EQ(r.rc, 0) << r.output;
    const std::string env = "KTP_CACHE_DIR='" + scratch.path("cache") + "' ";
    // The batched routines once more at a tuned size (7x5x9) and at one no tuning measured (6x6x6); GEMM calls of
    // each kind at a cube the DGEMM rule covers and one call at a size it does not.
    const std::string sizesAndCalls = " 7x5x9 6x6x6 gemm:col:nn:64x64x64 gemm:col:tn:64x64x64 gemm:row:nt:64x64x64 "
                                      "gemm:row:tn:64x64x64 gemm:col:tn:45x37x29";
    const auto first = shell(scratch, env + "./consumer/consumer" + sizesAndCalls, "first.log");
    ASSERT_EQ(first.rc, 0) << first.output;
    {
        // DGEMM as the rule says, with results matching OpenBLAS (failures 0 below): the main kind's point for NN,
        // the tn point for TN; a row-major call of the kind KernelTune gives it (GemmFamily::dispatchKind: row-major
        // NT is the column-major TN of the transposes, kind tn; row-major TN is kind nt, the main intervals); and the
        // store's tree (the tuned best at 48x40x36, its only size) where m, n, k differ.
        const auto manifest = nlohmann::json::parse(scratch.read("pkg/manifest.json"));
        std::string tree;
        for (const auto& f : manifest["families"])
            if (f["name"] == "dgemm") {
                EXPECT_EQ(f["given_rule"]["file"], "ops.json");
                for (const auto& b : f["best_per_size"]) tree = b["best"].get<std::string>();
            }
        ASSERT_FALSE(tree.empty()) << manifest.dump();
        ASSERT_NE(tree, mainPoint);
        ASSERT_NE(tree, tnPoint);
        for (const auto& [call, point] :
             std::vector<std::pair<std::string, std::string>>{{"col NN 64x64x64", mainPoint},
                                                              {"col TN 64x64x64", tnPoint},
                                                              {"row NT 64x64x64", tnPoint},
                                                              {"row TN 64x64x64", mainPoint},
                                                              {"col TN 45x37x29", tree}})
            for (const char* entry : {" host ", " device "})
                EXPECT_NE(first.output.find("gemm dgemm " + call + entry + "dgemm " + point + "\n"), std::string::npos)
                    << call << entry << "\n"
                    << first.output;
    }
    {
        // As KernelTune's own routine: the kernel compiled for the call's m, n, k (sizes as compile-time constants,
        // not the general kernel's run-time sizes), of the variant the dispatch picks at a tuned size: the store's
        // best there.
        const auto manifest = nlohmann::json::parse(scratch.read("pkg/manifest.json"));
        for (const char* family : {"sgemm_batched", "dgemm_batched"}) {
            std::string best, chosen;
            for (const auto& f : manifest["families"])
                if (f["name"] == family)
                    for (const auto& b : f["best_per_size"])
                        if (b["size"] == nlohmann::json::array({7, 5, 9, 64}))
                            best = b["best"].get<std::string>(), chosen = b["chosen"].get<std::string>();
            ASSERT_FALSE(best.empty()) << family << " has no best at 7x5x9x64 in the manifest";
            EXPECT_EQ(chosen, best) << family;
            // Pointer-array batches as KernelTune's routine chooses them (kernels/batched/README.md): the pointers
            // table's exact entry (6x6x6), the strided table's kernel at a size it lacks (7x5x9).
            for (const char* entry : {" host ", " device "}) {
                const std::string routine = std::string(family).substr(0, 5) + "_batch_ptr";
                EXPECT_NE(first.output.find("batched " + routine + " 6x6x6" + entry + family + " " + pointersPoint +
                                            " compiled for -DBATCHED_M=6 -DBATCHED_N=6 -DBATCHED_K=6\n"),
                          std::string::npos)
                    << family << entry << "\n"
                    << first.output;
            }
            for (const char* form : {"_batch_strided", "_batch_ptr"})
                for (const char* entry : {" host ", " device "}) {
                    const std::string routine = std::string(family).substr(0, 5) + form;
                    EXPECT_NE(first.output.find("batched " + routine + " 7x5x9" + entry + family + " " + best +
                                                " compiled for -DBATCHED_M=7 -DBATCHED_N=5 -DBATCHED_K=9\n"),
                              std::string::npos)
                        << family << entry << "\n"
                        << first.output;
                    const auto untuned = first.output.find("batched " + routine + " 6x6x6" + entry + family + " ");
                    ASSERT_NE(untuned, std::string::npos) << first.output;
                    EXPECT_NE(first.output.substr(untuned, first.output.find('\n', untuned) - untuned)
                                  .find(" compiled for -DBATCHED_M=6 -DBATCHED_N=6 -DBATCHED_K=6"),
                              std::string::npos)
                        << first.output;
                }
        }
    }
    EXPECT_NE(first.output.find("routines 20 "), std::string::npos) << first.output;
    EXPECT_NE(first.output.find(" failures 0\n"), std::string::npos) << first.output;
    EXPECT_NE(first.output.find(" tuned 1\n"), std::string::npos) << first.output;
    EXPECT_GT(counter(first.output, "compiled"), 0) << first.output;
    const auto second = shell(scratch, env + "./consumer/consumer" + sizesAndCalls, "second.log");
    ASSERT_EQ(second.rc, 0) << second.output;
    // Measured: the second process builds every program from the disk cache and compiles none (the first compiled
    // each program once and loaded it from the cache for its second context).
    EXPECT_EQ(counter(second.output, "compiled"), 0) << second.output;
    // The summary line's "loaded" (the "programs after" lines before it count so far).
    auto summaryLoaded = [](const std::string& output) {
        const auto at = output.find(" loaded ", output.rfind("\ncompiled "));
        return at == std::string::npos ? -1 : std::atoll(output.c_str() + at + 8);
    };
    ASSERT_GE(summaryLoaded(second.output), 0) << second.output;
    ASSERT_GE(summaryLoaded(first.output), 0) << first.output;
    EXPECT_EQ(summaryLoaded(second.output), counter(first.output, "compiled") + summaryLoaded(first.output))
        << "first:\n"
        << first.output << "second:\n"
        << second.output;

    // The per-size programs kept in memory: at most $KTP_MAX_PROGRAMS per device (here 2: the host entries' context
    // and the consumer's own are two), the least recently used released. Each size runs both precisions in both
    // entry styles, so each size evicts the one before; 7x5x9 at the end is loaded again from the disk cache, not
    // found in memory and not compiled (every size was compiled once, by this run or an earlier one).
    const std::string sizes = " 7x5x9 6x6x6 3x3x3 5x4x2 7x5x9";
    const auto capped = shell(scratch, env + "KTP_MAX_PROGRAMS=2 ./consumer/consumer" + sizes, "capped.log");
    ASSERT_EQ(capped.rc, 0) << capped.output;
    EXPECT_NE(capped.output.find(" failures 0\n"), std::string::npos) << capped.output; // results match OpenBLAS
    {
        const auto lines = programLines(capped.output);
        ASSERT_EQ(lines.size(), 5u) << capped.output;
        for (const auto& line : lines) {
            EXPECT_EQ(field(line, "limit"), 2) << capped.output;
            EXPECT_GE(field(line, "peak"), 1) << capped.output;
            EXPECT_LE(field(line, "peak"), 2) << line.at("size") << "\n" << capped.output;
            EXPECT_LE(field(line, "resident"), 2 * 2) << line.at("size") << "\n" << capped.output;
        }
        const auto& last = lines[4];
        const auto& before = lines[3];
        EXPECT_EQ(last.at("size"), "7x5x9");
        EXPECT_EQ(field(last, "peak"), 2) << capped.output;
        EXPECT_GT(field(last, "evicted"), field(before, "evicted")) << capped.output;
        EXPECT_GT(field(last, "loaded"), field(before, "loaded")) << "7x5x9 was not reloaded\n" << capped.output;
        EXPECT_EQ(field(last, "compiled"), field(before, "compiled")) << capped.output;
        EXPECT_NE(capped.output.find("compiled for -DBATCHED_M=7 -DBATCHED_N=5 -DBATCHED_K=9\n"), std::string::npos);
    }
    // The same sizes under the default limit: nothing released, and 7x5x9 again is served from memory (so the
    // reload above is the limit's doing).
    const auto unbounded = shell(scratch, env + "./consumer/consumer" + sizes, "unbounded.log");
    ASSERT_EQ(unbounded.rc, 0) << unbounded.output;
    {
        const auto lines = programLines(unbounded.output);
        ASSERT_EQ(lines.size(), 5u) << unbounded.output;
        EXPECT_EQ(field(lines[4], "limit"), 256) << unbounded.output;
        EXPECT_EQ(field(lines[4], "evicted"), 0) << unbounded.output;
        EXPECT_EQ(field(lines[4], "loaded"), field(lines[3], "loaded")) << unbounded.output;
        EXPECT_GT(field(lines[4], "memory"), field(lines[3], "memory")) << unbounded.output;
        EXPECT_GT(field(lines[4], "resident"), 2 * 2) << unbounded.output;
    }
    // A limit that is not a whole number >= 1 is refused with the reason before any call.
    for (const char* bad : {"0", "12x", "-3", "99999999999999999999"}) {
        const auto refused =
            shell(scratch, env + "KTP_MAX_PROGRAMS=" + bad + " ./consumer/consumer", std::string("bad.log"));
        EXPECT_EQ(refused.rc, 2) << bad << "\n" << refused.output;
        EXPECT_NE(refused.output.find(std::string("program memory: KTP_MAX_PROGRAMS=") + bad +
                                      " is not valid: give a whole number >= 1"),
                  std::string::npos)
            << refused.output;
    }

    // The drop-in build, preloaded into a program that knows nothing of the package.
    r = shell(scratch,
              cmake + " -S pkg -B dropin-build -DCMAKE_BUILD_TYPE=Release -DKTP_DROP_IN=ON && " + cmake +
                  " --build dropin-build -j2",
              "dropin.log");
    ASSERT_EQ(r.rc, 0) << r.output;
    const auto plain = shell(scratch, "./consumer/blas_app 2> plain.err", "plain.out");
    const auto preloaded = shell(scratch,
                                 env + "KTP_LOG='" + scratch.path("calls.log") + "' LD_PRELOAD='" +
                                     scratch.path("dropin-build/libktp.so") + "' ./consumer/blas_app 2> pre.err",
                                 "pre.out");
    ASSERT_EQ(plain.rc, 0) << plain.output;
    EXPECT_EQ(preloaded.rc, plain.rc) << preloaded.output;
    const auto want = numbers(plain.output), got = numbers(preloaded.output);
    ASSERT_EQ(got.size(), want.size());
    ASSERT_GE(want.size(), 12u + 8 * 2 + 4 + 6 + 1 + 8 + 4 + 3);
    for (std::size_t i = 0; i < want.size(); ++i) {
        ASSERT_EQ(got[i].size(), want[i].size()) << "line " << i;
        for (std::size_t j = 0; j < want[i].size(); ++j)
            ASSERT_NEAR(got[i][j], want[i][j], 1e-4 * (1 + std::abs(want[i][j]))) << "line " << i << " value " << j;
    }
    // The invalid calls went to the program's BLAS: the same xerbla reports as without the package, with the
    // parameter numbers of reference BLAS for the Fortran entries.
    EXPECT_EQ(scratch.read("pre.err"), scratch.read("plain.err"));
    auto xerbla = [](const std::string& out, const std::string& routine) {
        const auto at = out.find("On entry to " + routine);
        return at == std::string::npos ? std::string() : out.substr(at, out.find('\n', at) - at);
    };
    const std::string plainAll = plain.output + scratch.read("plain.err"),
                      preAll = preloaded.output + scratch.read("pre.err");
    for (const char* routine : {"DGEMM ", "DSYMV ", "DSYR2K", "DSYRK "}) {
        EXPECT_NE(xerbla(plainAll, routine), "") << routine << " in\n" << plain.output;
        EXPECT_EQ(xerbla(preAll, routine), xerbla(plainAll, routine)) << routine;
    }
    EXPECT_NE(xerbla(preAll, "DSYMV ").find("parameter number  5 "), std::string::npos) << preAll;
    EXPECT_NE(xerbla(preAll, "DSYR2K").find("parameter number 12 "), std::string::npos) << preAll;
    const std::string calls = scratch.read("calls.log");
    for (const char* expected :
         {"cblas_sgemm device", "cblas_dgemm device",     "sgemm_ device",    "dgemm_ device",
          "dgemm_ host",        "cblas_dsymv device",     "dsymv_ device",    "cblas_dsyrk device",
          "dsyrk_ device",      "cblas_dsyr2k device",    "dsyr2k_ device",   "cblas_dsymm device",
          "dsymm_ device",      "cblas_dtrmm device",     "dtrmm_ device",    "dsymv_ host",
          "dsyr2k_ host",       "cblas_dsyrk host",       "cblas_dsymv host", "cblas_ddot device",
          "ddot_ device",       "cblas_domatcopy device", "cblas_ddot host",  "cblas_domatcopy host"})
        EXPECT_NE(calls.find(expected), std::string::npos) << expected << " in\n" << calls;
    // Every valid call but the negative-increment dsymv and ddot and the plain copy (domatcopy NoTrans) ran on the
    // device: one host line per invalid call, one for each increment, one for the copy.
    std::size_t hostLines = 0;
    for (std::size_t at = calls.find(" host ("); at != std::string::npos; at = calls.find(" host (", at + 1))
        ++hostLines;
    EXPECT_EQ(hostLines, 7u) << calls;
    EXPECT_EQ(calls.find("cblas_dgemm host"), std::string::npos) << calls;
}

} // namespace
} // namespace kt
