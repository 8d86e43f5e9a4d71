// RAII transaction: commits on commit(), rolls back when destroyed without it. Nests (inner ones are savepoints),
// so a repository may group its own writes while the caller groups many repository calls.
#pragma once
#include <string>

namespace kt::store {

class Database;

class Transaction {
public:
    // The outermost transaction is BEGIN IMMEDIATE: the write lock is taken up front, so two processes that both
    // read-then-write wait on busy_timeout instead of failing with a deadlock later.
    explicit Transaction(const Database& db);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

    void commit();
    void rollback();
    bool active() const { return m_active; }

private:
    const Database& m_db;
    std::string m_savepoint; // empty for the outermost transaction
    bool m_active = false;
};

} // namespace kt::store
