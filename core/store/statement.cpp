// Prepared-statement wrapper: every failure becomes a StoreError that quotes SQLite's message and the SQL.
#include "core/store/statement.hpp"

#include <sqlite3.h>

#include "core/store/store_error.hpp"

namespace kt::store {

Statement::Statement(sqlite3* db, std::string_view sql) : m_db(db) {
    const char* tail = nullptr;
    int rc = sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &m_stmt, &tail);
    if (rc != SQLITE_OK) {
        std::string message =
            std::string("cannot prepare SQL: ") + sqlite3_errmsg(db) + " (in '" + std::string(sql) + "')";
        sqlite3_finalize(m_stmt);
        m_stmt = nullptr;
        throw StoreError(message, sqlite3_extended_errcode(db));
    }
    if (!m_stmt) throw StoreError("empty SQL statement");
}

Statement::~Statement() {
    sqlite3_finalize(m_stmt);
}

Statement::Statement(Statement&& other) noexcept : m_db(other.m_db), m_stmt(other.m_stmt) {
    other.m_stmt = nullptr;
}

Statement& Statement::operator=(Statement&& other) noexcept {
    if (this != &other) {
        sqlite3_finalize(m_stmt);
        m_db = other.m_db;
        m_stmt = other.m_stmt;
        other.m_stmt = nullptr;
    }
    return *this;
}

void Statement::check(int rc, const char* what) const {
    if (rc == SQLITE_OK) return;
    throw StoreError(std::string(what) + " failed: " + sqlite3_errmsg(m_db) + " (in '" + sql() + "')",
                     sqlite3_extended_errcode(m_db));
}

Statement& Statement::bindInt64(int index, std::int64_t value) {
    check(sqlite3_bind_int64(m_stmt, index, value), "bind");
    return *this;
}

void Statement::throwOutOfRange(int index) const {
    throw StoreError("value bound to parameter " + std::to_string(index) +
                     " does not fit a 64-bit signed integer (in '" + sql() + "')");
}

Statement& Statement::bind(int index, double value) {
    check(sqlite3_bind_double(m_stmt, index, value), "bind");
    return *this;
}

Statement& Statement::bind(int index, std::string_view value) {
    // SQLITE_TRANSIENT: SQLite copies, so temporaries are safe to bind.
    // A default-constructed view has a null data(), which SQLite would store as NULL rather than ''.
    const char* data = value.data() ? value.data() : "";
    check(sqlite3_bind_text64(m_stmt, index, data, value.size(), SQLITE_TRANSIENT, SQLITE_UTF8), "bind");
    return *this;
}

Statement& Statement::bind(int index, std::nullptr_t) {
    check(sqlite3_bind_null(m_stmt, index), "bind");
    return *this;
}

int Statement::parameterIndex(const char* name) const {
    int index = sqlite3_bind_parameter_index(m_stmt, name);
    if (index == 0) throw StoreError(std::string("no SQL parameter named '") + name + "' (in '" + sql() + "')");
    return index;
}

bool Statement::step() {
    int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    // The extended code of the failing step (e.g. SQLITE_CONSTRAINT_UNIQUE) is what callers test.
    int code = sqlite3_extended_errcode(m_db);
    std::string message = sqlite3_errmsg(m_db);
    sqlite3_reset(m_stmt); // releases locks held by the failed statement
    throw StoreError(message + " (in '" + sql() + "')", code);
}

int Statement::run() {
    while (step()) {
    }
    return sqlite3_changes(m_db);
}

void Statement::reset() {
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
}

int Statement::columnCount() const {
    return sqlite3_column_count(m_stmt);
}

std::string Statement::columnName(int column) const {
    const char* name = sqlite3_column_name(m_stmt, column);
    return name ? name : "";
}

bool Statement::isNull(int column) const {
    return sqlite3_column_type(m_stmt, column) == SQLITE_NULL;
}

std::int64_t Statement::columnInt64(int column) const {
    return sqlite3_column_int64(m_stmt, column);
}

int Statement::columnInt(int column) const {
    return sqlite3_column_int(m_stmt, column);
}

double Statement::columnDouble(int column) const {
    return sqlite3_column_double(m_stmt, column);
}

std::string Statement::columnText(int column) const {
    const unsigned char* text = sqlite3_column_text(m_stmt, column);
    if (!text) return {};
    return std::string(reinterpret_cast<const char*>(text),
                       static_cast<std::size_t>(sqlite3_column_bytes(m_stmt, column)));
}

std::optional<std::int64_t> Statement::columnOptionalInt64(int column) const {
    if (isNull(column)) return std::nullopt;
    return columnInt64(column);
}

std::optional<std::string> Statement::columnOptionalText(int column) const {
    if (isNull(column)) return std::nullopt;
    return columnText(column);
}

std::string Statement::sql() const {
    const char* text = m_stmt ? sqlite3_sql(m_stmt) : nullptr;
    return text ? text : "";
}

} // namespace kt::store
