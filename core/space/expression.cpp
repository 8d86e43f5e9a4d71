// Recursive-descent parser for constraint expressions and the stack-bytecode evaluator they compile to.
#include "core/space/expression.hpp"

#include <algorithm>
#include <cctype>

namespace kt {

namespace {

std::string formatError(const std::string& reason, const std::string& expr, std::size_t column) {
    if (column == 0) return reason + " in '" + expr + "'";
    return reason + " at column " + std::to_string(column) + " in '" + expr + "'\n  " + expr + "\n  " +
           std::string(column - 1, ' ') + "^";
}

} // namespace

ExpressionError::ExpressionError(const std::string& message, std::string expression, std::size_t column)
    : std::invalid_argument(formatError(message, expression, column)), m_reason(message),
      m_expression(std::move(expression)), m_column(column) {}

struct Expression::Node {
    enum class Kind { Number, Name, Unary, Binary, Ternary, Call } kind = Kind::Number;
    CompiledExpression::Op op = CompiledExpression::Op::Const;
    std::int64_t value = 0;
    std::string name;
    std::size_t column = 0;
    int depth = 1; // 1 + the deepest child: bounded by kMaxExpressionDepth
    std::vector<std::shared_ptr<const Node>> children;
};

namespace {

using Op = CompiledExpression::Op;
using NodePtr = std::shared_ptr<const Expression::Node>;
using Node = Expression::Node;

class Parser {
public:
    explicit Parser(std::string_view text) : m_text(text) {}

    NodePtr parseAll() {
        if (m_text.size() > kMaxExpressionLength)
            throw ExpressionError("expression longer than " + std::to_string(kMaxExpressionLength) + " characters (" +
                                      std::to_string(m_text.size()) + ")",
                                  std::string(m_text.substr(0, 60)) + "…", 0);
        skipSpace();
        if (m_pos >= m_text.size()) fail("empty expression", m_pos);
        NodePtr root = parseTernary();
        skipSpace();
        if (m_pos < m_text.size()) fail("unexpected '" + std::string(1, m_text[m_pos]) + "'", m_pos);
        return root;
    }

    std::vector<std::string> names;

private:
    [[noreturn]] void fail(const std::string& reason, std::size_t pos) const {
        throw ExpressionError(reason, std::string(m_text), pos + 1);
    }

    [[noreturn]] void tooDeep(std::size_t pos) const {
        fail("expression nests deeper than " + std::to_string(kMaxExpressionDepth) +
                 " levels (parentheses, unary operators and chains of binary operators count)",
             pos);
    }

    // One level of recursion of the descent (a parenthesis, a unary operator, a ternary branch).
    struct Nesting {
        explicit Nesting(Parser& p) : parser(p) {
            if (++parser.m_nesting > kMaxExpressionDepth) parser.tooDeep(parser.m_pos);
        }
        ~Nesting() { --parser.m_nesting; }
        Parser& parser;
    };

    // A node's depth bounds the compiler's and the destructor's recursion: a left-deep chain "a+a+…" is built
    // by a loop here but walked recursively afterwards.
    void checkDepth(Node& n, std::size_t pos) const {
        for (const auto& c : n.children) n.depth = std::max(n.depth, c->depth + 1);
        if (n.depth > kMaxExpressionDepth) tooDeep(pos);
    }

    void skipSpace() {
        while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos]))) ++m_pos;
    }

    bool accept(std::string_view token) {
        skipSpace();
        if (m_text.substr(m_pos, token.size()) != token) return false;
        // "<" must not swallow the first half of "<=", nor "!" of "!=", nor "=" alone be taken for "==".
        if (token.size() == 1 && m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '=' &&
            (token == "<" || token == ">" || token == "!"))
            return false;
        m_pos += token.size();
        return true;
    }

    void expect(std::string_view token, const char* what) {
        if (!accept(token)) {
            skipSpace();
            std::string found = m_pos < m_text.size() ? "'" + std::string(1, m_text[m_pos]) + "'" : "end of expression";
            fail(std::string("expected ") + what + ", found " + found, m_pos);
        }
    }

    NodePtr binary(Op op, NodePtr a, NodePtr b, std::size_t column) const {
        auto n = std::make_shared<Node>();
        n->kind = Node::Kind::Binary;
        n->op = op;
        n->column = column;
        n->children = {std::move(a), std::move(b)};
        checkDepth(*n, column - 1);
        return n;
    }

    NodePtr parseTernary() {
        Nesting nesting(*this);
        NodePtr cond = parseOr();
        skipSpace();
        std::size_t at = m_pos;
        if (!accept("?")) return cond;
        NodePtr a = parseTernary();
        expect(":", "':' of the ternary operator");
        NodePtr b = parseTernary();
        auto n = std::make_shared<Node>();
        n->kind = Node::Kind::Ternary;
        n->column = at + 1;
        n->children = {cond, a, b};
        checkDepth(*n, at);
        return n;
    }

    NodePtr parseOr() {
        NodePtr left = parseAnd();
        for (;;) {
            skipSpace();
            std::size_t at = m_pos;
            if (!accept("||")) return left;
            left = binary(Op::OrJump, left, parseAnd(), at + 1);
        }
    }

    NodePtr parseAnd() {
        NodePtr left = parseEquality();
        for (;;) {
            skipSpace();
            std::size_t at = m_pos;
            if (!accept("&&")) return left;
            left = binary(Op::AndJump, left, parseEquality(), at + 1);
        }
    }

    NodePtr parseEquality() {
        NodePtr left = parseRelational();
        for (;;) {
            skipSpace();
            std::size_t at = m_pos;
            if (accept("==")) left = binary(Op::Eq, left, parseRelational(), at + 1);
            else if (accept("!=")) left = binary(Op::Ne, left, parseRelational(), at + 1);
            else return left;
        }
    }

    NodePtr parseRelational() {
        NodePtr left = parseAdditive();
        for (;;) {
            skipSpace();
            std::size_t at = m_pos;
            if (accept("<=")) left = binary(Op::Le, left, parseAdditive(), at + 1);
            else if (accept(">=")) left = binary(Op::Ge, left, parseAdditive(), at + 1);
            else if (accept("<")) left = binary(Op::Lt, left, parseAdditive(), at + 1);
            else if (accept(">")) left = binary(Op::Gt, left, parseAdditive(), at + 1);
            else return left;
        }
    }

    NodePtr parseAdditive() {
        NodePtr left = parseMultiplicative();
        for (;;) {
            skipSpace();
            std::size_t at = m_pos;
            if (accept("+")) left = binary(Op::Add, left, parseMultiplicative(), at + 1);
            else if (accept("-")) left = binary(Op::Sub, left, parseMultiplicative(), at + 1);
            else return left;
        }
    }

    NodePtr parseMultiplicative() {
        NodePtr left = parseUnary();
        for (;;) {
            skipSpace();
            std::size_t at = m_pos;
            if (accept("*")) left = binary(Op::Mul, left, parseUnary(), at + 1);
            else if (accept("/")) left = binary(Op::Div, left, parseUnary(), at + 1);
            else if (accept("%")) left = binary(Op::Mod, left, parseUnary(), at + 1);
            else return left;
        }
    }

    NodePtr parseUnary() {
        skipSpace();
        std::size_t at = m_pos;
        Op op;
        if (accept("-")) op = Op::Neg;
        else if (accept("!")) op = Op::Not;
        else if (accept("+")) {
            Nesting nesting(*this);
            return parseUnary();
        } else return parsePrimary();
        Nesting nesting(*this);
        auto n = std::make_shared<Node>();
        n->kind = Node::Kind::Unary;
        n->op = op;
        n->column = at + 1;
        n->children = {parseUnary()};
        checkDepth(*n, at);
        return n;
    }

    NodePtr parsePrimary() {
        skipSpace();
        if (m_pos >= m_text.size()) fail("unexpected end of expression", m_pos);
        std::size_t start = m_pos;
        char c = m_text[m_pos];
        auto n = std::make_shared<Node>();
        n->column = start + 1;
        if (std::isdigit(static_cast<unsigned char>(c))) {
            std::int64_t v = 0;
            while (m_pos < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_pos]))) {
                if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, m_text[m_pos] - '0', &v))
                    fail("integer literal too large", start);
                ++m_pos;
            }
            if (m_pos < m_text.size() &&
                (std::isalpha(static_cast<unsigned char>(m_text[m_pos])) || m_text[m_pos] == '_'))
                fail("malformed number", start);
            n->kind = Node::Kind::Number;
            n->value = v;
            return n;
        }
        if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            while (m_pos < m_text.size() &&
                   (std::isalnum(static_cast<unsigned char>(m_text[m_pos])) || m_text[m_pos] == '_'))
                ++m_pos;
            std::string name(m_text.substr(start, m_pos - start));
            skipSpace();
            if (m_pos < m_text.size() && m_text[m_pos] == '(') return parseCall(name, start);
            n->kind = Node::Kind::Name;
            n->name = name;
            if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
            return n;
        }
        if (accept("(")) {
            NodePtr inner = parseTernary();
            expect(")", "')'");
            return inner;
        }
        fail("unexpected '" + std::string(1, c) + "'", m_pos);
    }

    NodePtr parseCall(const std::string& name, std::size_t start) {
        Op op;
        std::size_t minArgs = 1, maxArgs = 1;
        if (name == "min") op = Op::Min, minArgs = 2, maxArgs = 64;
        else if (name == "max") op = Op::Max, minArgs = 2, maxArgs = 64;
        else if (name == "log2") op = Op::Log2;
        else if (name == "is_pow2") op = Op::IsPow2;
        else fail("unknown function '" + name + "' (known: min, max, log2, is_pow2)", start);
        expect("(", "'('");
        auto n = std::make_shared<Node>();
        n->kind = Node::Kind::Call;
        n->op = op;
        n->name = name;
        n->column = start + 1;
        skipSpace();
        if (!accept(")")) {
            do n->children.push_back(parseTernary());
            while (accept(","));
            expect(")", "')' or ','");
        }
        checkDepth(*n, start);
        if (n->children.size() < minArgs || n->children.size() > maxArgs)
            fail(name + "() takes " +
                     (minArgs == maxArgs ? std::to_string(minArgs) : "at least " + std::to_string(minArgs)) +
                     " argument(s), got " + std::to_string(n->children.size()),
                 start);
        return n;
    }

    std::string_view m_text;
    std::size_t m_pos = 0;
    int m_nesting = 0;
};

bool applyBinary(Op op, std::int64_t a, std::int64_t b, std::int64_t& r) {
    switch (op) {
    case Op::Add: return !__builtin_add_overflow(a, b, &r);
    case Op::Sub: return !__builtin_sub_overflow(a, b, &r);
    case Op::Mul: return !__builtin_mul_overflow(a, b, &r);
    case Op::Div:
        if (b == 0 || (a == INT64_MIN && b == -1)) return false;
        r = a / b;
        return true;
    case Op::Mod:
        if (b == 0 || (a == INT64_MIN && b == -1)) return false;
        r = a % b;
        return true;
    case Op::Eq: r = a == b; return true;
    case Op::Ne: r = a != b; return true;
    case Op::Lt: r = a < b; return true;
    case Op::Le: r = a <= b; return true;
    case Op::Gt: r = a > b; return true;
    case Op::Ge: r = a >= b; return true;
    default: return false;
    }
}

} // namespace

class ExpressionCompiler {
public:
    ExpressionCompiler(const std::string& text,
                       const std::function<std::optional<NameBinding>(const std::string&)>& resolve)
        : m_text(text), m_resolve(resolve) {}

    void emit(const Node& n) {
        using K = Node::Kind;
        switch (n.kind) {
        case K::Number: push({Op::Const, n.value}, +1); break;
        case K::Name: {
            auto b = m_resolve(n.name);
            if (!b) throw ExpressionError("unknown name '" + n.name + "'", m_text, n.column);
            if (b->kind == NameBinding::Kind::Slot) {
                out.m_maxSlot = std::max<int>(out.m_maxSlot, static_cast<int>(b->value));
                push({Op::Load, b->value}, +1);
            } else {
                push({Op::Const, b->value}, +1);
            }
            break;
        }
        case K::Unary:
            emit(*n.children[0]);
            push({n.op, 0}, 0);
            break;
        case K::Binary:
            if (n.op == Op::AndJump || n.op == Op::OrJump) {
                // Short-circuit: the jump leaves 0 (&&) or 1 (||) on the stack when the left side decides.
                emit(*n.children[0]);
                std::size_t jump = out.m_code.size();
                push({n.op, 0}, 0);
                --m_depth; // the jump pops when it falls through
                emit(*n.children[1]);
                push({Op::ToBool, 0}, 0);
                out.m_code[jump].arg = static_cast<std::int64_t>(out.m_code.size());
            } else {
                emit(*n.children[0]);
                emit(*n.children[1]);
                push({n.op, 0}, -1);
            }
            break;
        case K::Ternary: {
            emit(*n.children[0]);
            std::size_t jz = out.m_code.size();
            push({Op::JumpIfZero, 0}, -1);
            emit(*n.children[1]);
            std::size_t jend = out.m_code.size();
            push({Op::Jump, 0}, 0);
            --m_depth; // only one branch's value is on the stack at the end
            out.m_code[jz].arg = static_cast<std::int64_t>(out.m_code.size());
            emit(*n.children[2]);
            out.m_code[jend].arg = static_cast<std::int64_t>(out.m_code.size());
            break;
        }
        case K::Call:
            for (const auto& c : n.children) emit(*c);
            push({n.op, static_cast<std::int64_t>(n.children.size())}, 1 - static_cast<int>(n.children.size()));
            break;
        }
    }

    CompiledExpression out;

private:
    void push(CompiledExpression::Instr instr, int depthChange) {
        out.m_code.push_back(instr);
        m_depth += depthChange;
        out.m_maxDepth = std::max(out.m_maxDepth, m_depth);
    }

    const std::string& m_text;
    const std::function<std::optional<NameBinding>(const std::string&)>& m_resolve;
    int m_depth = 0;
};

bool CompiledExpression::evaluate(const std::int64_t* slots, std::int64_t& result) const {
    constexpr int kInline = 32;
    std::int64_t inlineStack[kInline];
    std::vector<std::int64_t> heapStack;
    std::int64_t* stack = inlineStack;
    if (m_maxDepth + 1 > kInline) {
        heapStack.resize(static_cast<std::size_t>(m_maxDepth) + 1);
        stack = heapStack.data();
    }
    int sp = 0; // number of values on the stack
    const std::size_t n = m_code.size();
    for (std::size_t pc = 0; pc < n; ++pc) {
        const Instr& in = m_code[pc];
        switch (in.op) {
        case Op::Const: stack[sp++] = in.arg; break;
        case Op::Load: stack[sp++] = slots[in.arg]; break;
        case Op::Neg:
            if (stack[sp - 1] == INT64_MIN) return false;
            stack[sp - 1] = -stack[sp - 1];
            break;
        case Op::Not: stack[sp - 1] = stack[sp - 1] == 0; break;
        case Op::ToBool: stack[sp - 1] = stack[sp - 1] != 0; break;
        case Op::AndJump:
            if (stack[sp - 1] == 0) pc = static_cast<std::size_t>(in.arg) - 1;
            else --sp;
            break;
        case Op::OrJump:
            if (stack[sp - 1] != 0) {
                stack[sp - 1] = 1;
                pc = static_cast<std::size_t>(in.arg) - 1;
            } else {
                --sp;
            }
            break;
        case Op::JumpIfZero:
            if (stack[--sp] == 0) pc = static_cast<std::size_t>(in.arg) - 1;
            break;
        case Op::Jump: pc = static_cast<std::size_t>(in.arg) - 1; break;
        case Op::Min:
        case Op::Max: {
            int count = static_cast<int>(in.arg);
            std::int64_t v = stack[sp - count];
            for (int i = sp - count + 1; i < sp; ++i)
                v = in.op == Op::Min ? std::min(v, stack[i]) : std::max(v, stack[i]);
            sp -= count;
            stack[sp++] = v;
            break;
        }
        case Op::Log2: {
            std::int64_t v = stack[sp - 1];
            if (v <= 0) return false;
            stack[sp - 1] = 63 - __builtin_clzll(static_cast<unsigned long long>(v));
            break;
        }
        case Op::IsPow2: {
            std::int64_t v = stack[sp - 1];
            stack[sp - 1] = v > 0 && (v & (v - 1)) == 0;
            break;
        }
        default: {
            std::int64_t b = stack[--sp];
            if (!applyBinary(in.op, stack[sp - 1], b, stack[sp - 1])) return false;
            break;
        }
        }
    }
    result = stack[sp - 1];
    return true;
}

Expression Expression::parse(std::string_view text) {
    Parser parser(text);
    Expression e;
    e.m_text = std::string(text);
    e.m_root = parser.parseAll();
    e.m_names = std::move(parser.names);
    return e;
}

CompiledExpression
Expression::compile(const std::function<std::optional<NameBinding>(const std::string&)>& resolve) const {
    ExpressionCompiler c(m_text, resolve);
    c.emit(*m_root);
    return std::move(c.out);
}

std::optional<std::int64_t>
Expression::evaluate(const std::function<std::optional<std::int64_t>(const std::string&)>& value) const {
    std::vector<std::int64_t> slots;
    CompiledExpression code = compile([&](const std::string& name) -> std::optional<NameBinding> {
        auto v = value(name);
        if (!v) return std::nullopt;
        slots.push_back(*v);
        return NameBinding{NameBinding::Kind::Slot, static_cast<std::int64_t>(slots.size() - 1)};
    });
    std::int64_t r = 0;
    if (!code.evaluate(slots.data(), r)) return std::nullopt;
    return r;
}

} // namespace kt
