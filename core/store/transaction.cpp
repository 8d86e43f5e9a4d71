// Transaction / savepoint RAII over a Database.
#include "core/store/transaction.hpp"

#include <atomic>

#include "core/store/database.hpp"

namespace kt::store {

namespace {
std::atomic<unsigned> g_savepointCounter{0};
}

Transaction::Transaction(const Database& db) : m_db(db) {
    if (!db.inTransaction()) {
        db.exec("BEGIN IMMEDIATE");
    } else {
        m_savepoint = "kt_sp_" + std::to_string(++g_savepointCounter);
        db.exec("SAVEPOINT " + m_savepoint);
    }
    m_active = true;
}

Transaction::~Transaction() {
    if (!m_active) return;
    try {
        rollback();
    } catch (...) {
        // A destructor must not throw; SQLite rolls back an open transaction when the connection closes anyway.
    }
}

void Transaction::commit() {
    if (!m_active) return;
    if (m_savepoint.empty())
        m_db.exec("COMMIT");
    else
        m_db.exec("RELEASE " + m_savepoint);
    m_active = false;
}

void Transaction::rollback() {
    if (!m_active) return;
    m_active = false;
    if (m_savepoint.empty()) {
        // SQLite may already have rolled back by itself (e.g. after SQLITE_FULL); ROLLBACK would then fail.
        if (m_db.inTransaction()) m_db.exec("ROLLBACK");
    } else {
        m_db.exec("ROLLBACK TO " + m_savepoint + "; RELEASE " + m_savepoint);
    }
}

} // namespace kt::store
