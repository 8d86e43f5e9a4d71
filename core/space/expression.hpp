// Integer constraint expressions (C-like syntax) parsed once and compiled to a small stack bytecode, so the
// space enumerator can evaluate millions of constraint checks per second.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace kt {

// Bounds on what a user may write (docs/reliability.md, "Bounds on input"): the parser, the compiler and the
// tree's destructor recurse once per level, so a deeper expression is refused instead of overflowing the stack.
// A chain of binary operators is as deep as it is long ("a+a+…+a" with 300 terms nests 300 levels).
constexpr std::size_t kMaxExpressionLength = 10000; // characters
constexpr int kMaxExpressionDepth = 256;            // nesting: parentheses, unary operators, operator chains

// Syntax or binding error; what() names the 1-based column and repeats the expression with a caret.
class ExpressionError : public std::invalid_argument {
public:
    ExpressionError(const std::string& message, std::string expression, std::size_t column);
    const std::string& expression() const { return m_expression; }
    std::size_t column() const { return m_column; } // 1-based; 0 when the error has no position
    const std::string& reason() const { return m_reason; }

private:
    std::string m_reason;
    std::string m_expression;
    std::size_t m_column;
};

// Where a name's value comes from at evaluation time: a slot of the value array, or a constant folded in.
struct NameBinding {
    enum class Kind { Slot, Constant } kind = Kind::Constant;
    std::int64_t value = 0; // slot index or constant value
};

// Compiled form: evaluate() runs the bytecode over `slots`. Division/modulo by zero, overflow and log2 of a
// non-positive number make the evaluation fail (returns false): a point that needs them is treated as invalid.
class CompiledExpression {
public:
    bool evaluate(const std::int64_t* slots, std::int64_t& result) const;
    // Convenience for constraints: true only when the evaluation succeeds and is non-zero.
    bool holds(const std::int64_t* slots) const {
        std::int64_t r = 0;
        return evaluate(slots, r) && r != 0;
    }
    // Highest slot read, -1 when none (a constant expression).
    int maxSlot() const { return m_maxSlot; }

    enum class Op : std::uint8_t {
        Const, Load, Neg, Not, Add, Sub, Mul, Div, Mod, Eq, Ne, Lt, Le, Gt, Ge,
        Min, Max, Log2, IsPow2, ToBool, AndJump, OrJump, JumpIfZero, Jump
    };
    struct Instr {
        Op op;
        std::int64_t arg; // constant, slot, jump target or argument count (min/max)
    };

private:
    friend class ExpressionCompiler;
    std::vector<Instr> m_code;
    int m_maxSlot = -1;
    int m_maxDepth = 0;
};

// A parsed expression. Grammar (C precedence, integers only):
//   expr := or ('?' expr ':' expr)?     or := and ('||' and)*     and := eq ('&&' eq)*
//   eq := rel (('=='|'!=') rel)*        rel := add (('<'|'<='|'>'|'>=') add)*
//   add := mul (('+'|'-') mul)*         mul := unary (('*'|'/'|'%') unary)*
//   unary := ('-'|'+'|'!') unary | primary
//   primary := integer | NAME | NAME '(' expr (',' expr)* ')' | '(' expr ')'
// Functions: min(a,b,…), max(a,b,…), log2(x) (floor, x > 0), is_pow2(x).
class Expression {
public:
    static Expression parse(std::string_view text); // throws ExpressionError
    const std::string& text() const { return m_text; }
    // Variables the expression reads, in order of first appearance.
    const std::vector<std::string>& names() const { return m_names; }
    // `resolve` returns the binding of a name or nullopt when unknown, which throws ExpressionError naming it.
    CompiledExpression compile(const std::function<std::optional<NameBinding>(const std::string&)>& resolve) const;
    // Evaluates with names looked up by `resolve` (slower; for tests and one-off checks).
    std::optional<std::int64_t>
    evaluate(const std::function<std::optional<std::int64_t>(const std::string&)>& value) const;

    struct Node;

private:
    std::string m_text;
    std::vector<std::string> m_names;
    std::shared_ptr<const Node> m_root;
};

} // namespace kt
