// Kernel plans: consistency check and readable listing (see kernel_plan.hpp).
//
// Per-call options: a program option may hold "${expr}" (an integer expression over the plan's inputs and variables),
// e.g. batched GEMM's "-DBATCHED_M=${m}": the program is then compiled for each call's value of the expression (its
// sizes as compile-time constants) and cached per value. Only the exported package compiles such programs (each call
// evaluates the expressions, core/export/plan_emitter.cpp); the engine's candidates compile one program per size
// themselves, so PlanExecutor refuses them.
#include "core/engine/kernel_plan.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <set>
#include <sstream>

#include "core/space/expression.hpp"

namespace kt {

const PlanBuffer* KernelPlan::findBuffer(const std::string& name) const {
    for (const auto& b : buffers)
        if (b.name == name) return &b;
    return nullptr;
}

std::size_t KernelPlan::addProgram(const GeneratedSource& program) {
    for (std::size_t i = 0; i < programs.size(); ++i)
        if (programs[i].source == program.source && programs[i].options == program.options) return i;
    programs.push_back(program);
    return programs.size() - 1;
}

void KernelPlan::addBuffer(const PlanBuffer& buffer) {
    if (!findBuffer(buffer.name)) buffers.push_back(buffer);
}

namespace {

const char* toString(BufferRole role) {
    switch (role) {
    case BufferRole::Input: return "input";
    case BufferRole::Output: return "output";
    case BufferRole::InOut: return "in-out";
    case BufferRole::Workspace: return "workspace";
    }
    return "?";
}

const char* toString(LaunchPhase phase) {
    switch (phase) {
    case LaunchPhase::Setup: return "setup";
    case LaunchPhase::Reset: return "reset";
    case LaunchPhase::Timed: return "timed";
    }
    return "?";
}

std::string argText(const PlanArg& a) {
    switch (a.kind) {
    case PlanArg::Kind::Int: return "int " + a.text;
    case PlanArg::Kind::Real: return "real " + a.text;
    case PlanArg::Kind::Buffer: return a.text;
    case PlanArg::Kind::Image: return "image(" + a.text + ", " + a.texels + " texels)";
    }
    return "?";
}

// The first name `expression` reads that is not in `known`, or a parse error; empty when fine.
std::string unknownName(const std::string& expression, const std::set<std::string>& known) {
    try {
        const auto e = Expression::parse(expression);
        for (const auto& name : e.names())
            if (!known.count(name)) return "'" + expression + "' reads '" + name + "', which is not declared before";
    } catch (const ExpressionError& e) {
        return e.what();
    }
    return {};
}

// The first "${expr}" of the program's options that does not parse or reads an unknown name; empty when fine.
std::string perCallOptionReason(const GeneratedSource& program, const std::set<std::string>& known) {
    for (const auto& option : program.options) {
        const auto scanned = optionPlaceholders(option);
        for (const auto& placeholder : scanned.placeholders)
            if (auto why = unknownName(placeholder.expression, known); !why.empty())
                return "option '" + option + "': " + why;
        if (scanned.unterminated()) return "option '" + option + "': '${' without '}'";
    }
    return {};
}

} // namespace

OptionPlaceholders optionPlaceholders(const std::string& option) {
    OptionPlaceholders out;
    for (std::size_t open = option.find("${"); open != std::string::npos;) {
        const std::size_t close = option.find('}', open + 2);
        if (close == std::string::npos) {
            out.unterminatedAt = open;
            break;
        }
        out.placeholders.push_back({option.substr(open + 2, close - open - 2), open, close + 1});
        open = option.find("${", close + 1);
    }
    return out;
}

std::string KernelPlan::describe() const {
    std::ostringstream s;
    s << "precision " << kt::toString(precision) << "\ninputs";
    for (const auto& i : inputs) s << " " << i;
    if (!scalars.empty()) {
        s << "\nscalars";
        for (const auto& r : scalars) s << " " << r.name << " (tuning " << r.tuningValue << ")";
    }
    s << "\n";
    for (const auto& v : variables) s << "let " << v.name << " = " << v.expression << "\n";
    for (const auto& c : checks) s << "check " << c.expression << "  (" << c.message << ")\n";
    for (const auto& b : buffers)
        s << "buffer " << b.name << " " << toString(b.role) << " " << (b.type == ElementType::Int32 ? "int" : "real")
          << "[" << b.elements << "]\n";
    for (const auto& l : launches) {
        s << toString(l.phase) << " " << l.kernel << " (program " << l.program << ") global(" << l.global[0] << ", "
          << l.global[1] << ", " << l.global[2] << ") local(" << l.local[0] << ", " << l.local[1] << ", " << l.local[2]
          << ")" << (l.when.empty() ? "" : " when " + l.when)
          << (l.overlapsPrevious ? " overlapping the previous launch" : "") << "\n   ";
        for (std::size_t i = 0; i < l.args.size(); ++i) s << (i ? ", " : " ") << argText(l.args[i]);
        s << "\n";
    }
    return s.str();
}

std::string KernelPlan::invalidReason() const {
    std::set<std::string> known(inputs.begin(), inputs.end());
    for (const auto& v : variables) {
        if (auto why = unknownName(v.expression, known); !why.empty()) return "variable " + v.name + ": " + why;
        if (!known.insert(v.name).second) return "variable " + v.name + " is declared twice";
    }
    for (const auto& c : checks)
        if (auto why = unknownName(c.expression, known); !why.empty()) return "check: " + why;
    for (std::size_t p = 0; p < programs.size(); ++p)
        if (auto why = perCallOptionReason(programs[p], known); !why.empty())
            return "program " + std::to_string(p) + ": " + why;
    std::set<std::string> bufferNames;
    for (const auto& b : buffers) {
        if (!bufferNames.insert(b.name).second) return "buffer " + b.name + " is declared twice";
        if (auto why = unknownName(b.elements, known); !why.empty()) return "buffer " + b.name + ": " + why;
    }
    std::set<std::string> scalarNames;
    for (const auto& r : scalars) scalarNames.insert(r.name);
    for (const auto& l : launches) {
        const std::string where = "launch of " + l.kernel + ": ";
        if (l.program >= programs.size()) return where + "program " + std::to_string(l.program) + " does not exist";
        const auto& names = programs[l.program].kernels;
        if (std::find(names.begin(), names.end(), l.kernel) == names.end())
            return where + "program " + std::to_string(l.program) + " declares no kernel of that name";
        for (int d = 0; d < 3; ++d)
            for (const auto* e : {&l.global[std::size_t(d)], &l.local[std::size_t(d)]})
                if (auto why = unknownName(*e, known); !why.empty()) return where + why;
        if (!l.when.empty())
            if (auto why = unknownName(l.when, known); !why.empty()) return where + "when: " + why;
        for (const auto& a : l.args) {
            switch (a.kind) {
            case PlanArg::Kind::Int:
                if (auto why = unknownName(a.text, known); !why.empty()) return where + why;
                break;
            case PlanArg::Kind::Real:
                if (double v = 0; !scalarNames.count(a.text) && !parseRealLiteral(a.text, v))
                    return where + "real argument '" + a.text + "' is neither a scalar nor a number";
                break;
            case PlanArg::Kind::Image:
                if (auto why = unknownName(a.texels, known); !why.empty()) return where + why;
                [[fallthrough]];
            case PlanArg::Kind::Buffer:
                if (!bufferNames.count(a.text)) return where + "buffer '" + a.text + "' is not declared";
                break;
            }
        }
    }
    return {};
}

bool parseRealLiteral(const std::string& text, double& value) {
    char* end = nullptr;
    value = std::strtod(text.c_str(), &end);
    return !text.empty() && end && *end == '\0';
}

namespace {
// `value` whole inside a larger expression: a ternary or comparison in it would otherwise swallow what follows.
// Plain names and numbers stay as they are (readable listings).
std::string operand(const std::string& value) {
    for (char c : value)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return "(" + value + ")";
    return value;
}
} // namespace

std::string roundUpExpr(const std::string& value, std::int64_t block) {
    const auto b = std::to_string(block);
    return "max((" + operand(value) + " + " + std::to_string(block - 1) + ") / " + b + " * " + b + ", " + b + ")";
}

std::string ceilDivExpr(const std::string& value, std::int64_t divisor) {
    return "(" + operand(value) + " + " + std::to_string(divisor - 1) + ") / " + std::to_string(divisor);
}

} // namespace kt
