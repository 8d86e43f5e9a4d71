// A prepared SQLite statement: bind by index (1-based) or by name (":name"), step, read columns (0-based).
#pragma once
#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

struct sqlite3;
struct sqlite3_stmt;

namespace kt::store {

class Statement {
public:
    // Throws StoreError naming the SQL when it does not compile.
    Statement(sqlite3* db, std::string_view sql);
    ~Statement();
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    // Any integer type (int, long long, std::size_t, bool…); unsigned values above INT64_MAX are refused.
    template <std::integral T> Statement& bind(int index, T value) {
        if constexpr (std::is_unsigned_v<T> && sizeof(T) >= sizeof(std::int64_t))
            if (value > static_cast<T>(INT64_MAX)) throwOutOfRange(index);
        return bindInt64(index, static_cast<std::int64_t>(value));
    }
    Statement& bind(int index, double value);
    Statement& bind(int index, std::string_view value); // copied by SQLite, the view may die afterwards
    Statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
    Statement& bind(int index, const std::string& value) { return bind(index, std::string_view(value)); }
    Statement& bind(int index, std::nullptr_t);
    template <typename T> Statement& bind(int index, const std::optional<T>& value) {
        return value ? bind(index, *value) : bind(index, nullptr);
    }
    // Throws StoreError when the statement has no parameter of that name.
    template <typename T> Statement& bind(const char* name, const T& value) {
        return bind(parameterIndex(name), value);
    }

    // true when a row is available, false when done. Throws StoreError (with SQLite's message and the SQL).
    bool step();
    // Steps to completion (INSERT/UPDATE/DELETE); returns the number of rows changed.
    int run();
    // Makes the statement runnable again; bindings are cleared too.
    void reset();

    int columnCount() const;
    std::string columnName(int column) const;
    bool isNull(int column) const;
    std::int64_t columnInt64(int column) const;
    int columnInt(int column) const;
    double columnDouble(int column) const;
    std::string columnText(int column) const; // "" for NULL
    std::optional<std::int64_t> columnOptionalInt64(int column) const;
    std::optional<std::string> columnOptionalText(int column) const;

    std::string sql() const;
    sqlite3_stmt* handle() const { return m_stmt; }

private:
    Statement& bindInt64(int index, std::int64_t value);
    [[noreturn]] void throwOutOfRange(int index) const;
    int parameterIndex(const char* name) const;
    void check(int rc, const char* what) const;

    sqlite3* m_db = nullptr;
    sqlite3_stmt* m_stmt = nullptr;
};

} // namespace kt::store
