// Writing a package: the runtime templates as they are, and the generated parts (ktp_config.h, ktp_generated.cpp,
// kernels/*.cl, manifest.json, README.md) from the model.
#include "core/export/package_writer.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>

#include "core/export/c_expression.hpp"
#include "core/export/package_templates.hpp"
#include "core/export/plan_emitter.hpp"
#include "core/model/blas.hpp"
#include "core/rules/rule_emit.hpp"

namespace kt::exporter {

std::string kerneltuneVersion() {
#ifdef KT_PROJECT_VERSION
    return KT_PROJECT_VERSION;
#else
    return "unknown";
#endif
}

namespace {

namespace fs = std::filesystem;

std::string utcNow() {
    const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

void writeText(const fs::path& path, std::string_view text) {
    fs::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary);
    out.write(text.data(), std::streamsize(text.size()));
    if (!out) throw ExportError("cannot write " + path.string());
}

const char* routineEnum(const std::string& routine) {
    static const std::map<std::string, const char*> names{{"gemm", "Gemm"},
                                                          {"gemm_batched_strided", "GemmBatchedStrided"},
                                                          {"gemm_batched", "GemmBatched"},
                                                          {"transpose", "Transpose"},
                                                          {"symm", "Symm"},
                                                          {"syrk", "Syrk"},
                                                          {"syr2k", "Syr2k"},
                                                          {"trmm", "Trmm"},
                                                          {"symv", "Symv"},
                                                          {"dot", "Dot"}};
    auto it = names.find(routine);
    if (it == names.end()) throw ExportError("routine '" + routine + "' has no entry in the package runtime");
    return it->second;
}

// The C name of a routine in the package's API: sgemm, dgemm_batch_strided (as the CBLAS extensions name it).
std::string apiName(const blas::BlasCall& call) {
    const std::string prefix = call.precision == Precision::F64 ? "d" : "s";
    if (call.routine == blas::routine::kGemmBatchedStrided) return prefix + "gemm_batch_strided";
    if (call.routine == blas::routine::kGemmBatched) return prefix + "gemm_batch_ptr"; // pointer arrays
    if (call.routine == blas::routine::kTranspose) return prefix + "omatcopy"; // as OpenBLAS and oneMKL name it
    return prefix + call.routine;
}

std::string upper(std::string s) {
    for (auto& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

// Source text as adjacent string literals, one per line, so the generated file stays readable and diffable.
std::string sourceLiteral(const std::string& source) {
    std::string out;
    std::size_t start = 0;
    while (start < source.size()) {
        std::size_t end = source.find('\n', start);
        end = end == std::string::npos ? source.size() : end + 1;
        out += "    " + cString(source.substr(start, end - start)) + "\n";
        start = end;
    }
    return out.empty() ? "    \"\"\n" : out;
}

void emitTree(std::ostringstream& o, const rules::DecisionTree& tree, int node, int indent,
              const std::map<std::string, int>& variantIndex) {
    const auto& n = tree.nodes[std::size_t(node)];
    const std::string pad(std::size_t(indent) * 4, ' ');
    if (n.dim < 0) {
        o << pad << "return " << variantIndex.at(n.candidate) << "; // " << n.candidate << "\n";
        return;
    }
    o << pad << "if (d[" << n.dim << "] < " << n.threshold << "LL) { // " << tree.dims[std::size_t(n.dim)] << "\n";
    emitTree(o, tree, n.left, indent + 1, variantIndex);
    o << pad << "}\n";
    emitTree(o, tree, n.right, indent, variantIndex);
}

// A dispatch table (ExportFamily::table) as C++: the exact entry of the call's key, else the nearest one (least sum
// of |x_d - key_d|, the first in order), as rules::SizeTable::find.
// The arrays a table lookup reads: keys[][dims] with each entry's candidate as a comment, variants[] (the entries'
// variant indices) and dims[] (key dimension → call dimension), the last one's "};" unterminated by a newline.
void emitEntryArrays(std::ostringstream& o, const ExportFamily& family, const std::vector<std::vector<long long>>& keys,
                     const std::vector<std::string>& candidates, const std::map<std::string, int>& variantIndex) {
    const rules::SizeTable& t = *family.table;
    o << "    static const long long keys[][" << t.dims.size() << "] = {\n";
    for (std::size_t i = 0; i < keys.size(); ++i) {
        o << "        {";
        for (std::size_t j = 0; j < keys[i].size(); ++j) o << (j ? ", " : "") << keys[i][j] << "LL";
        o << "}, // " << candidates[i] << "\n";
    }
    o << "    };\n    static const int variants[] = {";
    for (std::size_t i = 0; i < candidates.size(); ++i) o << (i ? ", " : "") << variantIndex.at(candidates[i]);
    o << "};\n    static const int dims[] = {";
    for (std::size_t j = 0; j < t.dims.size(); ++j)
        o << (j ? ", " : "") << std::find(family.dims.begin(), family.dims.end(), t.dims[j]) - family.dims.begin();
    o << "};";
}

void emitTable(std::ostringstream& o, const ExportFamily& family, const std::map<std::string, int>& variantIndex) {
    const rules::SizeTable& t = *family.table;
    emitEntryArrays(o, family, t.keys, t.candidates, variantIndex);
    o << " //";
    for (const auto& d : t.dims) o << " " << d;
    o << "\n    int best = 0;\n    long long bestDistance = -1;\n"
      << "    for (int i = 0; i < " << t.keys.size() << "; ++i) {\n"
      << "        long long distance = 0;\n"
      << "        for (int j = 0; j < " << t.dims.size() << "; ++j)\n"
      << "            distance += d[dims[j]] > keys[i][j] ? d[dims[j]] - keys[i][j] : keys[i][j] - d[dims[j]];\n"
      << "        if (distance == 0) return variants[i];\n"
      << "        if (bestDistance < 0 || distance < bestDistance) bestDistance = distance, best = i;\n"
      << "    }\n    return variants[best];\n";
}

// A kind table (rules::KindTable) as C++: the variant of the call's exact entry, -1 for a size it lacks (the main
// table decides then, as rules::SizeTable::choose).
void emitKindTable(std::ostringstream& o, const ExportFamily& family, const rules::KindTable& k,
                   const std::map<std::string, int>& variantIndex) {
    const rules::SizeTable& t = *family.table;
    emitEntryArrays(o, family, k.keys, k.candidates, variantIndex);
    o << "\n    for (int i = 0; i < " << k.keys.size() << "; ++i) {\n"
      << "        bool same = true;\n"
      << "        for (int j = 0; j < " << t.dims.size() << "; ++j) same = same && d[dims[j]] == keys[i][j];\n"
      << "        if (same) return variants[i];\n"
      << "    }\n    return -1;\n";
}

// The lookup of a rule given to the export (ExportFamily::givenRule) as C++: `int selectRule<f>(d, kind)`, the
// variant the rule names for the call's size and dispatch kind, -1 where it cannot choose (a size rule at a size whose
// dimensions differ: the store's tree or table decides). The rule itself is the header `ktune rules --emit-cpp` writes
// for it (rules::emitKindsCpp, emitTreeCpp, emitTableCpp: each answers as rules::RuleFile::select), added to
// `headers`; this function passes it the call's dimensions and kind and maps the candidate it names to its variant.
void emitGivenRule(std::ostringstream& o, std::map<std::string, std::string>& headers, const ExportFamily& family,
                   std::size_t f, const std::map<std::string, int>& variantIndex) {
    const rules::RuleFile& rule = *family.givenRule;
    const std::string id = rules::isCppIdentifier(family.name) ? family.name : "family" + std::to_string(f);
    const std::string header = "ktp_rule_" + id + ".hpp", ns = "ktp_rule_" + id;
    auto dim = [&](const std::string& name) {
        return "d[" + std::to_string(std::find(family.dims.begin(), family.dims.end(), name) - family.dims.begin()) +
               "]";
    };
    std::string arguments;
    try {
        if (rule.sizeRule) {
            rules::CppEmitOptions options;
            options.functionName = "select", options.namespaceName = ns;
            headers["src/" + header] =
                rules::emitKindsCpp(*rule.sizeRule, rule.kindRules, options, rule.aligned ? &*rule.aligned : nullptr);
            arguments = "d[0], kind";
        } else if (rule.tree) {
            headers["src/" + header] = rules::emitTreeCpp(*rule.tree, "select", ns);
            for (const auto& d : rule.tree->dims) arguments += (arguments.empty() ? "" : ", ") + dim(d);
        } else {
            headers["src/" + header] = rules::emitTableCpp(*rule.table, "select", ns);
            for (const auto& d : rule.table->dims) arguments += (arguments.empty() ? "" : ", ") + dim(d);
            if (!rule.table->kinds.empty()) arguments += ", kind";
        }
    } catch (const rules::RuleInputError& e) {
        throw ExportError("family " + family.name + ": the rule " + rule.source + " has no C++ form: " + e.what());
    }
    const auto candidates = rule.candidates();
    o << "// " << family.name << ": the rule given to ktune export, " << rule.source << " (" << rule.format << "), in "
      << header;
    if (rule.sizeRule) o << ": sizes whose dimensions are all equal; -1 (the store's dispatch) for others";
    o << "\nint selectRule" << f << "(const std::int64_t* d, const char* kind) {\n    (void)kind;\n";
    if (rule.sizeRule)
        o << "    for (int i = 1; i < " << family.dims.size() << "; ++i)\n        if (d[i] != d[0]) return -1;\n";
    o << "    static const char* const names[] = {\n";
    for (const auto& c : candidates) o << "        " << cString(c) << ",\n";
    o << "    };\n    static const int variants[] = {";
    for (std::size_t i = 0; i < candidates.size(); ++i) o << (i ? ", " : "") << variantIndex.at(candidates[i]);
    o << "};\n    const char* name = " << ns << "::select(" << arguments << ");\n"
      << "    for (int i = 0; i < " << candidates.size() << "; ++i)\n"
      << "        if (std::strcmp(name, names[i]) == 0) return variants[i];\n"
      << "    return -1;\n}\n\n";
}

bool cudaPackage(const PackageModel& model) { return model.device.backend == BackendKind::Cuda; }

struct Generated {
    std::string code;
    std::vector<std::string> apiRoutines; // sgemm, dgemm_batch_strided
    nlohmann::json programs = nlohmann::json::array();
    std::map<std::string, std::string> kernelFiles; // kernels/<name>.cl -> text
    std::map<std::string, std::string> sourceFiles; // src/ktp_rule_<family>.hpp (a given size rule) -> text
};

Generated generate(const PackageModel& model) {
    Generated g;
    const std::string extension = cudaPackage(model) ? ".cu" : ".cl";
    std::ostringstream plans, tables;
    std::vector<std::pair<std::string, std::string>> programKeys; // (source, options) -> index
    std::map<std::string, std::string> sourceNames;               // source text -> its literal's name
    std::vector<std::string> programEntries, variantEntries, planEntries, familyEntries;
    std::ostringstream selects;
    int planCount = 0;
    for (std::size_t f = 0; f < model.families.size(); ++f) {
        const ExportFamily& family = model.families[f];
        std::map<std::string, int> variantIndex;
        for (const auto& v : family.variants) {
            const int vi = int(variantEntries.size());
            variantIndex[v.pointKey] = vi;
            variantEntries.push_back("    {" + std::to_string(f) + ", " + cString(v.pointKey) + "},");
            for (const auto& rp : v.plans) {
                auto programIndex = [&](std::size_t p) {
                    const GeneratedSource& src = rp.plan.programs.at(p);
                    const ProgramOptions split = splitOptions(src);
                    std::string options, perCall;
                    for (const auto& opt : src.options) options += (options.empty() ? "" : " ") + opt;
                    for (const auto& opt : split.perCall) perCall += (perCall.empty() ? "" : " ") + opt;
                    for (std::size_t i = 0; i < programKeys.size(); ++i)
                        if (programKeys[i].first == src.source && programKeys[i].second == options) return int(i);
                    const int index = int(programKeys.size());
                    programKeys.push_back({src.source, options});
                    const std::string file = "kernels/p" + std::to_string(index) + "_" + family.name + extension;
                    std::string kernels;
                    for (const auto& k : src.kernels) kernels += (kernels.empty() ? "" : ", ") + k;
                    g.kernelFiles[file] =
                        "// " + family.name + " " + v.pointKey + "\n// kernels: " + kernels +
                        "\n// options: " + split.fixed + "\n" +
                        (perCall.empty()
                             ? ""
                             : "// per call (compiled and cached for each call's values): " + perCall + "\n") +
                        src.source;
                    // Programs that differ only in their options share one copy of the text.
                    auto [text, added] = sourceNames.emplace(src.source, "kSource" + std::to_string(index));
                    if (added)
                        plans << "const char " << text->second << "[] =\n" << sourceLiteral(src.source) << ";\n\n";
                    programEntries.push_back("    {" + text->second + ", " + cString(split.fixed) + ", " +
                                             cString(file) + ", " + cString(perCall) + "},");
                    std::vector<std::string> fixed;
                    for (const auto& opt : src.options)
                        if (opt.find("${") == std::string::npos) fixed.push_back(opt);
                    nlohmann::json entry = {{"file", file},
                                            {"options", fixed},
                                            {"kernels", src.kernels},
                                            {"family", family.name},
                                            {"point", v.pointKey}};
                    if (!split.perCall.empty()) entry["per_call_options"] = split.perCall;
                    g.programs.push_back(std::move(entry));
                    return index;
                };
                const std::string fn = "plan" + std::to_string(planCount++);
                plans << "// " << family.name << " " << rp.call.describe() << ", variant " << vi << "\n"
                      << emitPlanFunction(rp.plan, fn, programIndex) << "\n";
                const auto& c = rp.call;
                planEntries.push_back("    {" + std::to_string(vi) + ", ktp::Routine::" + routineEnum(c.routine) +
                                      ", " + (c.precision == Precision::F64 ? "true" : "false") +
                                      ", ktp::Order::" + (c.order == blas::Order::RowMajor ? "RowMajor" : "ColMajor") +
                                      ", " + std::to_string(int(c.opA)) + ", " + std::to_string(int(c.opB)) + ", " +
                                      std::to_string(int(c.side)) + ", " + std::to_string(int(c.uplo)) + ", " +
                                      std::to_string(int(c.diag)) + ", " + fn + "},");
                const std::string api = apiName(c);
                if (std::find(g.apiRoutines.begin(), g.apiRoutines.end(), api) == g.apiRoutines.end())
                    g.apiRoutines.push_back(api);
            }
        }
        if (family.dims.size() > 4) throw ExportError("family " + family.name + " has more than 4 size dimensions");
        selects << "// " << family.name
                << (family.table ? ": the dispatch table over (" : ": the dispatch tree over (");
        for (std::size_t d = 0; d < family.dims.size(); ++d) selects << (d ? ", " : "") << family.dims[d];
        selects << ")\nint select" << f << "(const std::int64_t* d) {\n    (void)d;\n";
        if (family.table)
            emitTable(selects, family, variantIndex);
        else
            emitTree(selects, family.rule, 0, 1, variantIndex);
        selects << "}\n\n";
        std::string pointersSelect = "nullptr";
        if (family.table)
            for (const auto& k : family.table->kinds) {
                if (k.kind != "pointers") // the runtime knows the kind of its pointer-array entries only
                    throw ExportError("family " + family.name + ": the package runtime has no calls of kind '" +
                                      k.kind + "'");
                pointersSelect = "selectPointers" + std::to_string(f);
                selects << "// " << family.name
                        << ": the \"pointers\" table (pointer-array batches), exact entries only;"
                        << " -1: the main table\nint " << pointersSelect << "(const std::int64_t* d) {\n";
                emitKindTable(selects, family, k, variantIndex);
                selects << "}\n\n";
            }
        std::string ruleSelect = "nullptr";
        if (family.givenRule) {
            emitGivenRule(selects, g.sourceFiles, family, f, variantIndex);
            ruleSelect = "selectRule" + std::to_string(f);
        }
        std::string dims;
        for (const auto& d : family.dims) dims += (dims.empty() ? "" : ", ") + cString(d);
        familyEntries.push_back("    {" + cString(family.name) + ", " + std::to_string(family.dims.size()) + ", {" +
                                dims + "}, select" + std::to_string(f) + ", " +
                                std::to_string(variantIndex.at(family.variants[family.generic].pointKey)) + ", " +
                                pointersSelect + ", " + ruleSelect + "},");
    }
    std::string routines;
    for (const auto& r : g.apiRoutines) routines += (routines.empty() ? "" : " ") + r;
    std::ostringstream o;
    o << "// Generated by ktune export: the kernel sources, plans and dispatch rules of this package. Do not edit.\n"
      << "#include <cstdint>\n#include <cstring>\n\n#include \"ktp_plan.hpp\"\n";
    for (const auto& [path, text] : g.sourceFiles) o << "#include " << cString(path.substr(4)) << "\n";
    o << "\nnamespace {\n\n"
      << plans.str() << selects.str() << "} // namespace\n\nnamespace ktp::gen {\n\n"
      << "const char* const kDeviceName = " << cString(model.device.name) << ";\n"
      << "const char* const kDeviceVendor = " << cString(model.device.vendor) << ";\n"
      << "const char* const kDeviceBackend = " << cString(toString(model.device.backend)) << ";\n"
      << "const char* const kRoutines = " << cString(routines) << ";\n\n";
    auto table = [&](const char* type, const char* name, const char* count, const std::vector<std::string>& rows) {
        o << "const " << type << " " << name << "[] = {\n";
        for (const auto& r : rows) o << r << "\n";
        o << "};\nconst int " << count << " = " << rows.size() << ";\n\n";
    };
    table("ProgramEntry", "kPrograms", "kProgramCount", programEntries);
    table("VariantEntry", "kVariants", "kVariantCount", variantEntries);
    table("PlanEntry", "kPlans", "kPlanCount", planEntries);
    table("FamilyEntry", "kFamilies", "kFamilyCount", familyEntries);
    o << "} // namespace ktp::gen\n";
    g.code = o.str();
    return g;
}

std::string configHeader(const PackageModel& model, const Generated& g) {
    std::ostringstream o;
    o << "/* Generated by ktune export: what this package holds. */\n#ifndef KTP_CONFIG_H\n#define KTP_CONFIG_H\n\n"
      << "/* The backend the kernels run through: that of the device they were tuned on. */\n"
      << "#define KTP_WITH_OPENCL " << (cudaPackage(model) ? 0 : 1) << "\n"
      << "#define KTP_WITH_CUDA " << (cudaPackage(model) ? 1 : 0) << "\n\n"
      << "#define KTP_TUNED_DEVICE " << cString(model.device.name) << "\n";
    for (const auto& r : g.apiRoutines) o << "#define KTP_HAS_" << upper(r) << " 1\n";
    o << "\n#endif\n";
    return o.str();
}

std::string readme(const PackageModel& model, const Generated& g, const nlohmann::json& manifest) {
    std::ostringstream o;
    o << "# KernelTune package for " << model.device.label() << "\n\n"
      << "Tuned on `" << model.device.stableId() << "` (driver " << model.device.driverVersion << ") by KernelTune "
      << manifest["kerneltune_version"].get<std::string>() << " on " << manifest["created_at"].get<std::string>()
      << ". `manifest.json` lists the measurements behind every choice.\n\n"
      << "Routines: ";
    for (std::size_t i = 0; i < g.apiRoutines.size(); ++i) o << (i ? ", " : "") << "`" << g.apiRoutines[i] << "`";
    o << R"(.

## Build and use

    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release [-DKTP_DROP_IN=ON]
    cmake --build build && cmake --install build --prefix /opt/ktp

In a consumer's CMakeLists.txt (with `CMAKE_PREFIX_PATH=/opt/ktp`):

    find_package(KernelTunePackage REQUIRED)
    target_link_libraries(app PRIVATE KernelTunePackage::ktp)

`#include <ktp/ktp.h>`. Every routine has two entry styles:

- host memory, exactly the CBLAS signature and semantics (row- and column-major): `ktp_cblas_sgemm(order, transA,
  transB, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc)`; the status of the last call is `ktp_last_status()`,
  the reason `ktp_last_error()`;
)";
    if (cudaPackage(model))
        o << R"(- device memory: `ktp_sgemm_cu(stream, order, transA, transB, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc)`
  on `CUdeviceptr` pointers (anywhere into an allocation of the stream's context, as cuBLAS takes them), launched
  on the caller's stream without waiting.
)";
    else
        o << R"(- device memory: `ktp_sgemm_cl(queue, order, transA, transB, m, n, k, alpha, A, offA, lda, …)` on `cl_mem`
  buffers, enqueued on the caller's queue without waiting.
)";
    if (std::find(g.apiRoutines.begin(), g.apiRoutines.end(), "sgemm_batch_ptr") != g.apiRoutines.end() ||
        std::find(g.apiRoutines.begin(), g.apiRoutines.end(), "dgemm_batch_ptr") != g.apiRoutines.end())
        o << R"(
Pointer-array batches: `ktp_cblas_sgemm_batch_ptr(order, transA, transB, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc,
batchCount)` takes arrays of pointers (any order; A and B may alias; C's problems must not overlap); the device
entries `ktp_sgemm_batch_ptr_cl/_cu(…, A, offA, lda, B, offB, ldb, beta, C, offC, ldc, batchCount)` take one buffer
or pointer per operand and host arrays of per-problem element offsets (`const long long*`, copied before the call
returns). They run the batched GEMM's kernels: a family exported with a pointers table (`ktune export --kind-table`)
takes its exact entries first, else the strided batches' table decides.
)";
    o << R"(
## How a variant is chosen

The package holds, per family, the variants (kernel parameter points) that won at some measured size and a
dispatch tree over the size dimensions (`src/ktp_generated.cpp`; a family whose kernels are compiled per call size,
the batched GEMM, a table instead: each measured size its own winner, the nearest entry for other sizes). On the tuned device the tree picks the variant;
on any other device the family's generic variant (the one verified at the most sizes) runs. A variant that does not
build or launch on the device is skipped for the rest of the process and the next one is tried.

)";
    for (const auto& f : model.families) {
        if (!f.givenRule) continue;
        const auto& r = *f.givenRule;
        o << "`" << f.name << "` follows the rule given to `ktune export --rule`, `" << r.source << "` (" << r.format
          << ", `given_rule` in `manifest.json`), on the tuned device, as KernelTune's `ktune bench --rules` runs it";
        if (!r.kinds().empty()) {
            o << ", with its own ";
            for (std::size_t i = 0; i < r.kinds().size(); ++i) o << (i ? ", " : "") << "`" << r.kinds()[i] << "`";
            o << (r.sizeRule ? " intervals" : " tables")
              << " for calls of those kinds (a GEMM's op pair as KernelTune counts it: a row-major call is the "
                 "column-major one with A and B swapped, so row-major NT is kind `tn`)";
        }
        if (r.aligned)
            o << "; sizes that are multiples of " << r.aligned->multiple
              << " take its aligned intervals (the blocks fit them: other kernels win there)";
        o << ". Its candidates are variants of the package whether the store measured them or not.";
        if (r.sizeRule) {
            std::string dims;
            for (const auto& d : f.dims) dims += (dims.empty() ? "" : " = ") + d;
            o << " A size rule covers " << dims << " only: a call of other sizes takes the store's dispatch "
              << (f.table ? "table" : "tree") << ".";
        }
        o << " On other devices the generic variant runs.\n\n";
    }
    bool perCall = false;
    for (const auto& p : g.programs) perCall = perCall || p.contains("per_call_options");
    if (perCall)
        o << R"(Some programs (the batched GEMM's) are compiled for the sizes of each call, as compile-time constants, as
KernelTune compiles them while tuning: their per-call options (`per_call_options` in `manifest.json`, e.g.
`-DBATCHED_M=${m}`) take the call's values, and the program is compiled once per distinct size and cached like the
others (the options are part of the cache key). The first call at a new size pays that compile. Such a variant runs
its general kernel (sizes at run time) only at a size whose compiled kernel would not fit the device's local memory.
`ktp_last_variant()` says which program a call ran ("… compiled for -DBATCHED_M=7 -DBATCHED_N=5 -DBATCHED_K=9").

)";
    if (cudaPackage(model))
        o << R"(The kernels run through CUDA. The package links no CUDA library, so it builds on any machine: the driver
(`libcuda.so.1`) and the runtime compiler NVRTC (`libnvrtc.so`, `.so.13` or `.so.12`, also looked for in
`$CUDA_PATH` and `/usr/local/cuda`) are loaded at the first call. Without the driver a call returns
`KTP_NO_DEVICE`, without NVRTC `KTP_BUILD_FAILED`, and `ktp_last_error()` names the missing library. NVRTC compiles
each kernel with the options it was tuned with (`sm_XY` of the device, PTX for a device newer than NVRTC), cached
in memory per CUDA context and on disk (`$KTP_CACHE_DIR`, else `$XDG_CACHE_HOME/ktp`, else `~/.cache/ktp`;
`KTP_CACHE_DIR=off` disables it), keyed by device, compute capability, driver, NVRTC version, options and source.
`ktp_get_stats()` counts compilations and cache loads. `KTP_DEVICE=N` picks the CUDA device of the host-memory
entries.

)";
    else
        o << R"(Kernels are compiled at run time by the OpenCL driver and cached in memory and on disk (`$KTP_CACHE_DIR`, else
`$XDG_CACHE_HOME/ktp`, else `~/.cache/ktp`; `KTP_CACHE_DIR=off` disables it), keyed by device, driver, source and
options. `ktp_get_stats()` counts compilations and cache loads. `KTP_DEVICE=platform:device` picks the device of
the host-memory entries.

)";
    o << R"(Programs compiled per call size (the batched GEMM's) stay in memory up to `KTP_MAX_PROGRAMS` per device
(default 256; the least recently used is released and loaded again from the disk cache when its size comes back);
`ktp_get_program_memory()` reports them.

)";
    o << R"(## Drop-in offload

Built with `-DKTP_DROP_IN=ON`, `libktp.so` also defines the CBLAS and Fortran BLAS names of its routines
(`cblas_sgemm`, `sgemm_`, `cblas_dsymv`, `dsymv_`, `cblas_dsyrk`, `cblas_dsyr2k`, `cblas_dsymm`, `cblas_dtrmm`,
`cblas_ddot`, `ddot_`, OpenBLAS's `cblas_domatcopy`, …):
`LD_PRELOAD=/opt/ktp/lib/libktp.so ./app` runs an unmodified BLAS program's calls on the device. A call with invalid
arguments, a routine the package does not hold, or a call its kernels cannot take goes to the program's own BLAS
(the next definition of the symbol), so argument errors are reported by that library's xerbla as usual.
`KTP_LOG=FILE` appends one line per call saying where it ran. The pointer-array batched GEMM
(`ktp_cblas_?gemm_batch_ptr`: one group, where oneMKL's `cblas_?gemm_batch` is grouped) has no drop-in name. Neither
has the batched strided GEMM: no
standard one exists (Debian's OpenBLAS defines none, and oneMKL's `cblas_?gemm_batch_strided` takes 32-bit strides
in its LP64 interface, where the package's `ktp_cblas_?gemm_batch_strided` takes long long).
)";
    return o.str();
}

} // namespace

bool isPackageManifest(const std::string& text) noexcept {
    try {
        const auto manifest = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
        if (!manifest.is_object()) return false; // also a discarded (malformed) parse
        const auto format = manifest.find("format");
        return format != manifest.end() && format->is_string() && format->get<std::string>() == kManifestFormat;
    } catch (const std::exception&) { // out of memory on a huge file: no package either
        return false;
    }
}

nlohmann::json writePackage(const PackageModel& model, const WriteOptions& options) {
    auto progress = [&](const std::string& line) {
        if (options.progress) options.progress(line);
    };
    const fs::path out = options.out;
    if (out.empty()) throw ExportError("no output folder given");
    std::error_code ec;
    if (fs::exists(out, ec)) {
        if (!fs::is_directory(out, ec)) throw ExportError(out.string() + " exists and is not a folder");
        if (!fs::is_empty(out, ec)) {
            std::ifstream in(out / "manifest.json", std::ios::binary);
            const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            const bool earlier = in && isPackageManifest(text);
            if (!earlier)
                throw ExportError(out.string() + " is not empty and holds no earlier package; choose an empty folder");
            if (!options.replace)
                throw ExportError(out.string() + " holds an earlier package; pass --replace to overwrite it");
        }
    }
    progress("generating plans and dispatch rules");
    const Generated g = generate(model);
    nlohmann::json manifest;
    manifest["format"] = kManifestFormat;
    manifest["created_at"] = utcNow();
    manifest["kerneltune_version"] =
        options.kerneltuneVersion.empty() ? kerneltuneVersion() : options.kerneltuneVersion;
    manifest["database"] = options.database;
    manifest["device"] = model.device;
    manifest["device_id"] = model.device.stableId();
    manifest["routines"] = g.apiRoutines;
    manifest["programs"] = g.programs;
    manifest["families"] = nlohmann::json::array();
    for (const auto& f : model.families) {
        nlohmann::json jf;
        jf["name"] = f.name;
        jf["version"] = f.version;
        jf["metric"] = f.metric;
        jf["dims"] = f.dims;
        jf["variants"] = nlohmann::json::array();
        for (const auto& v : f.variants) jf["variants"].push_back(v.pointKey);
        jf["generic"] = f.variants[f.generic].pointKey;
        jf["rule"] = f.table ? rules::tableToJson(*f.table) : rules::treeToJson(f.rule);
        // The rule given to the export, as it was read: the dispatch on the tuned device where it can choose.
        if (f.givenRule) jf["given_rule"] = {{"file", f.givenRule->source}, {"rule", f.givenRule->document}};
        jf["best_per_size"] = nlohmann::json::array();
        for (const auto& b : f.best) {
            jf["best_per_size"].push_back(
                {{"size", b.size.dims}, {"best", b.pointKey}, {"value", b.value}, {"chosen", f.select(b.size)}});
        }
        jf["measurements"] = f.measurements;
        manifest["families"].push_back(std::move(jf));
    }
    // Written beside the target and renamed into place: a failure leaves no half-written package.
    const fs::path parent = out.has_parent_path() ? out.parent_path() : fs::path(".");
    fs::create_directories(parent, ec);
    const fs::path tmp = parent / (out.filename().string() + ".ktp-tmp");
    fs::remove_all(tmp, ec);
    try {
        progress("writing the runtime");
        for (const auto& [path, text] : packageTemplates()) writeText(tmp / path, text);
        progress("writing " + std::to_string(g.kernelFiles.size()) + " kernel sources");
        for (const auto& [path, text] : g.kernelFiles) writeText(tmp / path, text);
        writeText(tmp / "src/ktp_generated.cpp", g.code);
        for (const auto& [path, text] : g.sourceFiles) writeText(tmp / path, text);
        writeText(tmp / "include/ktp/ktp_config.h", configHeader(model, g));
        writeText(tmp / "cmake/KtpBackend.cmake",
                  std::string("# Written by ktune export: the backend the kernels run through.\n"
                              "set(KTP_BACKEND ") +
                      (cudaPackage(model) ? "cuda" : "opencl") + ")\n");
        writeText(tmp / "manifest.json", manifest.dump(2) + "\n");
        writeText(tmp / "README.md", readme(model, g, manifest));
        fs::remove_all(out, ec);
        fs::rename(tmp, out);
    } catch (const std::exception& e) {
        fs::remove_all(tmp, ec);
        throw ExportError(std::string("writing the package failed: ") + e.what());
    }
    progress("wrote " + out.string());
    return manifest;
}

} // namespace kt::exporter
