// Row-id lookups and value conversions shared by the repositories.
#include "core/store/lookup.hpp"

#include <charconv>
#include <chrono>
#include <ctime>

#include "core/store/database.hpp"
#include "core/store/store_error.hpp"

namespace kt::store {

std::string utcNow() {
    using namespace std::chrono;
    const auto now = system_clock::now();
    const std::time_t seconds = system_clock::to_time_t(now);
    const auto millis = duration_cast<milliseconds>(now.time_since_epoch()).count() % 1000;
    std::tm tm{};
    gmtime_r(&seconds, &tm);
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1,
                  tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(millis));
    return buffer;
}

std::optional<std::int64_t> findDeviceRow(const Database& db, const std::string& stableId) {
    auto q = db.prepare("SELECT id FROM devices WHERE stable_id = ?");
    q.bind(1, stableId);
    if (!q.step()) return std::nullopt;
    return q.columnInt64(0);
}

std::int64_t requireDeviceRow(const Database& db, const std::string& stableId) {
    if (auto row = findDeviceRow(db, stableId)) return *row;
    throw StoreError("device '" + stableId + "' is not in the store " + db.path().string() +
                     " (store it with DeviceRepository::upsert first, e.g. by `ktune devices`)");
}

std::optional<std::int64_t> findFamilyRow(const Database& db, const std::string& family, int version) {
    auto q = db.prepare("SELECT id FROM families WHERE name = ? AND version = ?");
    q.bind(1, family).bind(2, version);
    if (!q.step()) return std::nullopt;
    return q.columnInt64(0);
}

std::int64_t familyRow(const Database& db, const std::string& family, int version) {
    if (family.empty()) throw StoreError("family name is empty");
    if (auto row = findFamilyRow(db, family, version)) return *row;
    auto insert = db.prepare("INSERT INTO families (name, version) VALUES (?, ?)");
    insert.bind(1, family).bind(2, version).run();
    return db.lastInsertId();
}

std::optional<std::int64_t> findParameterSetRow(const Database& db, std::int64_t familyRowId,
                                                const std::string& pointKey) {
    auto q = db.prepare("SELECT id FROM parameter_sets WHERE family_id = ? AND point_key = ?");
    q.bind(1, familyRowId).bind(2, pointKey);
    if (!q.step()) return std::nullopt;
    return q.columnInt64(0);
}

std::int64_t parameterSetRow(const Database& db, std::int64_t familyRowId, const std::string& pointKey) {
    if (auto row = findParameterSetRow(db, familyRowId, pointKey)) return *row;
    const std::string params = pointKeyToJson(pointKey).dump();
    auto insert = db.prepare("INSERT INTO parameter_sets (family_id, point_key, params) VALUES (?, ?, ?)");
    insert.bind(1, familyRowId).bind(2, pointKey).bind(3, params).run();
    return db.lastInsertId();
}

nlohmann::json pointKeyToJson(const std::string& pointKey) {
    nlohmann::json params = nlohmann::json::object();
    std::size_t start = 0;
    while (start < pointKey.size()) {
        std::size_t end = pointKey.find(',', start);
        if (end == std::string::npos) end = pointKey.size();
        const std::string pair = pointKey.substr(start, end - start);
        const std::size_t eq = pair.find('=');
        if (eq == std::string::npos || eq == 0)
            throw StoreError("point key '" + pointKey + "' is not canonical: '" + pair + "' is not NAME=value");
        const std::string name = pair.substr(0, eq);
        const std::string text = pair.substr(eq + 1);
        std::int64_t number = 0;
        auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
        if (ec == std::errc() && ptr == text.data() + text.size() && !text.empty())
            params[name] = number;
        else
            params[name] = text; // non-integer values are kept verbatim rather than refused
        start = end + 1;
    }
    return params;
}

nlohmann::json parseStoredJson(const std::string& text, const char* where) {
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        throw StoreError(std::string("stored JSON in ") + where + " does not parse: " + e.what());
    }
}

nlohmann::json sizeToJson(const ProblemSize& size) {
    return size.dims;
}

ProblemSize sizeFromJson(const std::string& text, const char* where) {
    ProblemSize size;
    auto json = parseStoredJson(text, where);
    try {
        size.dims = json.get<std::vector<std::int64_t>>();
    } catch (const nlohmann::json::exception& e) {
        throw StoreError(std::string("stored size in ") + where + " is not a list of integers: " + text);
    }
    return size;
}

} // namespace kt::store
