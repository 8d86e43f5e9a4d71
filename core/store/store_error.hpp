// The one exception type of the result store: every SQLite failure, refused file or bad stored value.
#pragma once
#include <stdexcept>
#include <string>

namespace kt::store {

class StoreError : public std::runtime_error {
public:
    // sqliteCode is the extended SQLite result code when the error came from SQLite, 0 otherwise.
    explicit StoreError(const std::string& message, int sqliteCode = 0)
        : std::runtime_error(message), m_sqliteCode(sqliteCode) {}

    int sqliteCode() const { return m_sqliteCode; }
    // UNIQUE, FOREIGN KEY, CHECK or NOT NULL violations: the caller's data was refused, the store is intact.
    bool isConstraintViolation() const { return (m_sqliteCode & 0xff) == 19; }               // SQLITE_CONSTRAINT
    bool isBusy() const { return (m_sqliteCode & 0xff) == 5 || (m_sqliteCode & 0xff) == 6; } // BUSY / LOCKED

private:
    int m_sqliteCode = 0;
};

} // namespace kt::store
