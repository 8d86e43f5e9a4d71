// Regression tests for the CLI findings of issue 16: `ktune` run as a hostile or careless user would. Each test is
// named after its finding; every one expects a precise message and exit code 2 for bad arguments, nothing stored
// that was not asked for, and nothing already stored lost. Tests that need the PoCL CPU device skip without it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <sys/stat.h>
#include <unistd.h>

#include "core/space/parameter_space.hpp"
#include "core/store/migrations.hpp"
#include "tune_helpers.hpp"

namespace kt::test {
namespace {

namespace fs = std::filesystem;

class HostileCli : public ::testing::Test {
protected:
    void SetUp() override { m_db = m_scratch.path("store.sqlite"); }
    bool haveCpu() { return m_scratch.ktune("devices --json").output.find("\"cpu\"") != std::string::npos; }
    CliResult tune(const std::string& args) { return m_scratch.ktune("tune --db '" + m_db + "' --device cpu " + args); }
    std::string smallSpace() { return m_scratch.write("space.json", kSmallTransposeSpace); }
    // A store with one completed transpose run of 16 measurements.
    void storeOneRun() {
        auto r = tune("--family transpose --space '" + smallSpace() + "' --strategy exhaustive --sizes 64,96 --runs 2");
        ASSERT_EQ(r.rc, 0) << r.output;
        ASSERT_EQ(storedMeasurements(m_db, 1).size(), 16u);
        store::Database::open(m_db); // the last writer to close checkpoints and removes -wal and -shm
        ASSERT_FALSE(fs::exists(m_db + "-wal"));
    }
    void expectUsage(const CliResult& r, const std::string& message, const std::string& what) {
        EXPECT_EQ(r.rc, 2) << what << "\n" << r.output;
        EXPECT_NE(r.output.find(message), std::string::npos) << what << "\n" << r.output;
    }

    Scratch m_scratch;
    std::string m_db;
};

#define REQUIRE_CPU()                                                                                                  \
    if (!haveCpu()) GTEST_SKIP() << "no OpenCL CPU device"

// ---- finding 1: --sizes ranges without an upper bound -------------------------------------------------------------

TEST_F(HostileCli, Finding1SizeRangesAreBoundedBeforeTheyAreExpanded) {
    REQUIRE_CPU();
    expectUsage(tune("--family transpose --sizes 1:1000000000:1"), "at most 1024 sizes", "a billion sizes");
    expectUsage(tune("--family transpose --sizes 64 --sweep 1:2000:1"), "at most 1024 sizes", "--sweep of 2000");
    expectUsage(tune("--family transpose --sizes 9223372036854775000:9223372036854775807:1"), "above 2147483647",
                "a range ending at 2^63-1");
    expectUsage(tune("--family transpose --sizes 1:1000:1,1:1000:1"), "at most 1024 sizes", "two ranges");
    expectUsage(tune("--family sgemm --sizes 64x64x64x64x64x64x64x64x64"), "more than 8 dimensions", "9 dimensions");
    expectUsage(tune("--family transpose --sizes 64,"), "empty size", "a trailing comma");
    expectUsage(tune("--family sgemm --sizes 64x64x"), "ends without its last dimension", "a trailing x");
    // bench parses its sizes before it opens a device.
    expectUsage(m_scratch.ktune("bench --db '" + m_db + "' --device cpu --family transpose --point "
                                "TRA_TILE=8,TRA_WPT=1,TRA_LOCAL=0,TRA_PAD=0 --sizes 1:1000000000:1"),
                "at most 1024 sizes", "bench");
    EXPECT_FALSE(fs::exists(m_db)); // nothing was stored for any of them
}

// ---- finding 4: --space files not checked against the family --------------------------------------------------

TEST_F(HostileCli, Finding4SpaceFilesMustDescribeTheFamily) {
    REQUIRE_CPU();
    const auto extra = m_scratch.write("extra.json", R"({"parameters": [
        {"name": "TRA_TILE", "values": [8]}, {"name": "TRA_WPT", "values": [1]}, {"name": "TRA_LOCAL", "values": [0]},
        {"name": "TRA_PAD", "values": [0]}, {"name": "UNROLL", "values": [1, 2, 4]}]})");
    expectUsage(tune("--family transpose --space '" + extra + "'"), "'UNROLL' is not a parameter of family 'transpose'",
                "extra parameter");
    const auto missing = m_scratch.write("missing.json", R"({"parameters": [
        {"name": "TRA_TILE", "values": [8]}, {"name": "TRA_WPT", "values": [1]}, {"name": "TRA_LOCAL", "values": [0]}]})");
    expectUsage(tune("--family transpose --space '" + missing + "'"), "lacks parameter TRA_PAD", "missing parameter");
    const auto other = m_scratch.write("other.json", std::string(R"({"family": "dtranspose",)") +
                                                         (kSmallTransposeSpace + 1));
    expectUsage(tune("--family transpose --space '" + other + "'"), "the space is for family 'dtranspose'",
                "another family's space");
    expectUsage(tune("--family transpose --preset sgemm"), "the space is for family 'sgemm'", "a GEMM preset");
    EXPECT_FALSE(fs::exists(m_db));
    // The built-in presets pass the check with their own family: the run then stops at the bad size list.
    for (const std::string preset : {"sgemm", "sgemm-paper", "dgemm", "dgemm-paper", "transpose"}) {
        const std::string family = preset.substr(0, preset.find('-'));
        expectUsage(tune("--family " + family + " --preset " + preset + " --sizes 0"), "--sizes: sizes must be positive",
                    "preset " + preset);
    }
}

TEST_F(HostileCli, Finding4SpaceFilesAreBoundedInSize) {
    REQUIRE_CPU();
    const std::string path = m_scratch.path("huge.json");
    {
        std::ofstream out(path);
        out << R"({"parameters": [{"name": "TRA_TILE", "values": [8]}], "description": ")";
        out << std::string(17u << 20, 'x') << "\"}";
    }
    expectUsage(tune("--family transpose --space '" + path + "'"), "more than the 16 MiB", "a 17 MiB space");
}

// ---- finding 5: sizes not checked against the device ---------------------------------------------------------------

TEST_F(HostileCli, Finding5SizesBeyondTheDeviceAreRefusedBeforeTheRun) {
    REQUIRE_CPU();
    expectUsage(tune("--family transpose --sizes 1000000000000"), "above 2147483647", "10^12");
    expectUsage(tune("--family transpose --sizes 64 --sweep 3037000500"), "above 2147483647", "n*n overflows");
    expectUsage(tune("--family transpose --sizes 2000000"), "of device memory", "a 29 TiB transpose");
    expectUsage(tune("--family transpose --sizes 2000000 --no-isolation"), "of device memory", "in process");
    expectUsage(tune("--family sgemm --sizes 1000000"), "of device memory", "a 22 TiB GEMM");
    expectUsage(m_scratch.ktune("bench --db '" + m_db + "' --device cpu --family transpose --point "
                                "TRA_TILE=8,TRA_WPT=1,TRA_LOCAL=0,TRA_PAD=0 --sizes 2000000"),
                "of device memory", "bench");
    // No run was created, so none is left "running".
    EXPECT_FALSE(fs::exists(m_db));
}

// ---- finding 6: stores in read-only places -----------------------------------------------------------------------

// Runs ktune as a user without write access to the scratch files: "nobody" when the tests run as root (root may
// write anything), the test user itself otherwise (then the files are made read-only with chmod).
class ReadOnlyStore : public HostileCli {
protected:
    bool asRoot() const { return ::geteuid() == 0; }
    CliResult ktuneAsReader(const std::string& args) {
        // HOME=/tmp: PoCL keeps its kernel cache under HOME, and nobody's HOME does not exist.
        const std::string prefix = asRoot() ? "HOME=/tmp setpriv --reuid=65534 --regid=65534 --clear-groups " : "";
        return m_scratch.ktune(args, "", prefix);
    }
};

TEST_F(ReadOnlyStore, Finding6AStoreInAReadOnlyFolderCanBeListed) {
    REQUIRE_CPU();
    storeOneRun();
    const fs::path folder = fs::path(m_db).parent_path();
    if (asRoot()) {
        if (std::system("command -v setpriv > /dev/null") != 0) GTEST_SKIP() << "setpriv is needed to drop root";
        fs::permissions(folder, fs::perms(0755)); // nobody may read, not write
        fs::permissions(m_db, fs::perms(0644));
    } else {
        fs::permissions(folder, fs::perms(0555));
    }
    auto runs = ktuneAsReader("runs --db '" + m_db + "'");
    EXPECT_EQ(runs.rc, 0) << runs.output;
    EXPECT_NE(runs.output.find("completed"), std::string::npos) << runs.output;
    auto best = ktuneAsReader("best --db '" + m_db + "' --device cpu --family transpose");
    EXPECT_EQ(best.rc, 0) << best.output;
    auto write = ktuneAsReader("tune --db '" + m_db + "' --device cpu --family transpose --space '" +
                               m_scratch.path("space.json") + "' --sizes 64");
    EXPECT_EQ(write.rc, 1) << write.output;
    EXPECT_NE(write.output.find(asRoot() ? m_db : folder.string()), std::string::npos) << write.output;
    EXPECT_NE(write.output.find("read-only"), std::string::npos) << write.output;
    EXPECT_FALSE(fs::exists(m_db + "-wal"));
    EXPECT_FALSE(fs::exists(m_db + "-shm"));
    fs::permissions(folder, fs::perms(0755));
    EXPECT_EQ(storedMeasurements(m_db, 1).size(), 16u);
}

TEST_F(ReadOnlyStore, Finding6AReadOnlyStoreFileLeavesNoReadOnlySideFiles) {
    REQUIRE_CPU();
    storeOneRun();
    const fs::path folder = fs::path(m_db).parent_path();
    if (asRoot()) {
        if (std::system("command -v setpriv > /dev/null") != 0) GTEST_SKIP() << "setpriv is needed to drop root";
        fs::permissions(folder, fs::perms(0777)); // nobody may create files here, but not write the store
    }
    fs::permissions(m_db, fs::perms(0444));
    const std::string tuneArgs = "tune --db '" + m_db + "' --device cpu --family transpose --space '" +
                                 m_scratch.path("space.json") + "' --strategy exhaustive --sizes 64,96 --runs 2";
    auto refused = ktuneAsReader(tuneArgs);
    EXPECT_EQ(refused.rc, 1) << refused.output;
    EXPECT_NE(refused.output.find("'" + m_db + "' is read-only"), std::string::npos) << refused.output;
    auto runs = ktuneAsReader("runs --db '" + m_db + "'");
    EXPECT_EQ(runs.rc, 0) << runs.output;
    for (const char* side : {"-wal", "-shm"})
        if (fs::exists(m_db + side))
            EXPECT_NE(fs::status(m_db + side).permissions() & fs::perms::owner_write, fs::perms::none) << side;
    // Fixing the store's mode is enough to store into it again.
    fs::permissions(m_db, fs::perms(asRoot() ? 0666 : 0644));
    auto again = ktuneAsReader(tuneArgs);
    EXPECT_EQ(again.rc, 0) << again.output;
    EXPECT_NE(again.output.find("0 measured now, 16 reused"), std::string::npos) << again.output;
    fs::permissions(folder, fs::perms(0755));
    EXPECT_EQ(storedMeasurements(m_db, 1).size(), 16u);
}

TEST_F(ReadOnlyStore, Finding6ReadOnlySideFilesLeftByAnOlderVersionAreRepaired) {
    REQUIRE_CPU();
    storeOneRun();
    const fs::path folder = fs::path(m_db).parent_path();
    if (asRoot()) {
        if (std::system("command -v setpriv > /dev/null") != 0) GTEST_SKIP() << "setpriv is needed to drop root";
        fs::permissions(folder, fs::perms(0777));
        fs::permissions(m_db, fs::perms(0666));
    }
    for (const char* side : {"-wal", "-shm"}) {
        std::ofstream(m_db + side).flush(); // empty side files are valid: SQLite initialises them
        if (asRoot()) ASSERT_EQ(::chown((m_db + side).c_str(), 65534, 65534), 0);
        fs::permissions(m_db + side, fs::perms(0444));
    }
    auto again = ktuneAsReader("tune --db '" + m_db + "' --device cpu --family transpose --space '" +
                               m_scratch.path("space.json") + "' --strategy exhaustive --sizes 64,96 --runs 2");
    EXPECT_EQ(again.rc, 0) << again.output;
    EXPECT_NE(again.output.find("0 measured now, 16 reused"), std::string::npos) << again.output;
    fs::permissions(folder, fs::perms(0755));
    EXPECT_EQ(storedMeasurements(m_db, 2).size(), 16u);
}

// ---- finding 7: damaged and half-foreign stores --------------------------------------------------------------------

TEST_F(HostileCli, Finding7TuneWritesNothingIntoAStoreThatFailsTheIntegrityCheck) {
    REQUIRE_CPU();
    storeOneRun();
    {
        // An index whose definition no longer matches its entries: reads through it return the wrong rows.
        auto db = store::Database::open(m_db);
        db.exec("PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = 'CREATE INDEX measurements_by_point ON "
                "measurements (device_id, family_id, size_label, parameter_set_id)' WHERE name = "
                "'measurements_by_point'; PRAGMA writable_schema = OFF;");
    }
    ASSERT_FALSE(store::Database::open(m_db).integrityProblems().empty());
    auto r = tune("--family transpose --space '" + m_scratch.path("space.json") + "' --strategy exhaustive --sizes 64,96");
    EXPECT_EQ(r.rc, 1) << r.output;
    EXPECT_NE(r.output.find("integrity check"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(m_db), std::string::npos) << r.output;
    EXPECT_FALSE(storedRun(m_db, 2)); // no run was started in it
}

TEST_F(HostileCli, Finding7ASchemaZeroStoreWithOurIdGetsAShortMessage) {
    {
        auto db = store::Database::open(m_db);
        db.exec("PRAGMA user_version = 0");
    }
    auto r = m_scratch.ktune("runs --db '" + m_db + "'");
    EXPECT_EQ(r.rc, 1) << r.output;
    EXPECT_NE(r.output.find("schema version 0"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("CREATE TABLE"), std::string::npos) << r.output;
    EXPECT_LT(r.output.size(), 400u) << r.output;
}

// ---- finding 8: fit and rules at the edges of the number types ---------------------------------------------------

TEST_F(HostileCli, Finding8FitOfValuesNearTheDoubleLimitIsFinite) {
    m_scratch.write("S.csv", "size,value\n1,1e308\n2,-1e308\n3,1.7e308\n4,-1.7e308\n5,1e308\n");
    auto r = m_scratch.ktune("fit --samples S.csv --from 1 --to 5 --alpha auto --out F.csv");
    ASSERT_EQ(r.rc, 0) << r.output;
    const std::string out = m_scratch.read("F.csv");
    EXPECT_EQ(out.find("nan"), std::string::npos) << out;
    EXPECT_EQ(out.find("inf"), std::string::npos) << out;
    // An interpolating fit (alpha 0) goes through the samples themselves.
    auto exact = m_scratch.ktune("fit --samples S.csv --from 1 --to 5 --alpha 0 --out E.csv");
    ASSERT_EQ(exact.rc, 0) << exact.output;
    const std::string e = m_scratch.read("E.csv");
    const auto at3 = e.find("\n3,");
    ASSERT_NE(at3, std::string::npos) << e;
    EXPECT_NEAR(std::stod(e.substr(at3 + 3)) / 1.7e308, 1.0, 1e-9) << e;
    // Extrapolation past the double range writes nothing.
    m_scratch.write("X.csv", "size,value\n1,-1.7e308\n2,1.7e308\n");
    auto over = m_scratch.ktune("fit --samples X.csv --from 1 --to 4 --alpha 1 --out X_out.csv");
    EXPECT_EQ(over.rc, 2) << over.output;
    EXPECT_NE(over.output.find("range of double"), std::string::npos) << over.output;
    EXPECT_FALSE(m_scratch.exists("X_out.csv"));
}

TEST_F(HostileCli, Finding8RulesAtTheLargestSizeAreRefused) {
    m_scratch.write("C.csv", "size,candidate,value\n1,a,1\n1,b,2\n9223372036854775807,a,2\n9223372036854775807,b,1\n");
    auto r = m_scratch.ktune("rules --curves C.csv --out R.json");
    EXPECT_EQ(r.rc, 2) << r.output;
    EXPECT_NE(r.output.find("C.csv:4: size 9223372036854775807 is above 2147483647"), std::string::npos) << r.output;
    EXPECT_FALSE(m_scratch.exists("R.json"));
    m_scratch.write("D.csv", "size,candidate,value\n1,a,1\n1,b,2\n2147483647,a,2\n2147483647,b,1\n");
    auto ok = m_scratch.ktune("rules --curves D.csv --out R.json");
    ASSERT_EQ(ok.rc, 0) << ok.output;
    EXPECT_NE(m_scratch.read("R.json").find("2147483648"), std::string::npos) << m_scratch.read("R.json");
    auto depth = m_scratch.ktune("rules --curves D.csv --out T.json --max-depth 4294967299");
    EXPECT_EQ(depth.rc, 2) << depth.output;
}

// Input files are bounded in size before they are read (sparse files: no disk is spent on the test).
TEST_F(HostileCli, BoundsOnInputFileSizes) {
    const auto sparse = [&](const std::string& name, std::uintmax_t bytes) {
        const std::string path = m_scratch.write(name, "size,candidate,value\n");
        fs::resize_file(path, bytes);
        return path;
    };
    sparse("big.csv", (256u << 20) + 1);
    expectUsage(m_scratch.ktune("rules --curves big.csv --out R.json"), "more than the 256 MiB", "a 256 MiB CSV");
    sparse("big_samples.csv", (256u << 20) + 1);
    expectUsage(m_scratch.ktune("fit --samples big_samples.csv --from 1 --to 4 --alpha 1 --out F.csv"),
                "more than the 256 MiB", "256 MiB samples");
    sparse("big_rule.json", (16u << 20) + 1);
    expectUsage(m_scratch.ktune("bench --db '" + m_db + "' --device cpu --family transpose --rules big_rule.json"),
                "more than the 16 MiB", "a 16 MiB rule");
}

// ---- finding 9: silently accepted input and wrong exit codes -----------------------------------------------------

TEST_F(HostileCli, Finding9AnUnsatisfiableSpaceIsRefused) {
    REQUIRE_CPU();
    const auto none = m_scratch.write("none.json", R"({"parameters": [
        {"name": "TRA_TILE", "values": [8, 16]}, {"name": "TRA_WPT", "values": [1]}, {"name": "TRA_LOCAL", "values": [0]},
        {"name": "TRA_PAD", "values": [0]}], "constraints": ["TRA_TILE > 100"]})");
    expectUsage(tune("--family transpose --space '" + none + "'"), "no valid point", "unsatisfiable");
    EXPECT_FALSE(fs::exists(m_db));
}

// A space file describes kernels, not devices: the family's device requirements (fp64, tensor cores, SYMV_PDL's
// CUDA sm_90) hold for it as for the family's own space, so a space whose every point needs an ability the device
// lacks is refused before anything is compiled, naming the requirement (docs/reliability.md).
TEST_F(HostileCli, DeviceRequirementsHoldForEverySpace) {
    REQUIRE_CPU();
    const std::string direct = std::string(KT_SOURCE_DIR) + "/tools/spaces/dgemm-direct.json";
    const std::string tensorCores = "FP64 tensor cores need a CUDA device of compute capability 8.0";
    expectUsage(tune("--family dgemm --space '" + direct + "'"), "no valid point", "dgemm-direct on PoCL");
    expectUsage(tune("--family dgemm --space '" + direct + "'"), tensorCores, "dgemm-direct on PoCL");
    // The same space without the tensor-core rule of its own (the family's requirement is what refuses it).
    ParameterSpace bare;
    const ParameterSpace file = ParameterSpace::fromFile(direct);
    for (const auto& p : file.parameters()) bare.addParameter(p);
    for (const auto& c : file.constraints())
        if (c.expression.find("DEV_CC") == std::string::npos) bare.addConstraint(c);
    const auto bareFile = m_scratch.write("direct-bare.json", bare.toJson());
    expectUsage(tune("--family dgemm --space '" + bareFile + "'"), tensorCores, "dgemm-direct without its DEV_CC rule");
    // bench: a tensor-core point given by key.
    expectUsage(m_scratch.ktune("bench --db '" + m_db + "' --device cpu --family dgemm --sizes 64 --point "
                                "GEMM_ML=128,GEMM_NL=128,GEMM_KL=16,GEMM_MS=8,GEMM_NS=8,GEMM_KS=1,GEMM_VW=2,"
                                "GEMM_LOCAL_A=1,GEMM_LOCAL_B=1,GEMM_MMA=2,GEMM_WM=64,GEMM_STAGES=3,GEMM_SWIZZLE=3,"
                                "GEMM_DBUF=1,GEMM_LDS128=1,GEMM_DIRECT=1,GEMM_LAYOUT_A=0,GEMM_LAYOUT_B=0,GEMM_IMAGE_A=0,GEMM_IMAGE_B=0"),
                tensorCores, "a tensor-core point on PoCL");
    // dsymv with programmatic dependent launch only (CUDA sm_90+); the tiled parameters it leaves out are absent.
    const auto pdl = m_scratch.write("pdl.json", R"({"parameters": [
        {"name": "SYMV_ALGO", "values": [3]}, {"name": "SYMV_BLOCK_SIZE", "values": [64]},
        {"name": "SYMV_UX", "values": [8]}, {"name": "SYMV_MULTIPLICITY", "values": [1]},
        {"name": "SYMV_MX", "values": [0]}, {"name": "SYMV_PDL", "values": [1]}]})");
    expectUsage(tune("--family dsymv --space '" + pdl + "'"), "SYMV_PDL: the tiled algorithm with SYMV_FUSE 0 on CUDA",
                "SYMV_PDL 1 on PoCL");
    EXPECT_FALSE(fs::exists(m_db)); // nothing stored for any of them
    // A space whose points the device can run still tunes: SYMV_PDL left out reads as its absent value 0.
    const auto fine = m_scratch.write("fine.json", R"({"parameters": [
        {"name": "SYMV_ALGO", "values": [0]}, {"name": "SYMV_BLOCK_SIZE", "values": [64]},
        {"name": "SYMV_UX", "values": [8]}, {"name": "SYMV_MULTIPLICITY", "values": [1]},
        {"name": "SYMV_MX", "values": [0]}]})");
    const auto r = tune("--family dsymv --space '" + fine + "' --strategy exhaustive --sizes 64 --runs 1");
    ASSERT_EQ(r.rc, 0) << r.output;
    const auto stored = storedMeasurements(m_db, 1);
    ASSERT_EQ(stored.size(), 1u);
    EXPECT_EQ(stored[0].measurement.status, MeasurementStatus::Ok) << stored[0].measurement.error;
    // The run keeps the space it searched: with the requirement, SYMV_PDL replaced by its absent value.
    const auto run = storedRun(m_db, 1);
    ASSERT_TRUE(run);
    EXPECT_NE(run->space.dump().find("(0) == 0 || (SYMV_ALGO == 3"), std::string::npos) << run->space.dump();
}

TEST_F(HostileCli, Finding9UnknownStrategyOptionsAndOutOfRangeValuesAreRefused) {
    REQUIRE_CPU();
    const std::string space = " --space '" + smallSpace() + "'";
    expectUsage(tune("--family transpose" + space + " --option tpo=5"), "strategy two-stage has no option 'tpo'",
                "misspelt option");
    expectUsage(tune("--family transpose" + space + " --strategy random --option top=5"), "has no option 'top'",
                "another strategy's option");
    expectUsage(tune("--family transpose" + space + " --option top=1e300"), "outside [0, 1e9]", "huge value");
    expectUsage(tune("--family transpose" + space + " --budget-time 1e12"), "longer than 100 days", "huge duration");
    expectUsage(tune("--family transpose" + space + " --runs 100000000000"), "--runs must be between", "huge --runs");
    EXPECT_FALSE(fs::exists(m_db));
}

TEST_F(HostileCli, Finding9AnEmptyDeviceNameIsRefused) {
    expectUsage(m_scratch.ktune("tune --db '" + m_db + "' --device '' --family transpose"), "empty device name",
                "tune --device ''");
    expectUsage(m_scratch.ktune("profile ''"), "empty device name", "profile ''");
    expectUsage(m_scratch.ktune("tune --db '" + m_db + "' --device 99999999999999999999 --family transpose"),
                "no device with index", "a huge index");
}

TEST_F(HostileCli, Finding9BadArgumentsExitWithTwo) {
    expectUsage(m_scratch.ktune("profile nope"), "no device matches 'nope'", "profile nope");
    expectUsage(m_scratch.ktune("tune --db '" + m_db + "' --resume 999"), "no store", "resume without a store");
    store::Database::open(m_db); // an empty store
    expectUsage(m_scratch.ktune("tune --db '" + m_db + "' --resume 999"), "no run 999", "resume 999");
    if (!haveCpu()) return;
    expectUsage(m_scratch.ktune("bench --db '" + m_db + "' --device cpu --family transpose --point "
                                "TRA_TILE=8,TRA_WPT=16,TRA_LOCAL=0,TRA_PAD=0 --sizes 64"),
                "breaks the constraint TRA_TILE % TRA_WPT == 0", "bench with an invalid point");
}

TEST_F(HostileCli, Finding9CurvesIntoAFolderSaysSo) {
    REQUIRE_CPU();
    storeOneRun();
    fs::create_directory(m_scratch.path("out"));
    auto r = m_scratch.ktune("best --db '" + m_db + "' --device cpu --family transpose --curves out");
    expectUsage(r, "--curves: out is a folder", "best --curves DIR");
    EXPECT_EQ(r.output.find("Success"), std::string::npos) << r.output;
}

} // namespace
} // namespace kt::test
