// Constraint expression parsing, evaluation semantics and error positions.
#include <map>
#include <random>

#include <gtest/gtest.h>

#include "core/space/expression.hpp"

using namespace kt;

namespace {

std::optional<std::int64_t> eval(const std::string& text, const std::map<std::string, std::int64_t>& vars = {}) {
    return Expression::parse(text).evaluate([&](const std::string& n) -> std::optional<std::int64_t> {
        auto it = vars.find(n);
        if (it == vars.end()) return std::nullopt;
        return it->second;
    });
}

} // namespace

TEST(Expression, ArithmeticAndPrecedence) {
    EXPECT_EQ(eval("1 + 2 * 3"), 7);
    EXPECT_EQ(eval("(1 + 2) * 3"), 9);
    EXPECT_EQ(eval("7 / 2"), 3);
    EXPECT_EQ(eval("-7 / 2"), -3); // C truncation
    EXPECT_EQ(eval("7 % 3"), 1);
    EXPECT_EQ(eval("10 - 3 - 2"), 5); // left associative
    EXPECT_EQ(eval("2 * -3"), -6);
    EXPECT_EQ(eval("!0 + !5"), 1);
}

TEST(Expression, ComparisonsAndLogic) {
    std::map<std::string, std::int64_t> v{{"ML", 64}, {"MS", 8}, {"KL", 16}, {"DEV_LOCAL_MEM", 4096}};
    EXPECT_EQ(eval("ML % MS == 0", v), 1);
    EXPECT_EQ(eval("ML * KL * 4 <= DEV_LOCAL_MEM", v), 1);
    EXPECT_EQ(eval("ML * KL * 4 < DEV_LOCAL_MEM", v), 0);
    EXPECT_EQ(eval("ML != 64 || MS >= 8 && KL > 16", v), 0); // && binds tighter than ||
    EXPECT_EQ(eval("ML == 64 || 1 / 0", v), 1);                // short-circuit skips the division by zero
    EXPECT_EQ(eval("ML != 64 && 1 / 0", v), 0);
    EXPECT_EQ(eval("ML > 32 ? MS : KL", v), 8);
    EXPECT_EQ(eval("ML > 99 ? MS : KL > 1 ? 5 : 6", v), 5); // right associative
}

TEST(Expression, Functions) {
    EXPECT_EQ(eval("min(5, 3, 9)"), 3);
    EXPECT_EQ(eval("max(5, 3, 9)"), 9);
    EXPECT_EQ(eval("log2(1024)"), 10);
    EXPECT_EQ(eval("log2(1000)"), 9);
    EXPECT_EQ(eval("is_pow2(64) + is_pow2(96) * 10 + is_pow2(0) * 100"), 1);
}

TEST(Expression, FailingEvaluationsAreNotValues) {
    EXPECT_FALSE(eval("1 / 0"));
    EXPECT_FALSE(eval("5 % 0"));
    EXPECT_FALSE(eval("log2(0)"));
    EXPECT_FALSE(eval("9223372036854775807 + 1"));
}

TEST(Expression, SyntaxErrorsNamePosition) {
    try {
        Expression::parse("ML % (MS == 0");
        FAIL() << "no error";
    } catch (const ExpressionError& e) {
        EXPECT_EQ(e.column(), 14u);
        EXPECT_NE(std::string(e.what()).find("expected ')'"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("ML % (MS == 0"), std::string::npos);
    }
    try {
        Expression::parse("ML = 4");
        FAIL() << "no error";
    } catch (const ExpressionError& e) {
        EXPECT_EQ(e.column(), 4u);
    }
    try {
        Expression::parse("foo(3)");
        FAIL() << "no error";
    } catch (const ExpressionError& e) {
        EXPECT_EQ(e.column(), 1u);
        EXPECT_NE(std::string(e.what()).find("unknown function 'foo'"), std::string::npos);
    }
    EXPECT_THROW(Expression::parse(""), ExpressionError);
    EXPECT_THROW(Expression::parse("min(1)"), ExpressionError);
    EXPECT_THROW(Expression::parse("3 +"), ExpressionError);
    EXPECT_THROW(Expression::parse("3 4"), ExpressionError);
    EXPECT_THROW(Expression::parse("1 ? 2"), ExpressionError);
    EXPECT_THROW(Expression::parse("12abc"), ExpressionError);
}

TEST(Expression, UnknownNameAtCompileNamesIt) {
    auto e = Expression::parse("A + BOGUS");
    EXPECT_EQ(e.names(), (std::vector<std::string>{"A", "BOGUS"}));
    try {
        e.compile([](const std::string& n) -> std::optional<NameBinding> {
            if (n == "A") return NameBinding{NameBinding::Kind::Slot, 0};
            return std::nullopt;
        });
        FAIL();
    } catch (const ExpressionError& err) {
        EXPECT_EQ(err.column(), 5u);
        EXPECT_NE(std::string(err.what()).find("BOGUS"), std::string::npos);
    }
}

TEST(Expression, CompiledMatchesInterpretedOnRandomInputs) {
    auto e = Expression::parse("(A * B + C) % max(1, D) == 0 ? min(A, B) - C : log2(A + 1) * (D / 2)");
    auto code = e.compile([](const std::string& n) -> std::optional<NameBinding> {
        return NameBinding{NameBinding::Kind::Slot, n[0] - 'A'};
    });
    std::mt19937 rng(1);
    for (int i = 0; i < 1000; ++i) {
        std::int64_t s[4];
        for (auto& x : s) x = static_cast<std::int64_t>(rng() % 40);
        std::int64_t a = s[0], b = s[1], c = s[2], d = s[3];
        std::int64_t expect = (a * b + c) % std::max<std::int64_t>(1, d) == 0 ? std::min(a, b) - c
                                                                            : (63 - __builtin_clzll(a + 1)) * (d / 2);
        std::int64_t got = 0;
        ASSERT_TRUE(code.evaluate(s, got));
        EXPECT_EQ(got, expect);
    }
}
