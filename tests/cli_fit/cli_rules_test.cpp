// `ktune rules`: R.json and the C++ header on the happy path; exit code 2 with file:line on bad input.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_helper.hpp"

using kt::test::Scratch;

namespace {

// a = 1000 − x and b = 401.5 + x/2 cross at 399; a one-size blip of c at 700 is 0.5% better than b.
std::string crossingCurves() {
    std::ostringstream out;
    out << "size,candidate,value\n";
    for (long long x = 100; x <= 1000; x += 10) {
        out << x << ",a," << 1000 - x << "\n" << x << ",b," << 401.5 + x / 2.0 << "\n";
        out << x << ",c," << (x == 700 ? (401.5 + x / 2.0) * 1.005 : 1.0) << "\n";
    }
    return out.str();
}

} // namespace

TEST(CliRules, HappyPathWritesIntervalsAndHeader) {
    Scratch s;
    s.write("C.csv", crossingCurves());
    const auto r = s.ktune("rules --curves C.csv --out R.json --emit-cpp R.hpp --function pickKernel");
    ASSERT_EQ(r.rc, 0) << r.output;
    const auto j = nlohmann::json::parse(s.read("R.json"));
    ASSERT_TRUE(j.is_object());
    const auto& iv = j["intervals"];
    ASSERT_EQ(iv.size(), 4u);
    EXPECT_EQ(iv[0]["lo"], 100);
    EXPECT_EQ(iv[0]["hi"], 400);
    EXPECT_EQ(iv[0]["candidate"], "a");
    EXPECT_EQ(iv[2]["lo"], 700);
    EXPECT_EQ(iv[2]["hi"], 710);
    EXPECT_EQ(iv[2]["candidate"], "c");
    EXPECT_EQ(iv[3]["hi"], 1001);
    EXPECT_EQ(j["evaluation"]["max_loss"], 0.0);
    const auto header = s.read("R.hpp");
    EXPECT_NE(header.find("inline const char* pickKernel(long long size)"), std::string::npos);
    EXPECT_NE(header.find("if (size < 400LL) return \"a\";"), std::string::npos);
}

TEST(CliRules, ToleranceAndMinWidthRemoveTheBlip) {
    Scratch s;
    s.write("C.csv", crossingCurves());
    for (const std::string opts : {"--tolerance 0.01", "--min-width 20"}) {
        const auto r = s.ktune("rules --curves C.csv " + opts + " --out R.json");
        ASSERT_EQ(r.rc, 0) << r.output;
        const auto j = nlohmann::json::parse(s.read("R.json"));
        ASSERT_EQ(j["intervals"].size(), 2u) << opts;
        EXPECT_EQ(j["intervals"][1]["candidate"], "b");
        EXPECT_EQ(j["intervals"][1]["hi"], 1001);
        EXPECT_GT(j["evaluation"]["max_loss"].get<double>(), 0.0);
    }
}

TEST(CliRules, HoldoutIsEvaluated) {
    Scratch s;
    s.write("C.csv", crossingCurves());
    s.write("H.csv", "size,candidate,value\n150,a,90\n150,b,100\n800,b,100\n");
    const auto r = s.ktune("rules --curves C.csv --out R.json --holdout H.csv");
    ASSERT_EQ(r.rc, 0) << r.output;
    const auto j = nlohmann::json::parse(s.read("R.json"));
    EXPECT_EQ(j["holdout"]["evaluated"], 2);
    EXPECT_EQ(j["holdout"]["oracle_hits"], 1);
    EXPECT_DOUBLE_EQ(j["holdout"]["max_loss"].get<double>(), 0.1);
    EXPECT_EQ(j["holdout"]["worst_size"], 150);
}

TEST(CliRules, BadInputExitsWithTwo) {
    struct Case {
        std::string curves, args, expect;
    };
    const std::string good = "size,candidate,value\n1,a,2\n2,a,3\n";
    const std::vector<Case> cases{
        {"", "", "C.csv: the file is empty"},
        {"size,value\n1,2\n", "", "C.csv:1: expected the header 'size,candidate,value'"},
        {"size,candidate,value\n", "", "no curve rows"},
        {"size,candidate,value\n1,a,2\n1.5,a,3\n", "", "C.csv:3: size '1.5' is not an integer"},
        {"size,candidate,value\n1,a,quick\n", "", "C.csv:2: value 'quick'"},
        {"size,candidate,value\n1,,2\n", "", "C.csv:2: empty candidate"},
        {"size,candidate,value\n1,a,2\n1,a,3\n", "", "C.csv:3: candidate 'a' already has a value"},
        {good, "--tolerance 1.5", "--tolerance must be a fraction"},
        {good, "--tolerance -0.1", "--tolerance must be a fraction"},
        {good, "--tolerance x", "--tolerance: 'x' is not a number"},
        {good, "--min-width 0", "--min-width must be >= 1"},
        {good, "--function 9lives", "is not a C++ identifier"},
        {good, "--emit-cpp R.hpp --namespace 'a b'", "not a valid name"},
        {good, "--holdout nothere.csv", "nothere.csv: cannot open"},
    };
    for (const auto& c : cases) {
        Scratch s;
        s.write("C.csv", c.curves);
        s.write("R.json", "precious\n");
        const auto r = s.ktune("rules --curves C.csv --out R.json " + c.args);
        EXPECT_EQ(r.rc, 2) << c.expect << "\n" << r.output;
        EXPECT_NE(r.output.find(c.expect), std::string::npos) << r.output;
        EXPECT_EQ(s.read("R.json"), "precious\n");
    }
    Scratch s;
    EXPECT_EQ(s.ktune("rules --out R.json").rc, 2);
    EXPECT_EQ(s.ktune("rules --curves C.csv").rc, 2);
    EXPECT_EQ(s.ktune("rules --curves nothere.csv --out R.json").rc, 2);
}

TEST(CliRules, HelpDocumentsTheJsonShape) {
    Scratch s;
    const auto r = s.ktune("rules --help");
    EXPECT_EQ(r.rc, 0);
    EXPECT_NE(r.output.find("\"intervals\""), std::string::npos);
    EXPECT_NE(r.output.find("largest size + 1"), std::string::npos);
}

TEST(CliRules, SeveralSizeDimensionsGiveADecisionTree) {
    Scratch s;
    std::ostringstream csv;
    csv << "m,n,candidate,value\n";
    for (long long m = 32; m <= 1024; m *= 2)
        for (long long n = 16; n <= 256; n *= 2) {
            csv << m << "," << n << ",small," << (m < 256 ? 10 : 5) << "\n";
            csv << m << "," << n << ",big," << (m < 256 ? 6 : 9) << "\n";
        }
    s.write("T.csv", csv.str());
    const auto r = s.ktune("rules --curves T.csv --out R.json --emit-cpp R.hpp --max-depth 2");
    ASSERT_EQ(r.rc, 0) << r.output;
    const auto j = nlohmann::json::parse(s.read("R.json"));
    EXPECT_EQ(j["format"], "ktune-tree/1");
    EXPECT_EQ(j["tree"]["dim"], "m");
    EXPECT_EQ(j["tree"]["threshold"], 256);
    EXPECT_EQ(j["evaluation"]["mean_loss"], 0.0);
    EXPECT_NE(s.read("R.hpp").find("selectKernel(long long m, long long n)"), std::string::npos);
    EXPECT_EQ(s.ktune("rules --curves T.csv --out R.json --tolerance 0.1").rc, 2);
    EXPECT_EQ(s.ktune("rules --curves T.csv --out R.json --max-depth -1").rc, 2);
    s.write("U.csv", "m,n,candidate,value\n1,2,a,3\n1,x,a,3\n");
    const auto bad = s.ktune("rules --curves U.csv --out R.json");
    EXPECT_EQ(bad.rc, 2);
    EXPECT_NE(bad.output.find("U.csv:3: n 'x' is not an integer"), std::string::npos) << bad.output;
}

TEST(CliRules, FitThenRulesPipelineFindsTheCrossing) {
    // Two candidates measured at a few sizes each (noisy), fitted onto one grid, then turned into a rule:
    // a = 900 − x/2 and b = 300 + x/4 cross at x = 800.
    Scratch s;
    std::ostringstream a, b;
    a << "size,value\n";
    b << "size,value\n";
    for (long long x = 0; x <= 2000; x += 250) {
        a << x << "," << 900 - x / 2.0 + (x % 500 ? 3 : -3) << "\n";
        b << x << "," << 300 + x / 4.0 + (x % 500 ? -3 : 3) << "\n";
    }
    s.write("A.csv", a.str());
    s.write("B.csv", b.str());
    for (const std::string c : {"A", "B"}) {
        const auto r =
            s.ktune("fit --samples " + c + ".csv --from 0 --to 2000 --step 10 --alpha auto --out F" + c + ".csv");
        ASSERT_EQ(r.rc, 0) << r.output;
    }
    std::ostringstream curves;
    curves << "size,candidate,value\n";
    for (const std::string c : {"A", "B"}) {
        std::istringstream in(s.read("F" + c + ".csv"));
        std::string line;
        std::getline(in, line);
        while (std::getline(in, line)) {
            const auto comma = line.find(',');
            curves << line.substr(0, comma) << "," << c << "," << line.substr(comma + 1) << "\n";
        }
    }
    s.write("C.csv", curves.str());
    const auto r = s.ktune("rules --curves C.csv --min-width 50 --out R.json");
    ASSERT_EQ(r.rc, 0) << r.output;
    const auto j = nlohmann::json::parse(s.read("R.json"));
    ASSERT_EQ(j["intervals"].size(), 2u) << j.dump();
    EXPECT_EQ(j["intervals"][0]["candidate"], "A");
    EXPECT_NEAR(j["intervals"][0]["hi"].get<double>(), 800.0, 30.0); // noise of ±3 moves the crossing a little
    EXPECT_EQ(j["intervals"][1]["hi"], 2001);
}

TEST(CliRules, TableGivesEachSizeItsOwnCandidate) {
    // Batched-GEMM-like curves over m, n, k, batch: a different winner at each of three shapes, summed over batches.
    Scratch s;
    std::ostringstream csv;
    csv << "m,n,k,batch,candidate,value\n";
    for (long long batch : {100, 200}) {
        csv << "2,2,2," << batch << ",tiny,9\n2,2,2," << batch << ",wide,1\n";
        csv << "8,8,8," << batch << ",tiny,2\n8,8,8," << batch << ",wide,7\n";
        csv << "4,8,2," << batch << ",tiny,3\n4,8,2," << batch << ",wide," << (batch == 100 ? 3.1 : 2) << "\n";
    }
    s.write("B.csv", csv.str());
    const auto r = s.ktune("rules --curves B.csv --table --key m,n,k --family dgemm_batched --out R.json --emit-cpp "
                           "R.hpp --namespace batched");
    ASSERT_EQ(r.rc, 0) << r.output;
    const auto j = nlohmann::json::parse(s.read("R.json"));
    EXPECT_EQ(j["format"], "ktune-table/1");
    EXPECT_EQ(j["family"], "dgemm_batched");
    EXPECT_EQ(j["dims"], nlohmann::json::parse(R"(["m","n","k"])"));
    ASSERT_EQ(j["entries"].size(), 3u);
    EXPECT_EQ(j["entries"][0]["size"], nlohmann::json::parse("[2,2,2]"));
    EXPECT_EQ(j["entries"][0]["candidate"], "tiny");
    EXPECT_EQ(j["entries"][1]["candidate"], "tiny"); // (4, 8, 2): wide wins one batch by 3%, loses the other by 33%
    EXPECT_EQ(j["entries"][2]["candidate"], "wide");
    EXPECT_NE(s.read("R.hpp").find("selectKernel(long long m, long long n, long long k)"), std::string::npos);
    EXPECT_NE(s.read("R.hpp").find("namespace batched"), std::string::npos);
    // Options of other rule kinds, a key that is no column, and --table on one-dimensional curves are refused.
    EXPECT_EQ(s.ktune("rules --curves B.csv --table --max-depth 2 --out R.json").rc, 2);
    const auto badKey = s.ktune("rules --curves B.csv --table --key m,q --out R.json");
    EXPECT_EQ(badKey.rc, 2);
    EXPECT_NE(badKey.output.find("table key 'q'"), std::string::npos) << badKey.output;
    EXPECT_EQ(s.ktune("rules --curves B.csv --key m --out R.json").rc, 2);
    s.write("C.csv", crossingCurves());
    EXPECT_EQ(s.ktune("rules --curves C.csv --table --out R.json").rc, 2);
}

TEST(CliRules, MergeAddsAPointersTableAndNeverWritesOverAFile) {
    // The strided table from strided curves, the pointer-array table from ptr-* curves, merged into one file whose
    // C++ picks by kind; bad merges exit 2 and name the problem, and no existing file is touched.
    Scratch s;
    s.write("S.csv", "m,n,k,batch,candidate,value\n2,2,2,9,tiny,9\n2,2,2,9,wide,1\n8,8,8,9,tiny,2\n8,8,8,9,wide,7\n");
    s.write("P.csv", "m,n,k,batch,candidate,value\n8,8,8,9,tiny,5\n8,8,8,9,wide,4\n8,8,8,9,ptr,6\n");
    ASSERT_EQ(s.ktune("rules --curves S.csv --table --key m,n,k --family sgemm_batched --out S.json").rc, 0);
    ASSERT_EQ(s.ktune("rules --curves P.csv --table --key m,n,k --family sgemm_batched --out P.json").rc, 0);
    const std::string strided = s.read("S.json"), pointers = s.read("P.json");
    const auto r = s.ktune("rules --merge S.json --kind-table pointers=P.json --out R.json --emit-cpp R.hpp");
    ASSERT_EQ(r.rc, 0) << r.output;
    EXPECT_NE(r.output.find("pointers table 1 entries (1 differ from the main table's entry as written)"), std::string::npos) << r.output;
    const auto j = nlohmann::json::parse(s.read("R.json"));
    EXPECT_EQ(j["family"], "sgemm_batched");
    EXPECT_EQ(j["entries"], nlohmann::json::parse(strided)["entries"]);
    EXPECT_EQ(j["kinds"]["pointers"]["entries"][0]["candidate"], "ptr");
    EXPECT_EQ(j["kinds"]["pointers"]["source"], "P.csv");
    EXPECT_NE(s.read("R.hpp").find("const char* kind = nullptr"), std::string::npos);
    EXPECT_EQ(s.read("S.json"), strided);
    EXPECT_EQ(s.read("P.json"), pointers);
    // Refusals: outputs that exist, a second pointers table, other dimensions, another family, a kind the family
    // lacks, a tree, a bad --kind-table.
    s.write("T.csv", "m,n,candidate,value\n2,2,tiny,1\n2,2,wide,2\n4,4,tiny,2\n4,4,wide,1\n");
    ASSERT_EQ(s.ktune("rules --curves T.csv --table --out T.json").rc, 0);
    ASSERT_EQ(s.ktune("rules --curves T.csv --out Tree.json").rc, 0);
    ASSERT_EQ(s.ktune("rules --curves P.csv --table --key m,n,k --family dgemm_batched --out D.json").rc, 0);
    s.write("keep.hpp", "// mine\n");
    struct Case {
        std::string args, mentions;
    };
    const std::vector<Case> cases = {
        {"--merge S.json --kind-table pointers=P.json --out R.json", "R.json exists"},
        {"--merge S.json --kind-table pointers=P.json --out N.json --emit-cpp keep.hpp", "keep.hpp exists"},
        {"--merge R.json --kind-table pointers=P.json --out N.json", "has a pointers table already"},
        {"--merge S.json --kind-table pointers=R.json --out N.json", "has kind tables of its own"},
        {"--merge S.json --kind-table pointers=T.json --out N.json", "keyed on (m,n)"},
        {"--merge S.json --kind-table pointers=D.json --out N.json", "D.json is a rule for dgemm_batched"},
        {"--merge S.json --kind-table pointer=P.json --out N.json", "sgemm_batched has no call kind 'pointer' (its "
                                                                   "kinds: pointers)"},
        {"--merge S.json --kind-table pointers=Tree.json --out N.json", "--merge takes two tables"},
        {"--merge S.json --kind-table P.json --out N.json", "expected KIND=FILE.json"},
        {"--merge S.json --kind-table pointers=nosuch.json --out N.json", "cannot read"},
        {"--merge S.json --out N.json", "--kind-table"},
        {"--curves S.csv --kind-table pointers=P.json --out N.json", "goes with --merge"},
    };
    for (const auto& c : cases) {
        const auto bad = s.ktune("rules " + c.args);
        EXPECT_EQ(bad.rc, 2) << c.args << "\n" << bad.output;
        EXPECT_NE(bad.output.find(c.mentions), std::string::npos) << c.args << "\n" << bad.output;
        EXPECT_FALSE(s.exists("N.json")) << c.args;
    }
    EXPECT_EQ(s.read("keep.hpp"), "// mine\n");
    EXPECT_EQ(s.read("S.json"), strided);
}

TEST(CliRules, MergeGivesGemmOpsIntervalsOfTheirOwn) {
    // Interval rules from NN curves and from TN curves, merged for dgemm: the file holds the TN intervals under
    // "kinds", a second merge adds TT, the C++ picks by kind; mixing a rule and a table, a kind dgemm lacks, a
    // second tn and a kind rule with kinds of its own are refused, and nothing is overwritten.
    Scratch s;
    s.write("nn.csv", "size,candidate,value\n64,a,9\n64,b,1\n128,a,2\n128,b,7\n");
    s.write("tn.csv", "size,candidate,value\n64,a,1\n64,b,9\n128,a,7\n128,b,2\n");
    ASSERT_EQ(s.ktune("rules --curves nn.csv --family dgemm --out nn.json").rc, 0);
    ASSERT_EQ(s.ktune("rules --curves tn.csv --family dgemm --out tn.json").rc, 0);
    const std::string nn = s.read("nn.json");
    const auto r = s.ktune("rules --merge nn.json --kind-table tn=tn.json --out m.json --emit-cpp m.hpp");
    ASSERT_EQ(r.rc, 0) << r.output;
    EXPECT_NE(r.output.find("merged: 2 intervals, tn 2 intervals (kinds: tn)"), std::string::npos) << r.output;
    const auto j = nlohmann::json::parse(s.read("m.json"));
    EXPECT_EQ(j["format"], "ktune-rules/1");
    EXPECT_EQ(j["intervals"], nlohmann::json::parse(nn)["intervals"]);
    EXPECT_EQ(j["kinds"]["tn"]["intervals"][0]["candidate"], "b");
    EXPECT_EQ(j["kinds"]["tn"]["source"], "tn.csv");
    EXPECT_NE(s.read("m.hpp").find("selectKernel_tn(long long size)"), std::string::npos) << s.read("m.hpp");
    EXPECT_NE(s.read("m.hpp").find("selectKernel(long long size, const char* kind)"), std::string::npos);
    const auto again = s.ktune("rules --merge m.json --kind-table tt=tn.json --out m2.json");
    ASSERT_EQ(again.rc, 0) << again.output;
    const auto j2 = nlohmann::json::parse(s.read("m2.json"));
    EXPECT_EQ(j2["kinds"]["tn"], j["kinds"]["tn"]);
    EXPECT_EQ(j2["kinds"]["tt"]["intervals"], j["kinds"]["tn"]["intervals"]);
    s.write("T.csv", "m,n,k,candidate,value\n2,2,2,a,1\n2,2,2,b,2\n");
    ASSERT_EQ(s.ktune("rules --curves T.csv --table --family dgemm --out T.json").rc, 0);
    struct Case {
        std::string args, mentions;
    };
    for (const Case& c : std::vector<Case>{
             {"--merge nn.json --kind-table tn=T.json --out N.json", "two tables"},
             {"--merge nn.json --kind-table pointers=tn.json --out N.json", "dgemm has no call kind 'pointers'"},
             {"--merge m.json --kind-table tn=tn.json --out N.json", "has tn intervals already"},
             {"--merge nn.json --kind-table tn=m.json --out N.json", "has kind intervals of its own"},
             {"--merge nn.json --kind-table tn=tn.json --out m.json", "m.json exists"},
         }) {
        const auto bad = s.ktune("rules " + c.args);
        EXPECT_EQ(bad.rc, 2) << c.args << "\n" << bad.output;
        EXPECT_NE(bad.output.find(c.mentions), std::string::npos) << c.args << "\n" << bad.output;
        EXPECT_FALSE(s.exists("N.json")) << c.args;
    }
    EXPECT_EQ(s.read("nn.json"), nn);
}

TEST(CliRules, MergeGivesAlignedSizesIntervalsOfTheirOwn) {
    // A rule from ragged sizes (with tn intervals) and one from multiples of 64 (with tt intervals), merged with
    // --aligned: the file keeps the ragged rule and holds the other under "aligned" with its multiple; the C++ tests
    // the multiple first; bad merges are refused and nothing is written or overwritten.
    Scratch s;
    s.write("ragged.csv", "size,candidate,value\n100,a,9\n100,b,1\n200,a,2\n200,b,7\n");
    s.write("aligned.csv", "size,candidate,value\n64,a,1\n64,c,9\n192,a,7\n192,c,2\n");
    ASSERT_EQ(s.ktune("rules --curves ragged.csv --family dgemm --out r.json").rc, 0);
    ASSERT_EQ(s.ktune("rules --curves ragged.csv --family dgemm --out tn.json").rc, 0);
    ASSERT_EQ(s.ktune("rules --merge r.json --kind-table tn=tn.json --out rk.json").rc, 0);
    ASSERT_EQ(s.ktune("rules --curves aligned.csv --family dgemm --out a.json").rc, 0);
    ASSERT_EQ(s.ktune("rules --merge a.json --kind-table tt=a.json --out ak.json").rc, 0);
    const std::string ragged = s.read("rk.json");
    const auto r = s.ktune("rules --merge rk.json --aligned ak.json --multiple 64 --out m.json --emit-cpp m.hpp");
    ASSERT_EQ(r.rc, 0) << r.output;
    EXPECT_NE(r.output.find("merged: 2 intervals, aligned (multiples of 64) 2 intervals (aligned kinds: tt)"),
              std::string::npos)
        << r.output;
    const auto j = nlohmann::json::parse(s.read("m.json"));
    EXPECT_EQ(j["intervals"], nlohmann::json::parse(ragged)["intervals"]);
    EXPECT_EQ(j["kinds"], nlohmann::json::parse(ragged)["kinds"]);
    EXPECT_EQ(j["aligned"]["multiple"], 64);
    EXPECT_EQ(j["aligned"]["intervals"][0]["candidate"], "c");
    EXPECT_EQ(j["aligned"]["source"], "aligned.csv");
    EXPECT_EQ(j["aligned"]["kinds"]["tt"]["intervals"][0]["candidate"], "c");
    const std::string hpp = s.read("m.hpp");
    EXPECT_NE(hpp.find("if (size > 0 && size % 64LL == 0) {"), std::string::npos) << hpp;
    EXPECT_NE(hpp.find("selectKernel_aligned_tt(long long size)"), std::string::npos) << hpp;
    // A kind-table merge onto the merged file keeps the aligned part.
    ASSERT_EQ(s.ktune("rules --merge m.json --kind-table nt=tn.json --out m2.json").rc, 0);
    EXPECT_EQ(nlohmann::json::parse(s.read("m2.json"))["aligned"], j["aligned"]);
    s.write("T.csv", "m,n,k,candidate,value\n2,2,2,a,1\n2,2,2,b,2\n");
    ASSERT_EQ(s.ktune("rules --curves T.csv --table --family dgemm --out T.json").rc, 0);
    s.write("ptr.json", R"({"format": "ktune-rules/1", "family": "dgemm",
        "intervals": [{"lo": 1, "hi": 9, "candidate": "a"}], "kinds": {"pointers": {"intervals": [
        {"lo": 1, "hi": 9, "candidate": "a"}]}}})");
    struct Case {
        std::string args, mentions;
    };
    for (const Case& c : std::vector<Case>{
             {"--merge rk.json --aligned ak.json --out N.json", "--aligned needs --multiple"},
             {"--merge rk.json --aligned ak.json --multiple 1 --out N.json", "--multiple must be an integer >= 2"},
             {"--merge rk.json --aligned ak.json --multiple x --out N.json", "--multiple"},
             {"--merge rk.json --aligned ak.json --multiple 64 --kind-table tt=a.json --out N.json", "two merges"},
             {"--merge rk.json --kind-table tt=a.json --multiple 64 --out N.json", "--multiple goes with --aligned"},
             {"--curves ragged.csv --aligned ak.json --out N.json", "--aligned goes with --merge"},
             {"--merge m.json --aligned ak.json --multiple 64 --out N.json", "has aligned intervals already"},
             {"--merge rk.json --aligned m.json --multiple 64 --out N.json", "has aligned intervals of its own"},
             {"--merge rk.json --aligned T.json --multiple 64 --out N.json", "merges two size rules"},
             {"--merge rk.json --aligned ptr.json --multiple 64 --out N.json", "dgemm has no call kind 'pointers'"},
             {"--merge rk.json --aligned ak.json --multiple 64 --out m.json", "m.json exists"},
         }) {
        const auto bad = s.ktune("rules " + c.args);
        EXPECT_EQ(bad.rc, 2) << c.args << "\n" << bad.output;
        EXPECT_NE(bad.output.find(c.mentions), std::string::npos) << c.args << "\n" << bad.output;
        EXPECT_FALSE(s.exists("N.json")) << c.args;
    }
    EXPECT_EQ(s.read("rk.json"), ragged);
}

TEST(CliRules, MultipleDerivesAlignedIntervalsFromTheSameCurves) {
    // One curves file with ragged sizes and multiples of 128: --multiple 128 derives the main intervals from the
    // first and the aligned ones from the second, each evaluated on its own sizes; rules of two ops derived so merge
    // per kind, the tn rule's aligned intervals joining the main rule's aligned part.
    Scratch s;
    s.write("nn.csv", "size,candidate,value\n100,a,9\n100,b,1\n100,c,1\n128,a,1\n128,b,1\n128,c,9\n"
                      "200,a,1\n200,b,9\n200,c,1\n256,a,1\n256,b,1\n256,c,9\n");
    s.write("tn.csv", "size,candidate,value\n100,a,1\n100,b,9\n128,a,9\n128,b,1\n200,a,1\n200,b,9\n256,a,9\n256,b,1\n");
    const auto r = s.ktune("rules --curves nn.csv --family dgemm --multiple 128 --out nn.json --emit-cpp nn.hpp");
    ASSERT_EQ(r.rc, 0) << r.output;
    EXPECT_NE(r.output.find("aligned (multiples of 128):"), std::string::npos) << r.output;
    const auto j = nlohmann::json::parse(s.read("nn.json"));
    EXPECT_EQ(j["intervals"][0]["candidate"], "a");
    EXPECT_EQ(j["intervals"][1]["candidate"], "b");
    EXPECT_EQ(j["sizes"]["count"], 2);
    EXPECT_EQ(j["evaluation"]["oracle_hits"], 2);
    EXPECT_EQ(j["aligned"]["multiple"], 128);
    ASSERT_EQ(j["aligned"]["intervals"].size(), 1u);
    EXPECT_EQ(j["aligned"]["intervals"][0]["candidate"], "c");
    EXPECT_EQ(j["aligned"]["sizes"]["min"], 128);
    EXPECT_EQ(j["aligned"]["evaluation"]["sizes"], 2);
    EXPECT_NE(s.read("nn.hpp").find("size % 128LL == 0"), std::string::npos) << s.read("nn.hpp");
    ASSERT_EQ(s.ktune("rules --curves tn.csv --family dgemm --multiple 128 --out tn.json").rc, 0);
    const auto merged = s.ktune("rules --merge nn.json --kind-table tn=tn.json --out m.json");
    ASSERT_EQ(merged.rc, 0) << merged.output;
    const auto m = nlohmann::json::parse(s.read("m.json"));
    EXPECT_EQ(m["kinds"]["tn"]["intervals"][0]["candidate"], "b");
    EXPECT_EQ(m["aligned"]["intervals"], j["aligned"]["intervals"]);
    EXPECT_EQ(m["aligned"]["kinds"]["tn"]["intervals"][0]["candidate"], "a");
    EXPECT_EQ(m["aligned"]["kinds"]["tn"]["source"], "tn.csv");
    ASSERT_EQ(s.ktune("rules --curves tn.csv --family dgemm --out plain.json").rc, 0);
    ASSERT_EQ(s.ktune("rules --curves tn.csv --family dgemm --multiple 64 --out tn64.json").rc, 0);
    s.write("T.csv", "m,n,k,candidate,value\n2,2,2,a,1\n2,2,2,b,2\n");
    struct Case {
        std::string args, mentions;
    };
    for (const Case& c : std::vector<Case>{
             {"--curves nn.csv --multiple 1000 --out N.json", "no size is a multiple of 1000"},
             {"--curves nn.csv --multiple 4 --out N.json", "every size is a multiple of 4"},
             {"--curves nn.csv --multiple 1 --out N.json", "--multiple must be an integer >= 2"},
             {"--curves T.csv --multiple 128 --out N.json", "--multiple applies to size curves"},
             {"--merge plain.json --kind-table tn=tn.json --out N.json", "derive both with --multiple 128"},
             {"--merge nn.json --kind-table tn=tn64.json --out N.json", "for multiples of 64"},
             {"--merge m.json --kind-table tt=m.json --out N.json", "has kind intervals of its own"},
         }) {
        const auto bad = s.ktune("rules " + c.args);
        EXPECT_EQ(bad.rc, 2) << c.args << "\n" << bad.output;
        EXPECT_NE(bad.output.find(c.mentions), std::string::npos) << c.args << "\n" << bad.output;
        EXPECT_FALSE(s.exists("N.json")) << c.args;
    }
}
