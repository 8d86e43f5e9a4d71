// JSON load/save of spaces and the error messages for malformed files.
#include <cstdio>
#include <filesystem>

#include <gtest/gtest.h>

#include "core/space/device_variables.hpp"
#include "core/space/parameter_space.hpp"

using namespace kt;

namespace {

std::string errorOf(const std::string& text) {
    try {
        ParameterSpace::fromJson(text, "test.json");
    } catch (const SpaceFormatError& e) {
        return e.what();
    }
    return "<no error>";
}

} // namespace

TEST(SpaceJson, LoadsAndRoundTrips) {
    auto s = ParameterSpace::fromJson(R"({
        "name": "demo",
        "parameters": [
            {"name": "ML", "values": [16, 32, 64], "description": "tile"},
            {"name": "MS", "range": {"from": 1, "to": 8, "times": 2}},
            {"name": "U", "range": {"from": 8, "to": 12, "step": 2}}
        ],
        "constraints": ["ML % MS == 0", {"expr": "ML / MS <= LIMIT", "description": "threads"}],
        "variables": {"LIMIT": 16}
    })");
    EXPECT_EQ(s.name, "demo");
    ASSERT_EQ(s.parameters().size(), 3u);
    EXPECT_EQ(s.parameters()[1].values, (std::vector<ParamValue>{1, 2, 4, 8}));
    EXPECT_EQ(s.parameters()[2].values, (std::vector<ParamValue>{8, 10, 12}));
    EXPECT_EQ(s.constraints()[1].description, "threads");
    std::uint64_t count = s.countValid();
    EXPECT_EQ(count, (4 + 3 + 2) * 3u); // ML/MS <= 16: ML=16 any MS, ML=32 MS≥2, ML=64 MS≥4
    auto again = ParameterSpace::fromJson(s.toJson());
    EXPECT_EQ(again.countValid(), count);
    EXPECT_EQ(again.toJson(), s.toJson());
}

TEST(SpaceJson, SyntaxErrorNamesLineAndColumn) {
    std::string e = errorOf("{\n  \"parameters\": [\n    {\"name\": \"A\", \"values\": [1, 2,]}\n  ]\n}");
    EXPECT_NE(e.find("test.json:3:"), std::string::npos) << e;
    EXPECT_NE(e.find("JSON syntax error"), std::string::npos) << e;
}

TEST(SpaceJson, FieldErrorsNameTheField) {
    EXPECT_NE(errorOf(R"({"parameters": [{"name":"A","values":[1]}, {"name":"B","values":[1]},
                                          {"name":"C","values":[]}]})")
                  .find("parameters[2].values must be a non-empty array of integers"),
              std::string::npos);
    EXPECT_NE(errorOf(R"({"parameters": [{"name":"A","values":[1, "x"]}]})").find("parameters[0].values"),
              std::string::npos);
    EXPECT_NE(errorOf(R"({"parameters": [{"name":"A","valuez":[1]}]})").find("unknown field 'valuez'"),
              std::string::npos);
    EXPECT_NE(errorOf(R"({"parameters": []})").find("parameters must be a non-empty array"), std::string::npos);
    EXPECT_NE(errorOf(R"({"parameters": [{"values":[1]}]})").find("parameters[0].name"), std::string::npos);
    EXPECT_NE(errorOf(R"({"parameters": [{"name":"A","values":[1]},{"name":"A","values":[2]}]})")
                  .find("parameters[1]: parameter 'A' is defined twice"),
              std::string::npos);
    EXPECT_NE(errorOf(R"({"parameters": [{"name":"A","range":{"from":1,"to":4}}]})").find("parameters[0].range"),
              std::string::npos);
    EXPECT_NE(errorOf(R"([1,2])").find("top level"), std::string::npos);
}

TEST(SpaceJson, ConstraintErrorsNameTheConstraint) {
    std::string e = errorOf(R"({"parameters": [{"name":"A","values":[1]}], "constraints": ["A > 0", "A >"]})");
    EXPECT_NE(e.find("constraints[1]"), std::string::npos) << e;
    EXPECT_NE(e.find("column"), std::string::npos) << e;
    e = errorOf(
        R"({"parameters": [{"name":"A","values":[1]}], "constraints": ["A * 4 <= DEV_LOCAL_MEM", "A < TYPO"]})");
    EXPECT_NE(e.find("constraints[1] 'A < TYPO' uses unknown name 'TYPO'"), std::string::npos) << e;
}

TEST(SpaceJson, MissingFileIsReported) {
    try {
        ParameterSpace::fromFile("/nonexistent/space.json");
        FAIL();
    } catch (const SpaceFormatError& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent/space.json"), std::string::npos);
    }
}

TEST(SpaceJson, ShippedPresetsLoad) {
    std::filesystem::path dir = std::filesystem::path(KT_SOURCE_DIR) / "resources" / "presets";
    int loaded = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() != ".json") continue;
        SCOPED_TRACE(entry.path().string());
        ParameterSpace s = ParameterSpace::fromFile(entry.path().string());
        EXPECT_FALSE(s.name.empty());
        EXPECT_GT(s.parameters().size(), 0u);
        // With a typical GPU's limits candidates remain.
        DeviceInfo gpu;
        gpu.type = DeviceType::Gpu;
        gpu.localMemBytes = 49152;
        gpu.maxWorkGroupSize = 1024;
        gpu.maxWorkItemSizes = {1024, 1024, 64};
        gpu.fp64 = true;
        applyDeviceVariables(s, gpu);
        // Counting visits every valid point (GEMM's presets hold tens of millions): stop at 10 000, enough to show
        // that candidates remain (a million took 69 s in the instrumented build).
        std::uint64_t valid = s.countValid(10'000);
        std::printf("[ info ] %s: %s%llu valid of %llu\n", s.name.c_str(), valid == 10'000 ? "at least " : "",
                    static_cast<unsigned long long>(valid), static_cast<unsigned long long>(s.cartesianSize()));
        EXPECT_GT(valid, 0u);
        EXPECT_LE(valid, s.cartesianSize());
        ++loaded;
    }
    EXPECT_GT(loaded, 0);
}
