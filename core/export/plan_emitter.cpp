// Plan functions in C++ (see plan_emitter.hpp). Expressions keep their plan text, rewritten by cExpression.
#include "core/export/plan_emitter.hpp"

#include <map>
#include <set>
#include <sstream>

#include "core/export/c_expression.hpp"
#include "core/export/package_model.hpp"

namespace kt::exporter {

namespace {

// Plan inputs are named after the call's arguments (core/engine/routine.hpp); each reads a field of ktp::Call. The
// vector routines name their operands' offsets and increments as BLAS does (SYMV: offA, offx, incx, offy, incy);
// the call keeps every routine's three operands in the A, B, C slots.
const std::map<std::string, std::string>& callFields() {
    static const std::map<std::string, std::string> fields{{"m", "m"},
                                                           {"n", "n"},
                                                           {"k", "k"},
                                                           {"lda", "lda"},
                                                           {"ldb", "ldb"},
                                                           {"ldc", "ldc"},
                                                           {"offa", "offa"},
                                                           {"offb", "offb"},
                                                           {"offc", "offc"},
                                                           {"batch", "batch"},
                                                           {"stridea", "stridea"},
                                                           {"strideb", "strideb"},
                                                           {"stridec", "stridec"},
                                                           {"maxpa", "maxpa"},
                                                           {"maxpb", "maxpb"},
                                                           {"maxpc", "maxpc"},
                                                           {"offA", "offa"},
                                                           {"offx", "offb"},
                                                           {"offy", "offc"},
                                                           {"incx", "incx"},
                                                           {"incy", "incy"},
                                                           {"aligned", "aligned"}};
    return fields;
}

const char* roleName(BufferRole role) {
    switch (role) {
    case BufferRole::Input:
        return "ktp::kInput";
    case BufferRole::Output:
        return "ktp::kOutput";
    case BufferRole::InOut:
        return "ktp::kInOut";
    case BufferRole::Workspace:
        return "ktp::kWorkspace";
    }
    return "ktp::kWorkspace";
}

const char* imageType(ImageChannelType t) {
    switch (t) {
    case ImageChannelType::Float32:
        return "ktp::kImageFloat32";
    case ImageChannelType::UInt32:
        return "ktp::kImageUInt32";
    case ImageChannelType::UInt16:
        return "ktp::kImageUInt16";
    }
    return "ktp::kImageFloat32";
}

std::string realLiteral(double v) {
    std::ostringstream s;
    s.precision(17);
    s << v;
    std::string t = s.str();
    if (t.find_first_of(".eEn") == std::string::npos) t += ".0";
    return t;
}

// The per-call options with the call's values as a C++ std::string expression: "-DBATCHED_M=${m}" becomes
// std::string("-DBATCHED_M=") + std::to_string((v_m)).
std::string perCallText(const std::vector<std::string>& perCall) {
    std::string out = "std::string()";
    for (std::size_t i = 0; i < perCall.size(); ++i) {
        const std::string& option = perCall[i];
        std::string literal = i ? " " : "";
        const auto scanned = optionPlaceholders(option);
        std::size_t at = 0;
        for (const auto& placeholder : scanned.placeholders) {
            literal += option.substr(at, placeholder.begin - at);
            out += " + " + cString(literal) + " + std::to_string(" + cExpression(placeholder.expression) + ")";
            literal.clear();
            at = placeholder.end;
        }
        if (scanned.unterminated()) throw ExportError("option '" + option + "': '${' without '}'");
        literal += option.substr(at);
        if (!literal.empty()) out += " + " + cString(literal);
    }
    return out;
}

} // namespace

ProgramOptions splitOptions(const GeneratedSource& program) {
    ProgramOptions out;
    for (const auto& option : program.options) {
        if (optionPlaceholders(option).perCall())
            out.perCall.push_back(option);
        else
            out.fixed += (out.fixed.empty() ? "" : " ") + option;
    }
    return out;
}

std::string emitPlanFunction(const KernelPlan& plan, const std::string& functionName,
                             const std::function<int(std::size_t)>& programIndex) {
    std::ostringstream o;
    o << "static int " << functionName << "(ktp::Exec& x) {\n";
    for (const auto& in : plan.inputs) {
        auto field = callFields().find(in);
        if (field == callFields().end())
            throw ExportError("plan input '" + in + "' is not a call argument (m, n, k, lda, …, stridec, incx, incy)");
        o << "    [[maybe_unused]] const std::int64_t v_" << in << " = x.call." << field->second << ";\n";
    }
    for (const auto& s : plan.scalars) {
        if (s.name != "alpha" && s.name != "beta")
            throw ExportError("plan scalar '" + s.name + "' is not a call argument (alpha, beta)");
    }
    for (const auto& v : plan.variables)
        o << "    [[maybe_unused]] const std::int64_t v_" << v.name << " = " << cExpression(v.expression) << ";\n";
    for (const auto& c : plan.checks)
        o << "    if (!" << cExpression(c.expression) << ") return x.fail(" << cString(c.message) << ");\n";
    for (std::size_t i = 0; i < plan.buffers.size(); ++i) {
        const auto& b = plan.buffers[i];
        o << "    if (int s = x.buffer(" << i << ", " << cString(b.name) << ", " << roleName(b.role) << ", "
          << cExpression(b.elements) << ", " << (b.type == ElementType::Int32 ? "true" : "false") << ")) return s;\n";
    }
    auto bufferIndex = [&](const std::string& name) {
        for (std::size_t i = 0; i < plan.buffers.size(); ++i)
            if (plan.buffers[i].name == name) return i;
        throw ExportError("plan argument names an unknown buffer '" + name + "'");
    };
    // PlanLaunch::overlapsPrevious is not carried over: a package launches every kernel plainly, where the
    // kernels' waits for the previous grid (KT_WAIT_FOR_PREVIOUS_GRID) return at once.
    for (LaunchPhase phase : {LaunchPhase::Setup, LaunchPhase::Timed}) {
        for (const auto& l : plan.launches) {
            if (l.phase != phase) continue;
            o << "    " << (l.when.empty() ? "" : "if (" + cExpression(l.when) + ") ")
              << "{\n        const std::int64_t g[3] = {" << cExpression(l.global[0]) << ", "
              << cExpression(l.global[1]) << ", " << cExpression(l.global[2]) << "};\n";
            o << "        const std::int64_t l[3] = {" << cExpression(l.local[0]) << ", " << cExpression(l.local[1])
              << ", " << cExpression(l.local[2]) << "};\n";
            const auto perCall = splitOptions(plan.programs.at(l.program)).perCall;
            if (!perCall.empty()) // the program compiled for this call's values (sizes as compile-time constants)
                o << "        const std::string perCall = " << perCallText(perCall) << ";\n";
            o << "        if (int s = x.launch(" << programIndex(l.program) << ", " << cString(l.kernel) << ", g, l, {";
            for (std::size_t i = 0; i < l.args.size(); ++i) {
                const auto& a = l.args[i];
                o << (i ? ",\n                " : "\n                ");
                switch (a.kind) {
                case PlanArg::Kind::Int:
                    o << "ktp::Arg::integer(" << cExpression(a.text) << ")";
                    break;
                case PlanArg::Kind::Real: {
                    double literal = 0;
                    if (parseRealLiteral(a.text, literal))
                        o << "ktp::Arg::scalar(" << realLiteral(literal) << ")";
                    else if (a.text == "alpha" || a.text == "beta")
                        o << "ktp::Arg::scalar(x.call." << a.text << ")";
                    else
                        throw ExportError("plan argument '" + a.text + "' is neither alpha, beta nor a literal");
                    break;
                }
                case PlanArg::Kind::Buffer:
                    o << "ktp::Arg::buffer(" << bufferIndex(a.text) << ")";
                    break;
                case PlanArg::Kind::Image:
                    o << "ktp::Arg::image(" << bufferIndex(a.text) << ", " << cExpression(a.texels) << ", "
                      << a.channels << ", " << imageType(a.channelType) << ")";
                    break;
                }
            }
            o << "}, " << (perCall.empty() ? "nullptr" : "perCall.c_str()") << "))\n            return s;\n    }\n";
        }
    }
    o << "    return 0;\n}\n";
    return o.str();
}

} // namespace kt::exporter
