// CSV, JSON and T4 forms of measurements (see measurement_formats.hpp).
#include "core/export/measurement_formats.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include "core/engine/family.hpp"
#include "core/export/json_lines.hpp"
#include "core/model/measurement_json.hpp"
#include "core/store/database.hpp"
#include "core/store/run_repository.hpp"
#include "core/store/transaction.hpp"

namespace kt::exporter {

namespace {

std::string csvField(const std::string& text) {
    if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string number(double v) {
    std::ostringstream s;
    s.precision(10);
    s << v;
    return s.str();
}

const char* invalidityOf(MeasurementStatus s) {
    switch (s) {
    case MeasurementStatus::Ok:
        return "correct";
    case MeasurementStatus::CompileError:
        return "compile";
    case MeasurementStatus::LaunchError:
    case MeasurementStatus::WorkerCrash:
        return "runtime";
    case MeasurementStatus::WrongResult:
        return "correctness";
    case MeasurementStatus::Timeout:
        return "timeout";
    case MeasurementStatus::Skipped:
        return "constraints";
    }
    return "runtime";
}

} // namespace

std::string measurementsCsv(const std::vector<store::StoredMeasurement>& rows) {
    std::ostringstream o;
    o << "run_id,created_at,device,family,point,size,status,value,median_ms,min_ms,spread_ms,max_error,compile_ms,"
         "times_ms,error\n";
    for (const auto& r : rows) {
        const auto& m = r.measurement;
        std::string times;
        for (double t : m.timesMs) times += (times.empty() ? "" : ";") + number(t);
        o << r.runId << "," << csvField(r.createdAt) << "," << csvField(m.deviceId) << "," << csvField(m.family) << ","
          << csvField(m.pointKey) << "," << m.size.label() << "," << toString(m.status) << "," << number(m.value) << ","
          << number(m.medianMs) << "," << number(m.minMs) << "," << number(m.spreadMs) << "," << number(m.maxError)
          << "," << number(m.compileMs) << "," << times << "," << csvField(m.error) << "\n";
    }
    return o.str();
}

nlohmann::json measurementsJson(const std::vector<store::StoredMeasurement>& rows) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& r : rows) {
        const auto& m = r.measurement;
        nlohmann::json point = nlohmann::json::object();
        if (!m.pointKey.empty()) {
            const Point p = Point::fromKey(m.pointKey);
            for (const auto& name : p.names()) point[name] = p[name];
        }
        out.push_back({{"run_id", r.runId},
                       {"created_at", r.createdAt},
                       {"device", m.deviceId},
                       {"family", m.family},
                       {"point", point},
                       {"point_key", m.pointKey},
                       {"size", m.size.dims},
                       {"status", toString(m.status)},
                       {"value", m.value},
                       {"median_ms", m.medianMs},
                       {"min_ms", m.minMs},
                       {"spread_ms", m.spreadMs},
                       {"max_error", m.maxError},
                       {"compile_ms", m.compileMs},
                       {"times_ms", m.timesMs},
                       {"error", m.error}});
    }
    return out;
}

nlohmann::json toT4(const std::vector<store::StoredMeasurement>& rows, const std::string& family,
                    const DeviceInfo& device, const ProblemSize& size) {
    nlohmann::json results = nlohmann::json::array();
    for (const auto& r : rows) {
        const auto& m = r.measurement;
        if (m.size != size) continue;
        nlohmann::json configuration = nlohmann::json::object();
        const Point p = Point::fromKey(m.pointKey);
        for (const auto& name : p.names()) configuration[name] = p[name];
        nlohmann::json measurements = nlohmann::json::array();
        if (m.medianMs > 0) { // measured: correct results and wrong ones (timed before the check failed)
            measurements.push_back({{"name", "time"}, {"value", m.medianMs}, {"unit", "ms"}});
            measurements.push_back({{"name", "time_min"}, {"value", m.minMs}, {"unit", "ms"}});
            measurements.push_back({{"name", "time_iqr"}, {"value", m.spreadMs}, {"unit", "ms"}});
            measurements.push_back({{"name", "performance"}, {"value", m.value}, {"unit", ""}});
            measurements.push_back({{"name", "max_error"}, {"value", m.maxError}, {"unit", ""}});
        }
        results.push_back({{"timestamp", r.createdAt},
                           {"configuration", configuration},
                           {"times", {{"compilation", m.compileMs}, {"runtimes", m.timesMs}}},
                           {"invalidity", invalidityOf(m.status)},
                           {"correctness", m.status == MeasurementStatus::WrongResult ? 0 : 1},
                           {"measurements", measurements},
                           {"objectives", {"time"}}});
    }
    return {{"schema_version", "1.0.0"},
            {"results", results},
            {"kerneltune", {{"device", device.stableId()}, {"family", family}, {"size", size.dims}}}};
}

std::vector<Measurement> parseT4(const std::string& text, const std::string& source, const Family& family,
                                 const DeviceInfo& device, const std::optional<ProblemSize>& givenSize) {
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        // The byte offset as a line, for the same "<source>:<line>" form as the other errors.
        const std::size_t at = std::min<std::size_t>(e.byte, text.size());
        int line = 1;
        for (std::size_t i = 0; i + 1 < at; ++i) line += text[i] == '\n';
        throw ImportError(source + ":" + std::to_string(line) + ": not JSON: " + e.what());
    }
    const auto lines = jsonValueLines(text);
    auto fail = [&](const std::string& pointer, const std::string& message) -> ImportError {
        std::string p = pointer;
        while (!p.empty() && !lines.count(p)) p = p.substr(0, p.rfind('/')); // the nearest field that exists
        const auto it = lines.find(p);
        return ImportError(source + ":" + std::to_string(it == lines.end() ? 1 : it->second) + ": " +
                           (pointer.empty() ? std::string("/") : pointer) + ": " + message);
    };
    if (!doc.is_object()) throw fail("", "a T4 results file is a JSON object");
    if (!doc.contains("schema_version") || !doc["schema_version"].is_string())
        throw fail("/schema_version", "missing (a T4 file names its schema version, \"1.0.0\")");
    const std::string version = doc["schema_version"];
    if (version.rfind("1.", 0) != 0) throw fail("/schema_version", "version " + version + " is not 1.x");
    ProblemSize size;
    if (doc.contains("kerneltune")) {
        const auto& k = doc["kerneltune"];
        if (!k.is_object()) throw fail("/kerneltune", "not an object");
        if (k.contains("family") && k["family"] != family.name())
            throw fail("/kerneltune/family", "the file holds " + k["family"].dump() + ", not " + family.name());
        if (k.contains("size")) {
            if (!k["size"].is_array()) throw fail("/kerneltune/size", "not an array of integers");
            for (std::size_t i = 0; i < k["size"].size(); ++i) {
                if (!k["size"][i].is_number_integer() || k["size"][i].get<std::int64_t>() < 1)
                    throw fail("/kerneltune/size/" + std::to_string(i), "not a positive integer");
                size.dims.push_back(k["size"][i].get<std::int64_t>());
            }
        }
    }
    if (givenSize) {
        if (!size.dims.empty() && size != *givenSize)
            throw fail("/kerneltune/size",
                       "the file says " + size.label() + ", the import was given " + givenSize->label());
        size = *givenSize;
    }
    if (size.dims.empty()) throw fail("", "no problem size: give one (T4 files do not record it)");
    if (size.dims.size() != family.sizeDimensions().size())
        throw fail("/kerneltune/size", "size " + size.label() + " does not have the " +
                                           std::to_string(family.sizeDimensions().size()) + " dimensions of " +
                                           family.name());
    if (!doc.contains("results") || !doc["results"].is_array()) throw fail("/results", "missing or not an array");
    const ParameterSpace space = family.space(device);
    std::vector<Measurement> out;
    std::set<std::string> seen;
    for (std::size_t i = 0; i < doc["results"].size(); ++i) {
        const std::string at = "/results/" + std::to_string(i);
        const auto& r = doc["results"][i];
        if (!r.is_object()) throw fail(at, "not an object");
        for (const char* required : {"configuration", "times", "invalidity", "correctness"})
            if (!r.contains(required)) throw fail(at, std::string("missing required field \"") + required + "\"");
        const auto& config = r["configuration"];
        if (!config.is_object()) throw fail(at + "/configuration", "not an object");
        std::string key;
        for (const auto& item : config.items()) {
            const std::string name = item.key(); // not a structured binding: clang 14 cannot capture those
            if (std::none_of(space.parameters().begin(), space.parameters().end(),
                             [&](const Parameter& p) { return p.name == name; }))
                throw fail(at + "/configuration/" + name, "'" + name + "' is not a parameter of " + family.name());
        }
        for (const auto& p : space.parameters()) {
            ParamValue v = 0;
            if (config.contains(p.name)) {
                const auto& j = config[p.name];
                if (!j.is_number_integer()) throw fail(at + "/configuration/" + p.name, "not an integer");
                v = j.get<ParamValue>();
            } else if (p.absentValue) {
                continue;
            } else {
                throw fail(at + "/configuration", "parameter " + p.name + " is missing");
            }
            key += (key.empty() ? "" : ",") + p.name + "=" + std::to_string(v);
        }
        Point point;
        try {
            point = family.pointFromKey(key, device);
        } catch (const std::exception& e) {
            throw fail(at + "/configuration", e.what());
        }
        const auto& invalidity = r["invalidity"];
        if (!invalidity.is_string()) throw fail(at + "/invalidity", "not a string");
        static const std::map<std::string, MeasurementStatus> statuses{
            {"correct", MeasurementStatus::Ok},          {"compile", MeasurementStatus::CompileError},
            {"runtime", MeasurementStatus::LaunchError}, {"correctness", MeasurementStatus::WrongResult},
            {"timeout", MeasurementStatus::Timeout},     {"constraints", MeasurementStatus::Skipped}};
        const auto st = statuses.find(invalidity.get<std::string>());
        if (st == statuses.end())
            throw fail(at + "/invalidity",
                       invalidity.dump() + " is none of correct, compile, runtime, correctness, timeout, constraints");
        if (!r["correctness"].is_number()) throw fail(at + "/correctness", "not a number");
        Measurement m;
        m.deviceId = device.stableId();
        m.family = family.name();
        m.pointKey = point.key();
        m.size = size;
        m.status = st->second;
        if (m.status == MeasurementStatus::Ok && r["correctness"].get<double>() == 0)
            m.status = MeasurementStatus::WrongResult;
        const auto& times = r["times"];
        if (!times.is_object()) throw fail(at + "/times", "not an object");
        for (const char* name : {"compilation", "compilation_time"})
            if (times.contains(name)) {
                if (!times[name].is_number() || times[name].get<double>() < 0)
                    throw fail(at + "/times/" + name, "not a non-negative number");
                m.compileMs = times[name].get<double>();
            }
        if (times.contains("runtimes")) {
            if (!times["runtimes"].is_array()) throw fail(at + "/times/runtimes", "not an array");
            for (std::size_t t = 0; t < times["runtimes"].size(); ++t) {
                const auto& v = times["runtimes"][t];
                if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() <= 0)
                    throw fail(at + "/times/runtimes/" + std::to_string(t), "not a positive number of ms");
                m.timesMs.push_back(v.get<double>());
            }
        }
        double time = -1;
        if (r.contains("measurements")) {
            if (!r["measurements"].is_array()) throw fail(at + "/measurements", "not an array");
            for (std::size_t j = 0; j < r["measurements"].size(); ++j) {
                const auto& x = r["measurements"][j];
                const std::string mp = at + "/measurements/" + std::to_string(j);
                if (!x.is_object() || !x.contains("name") || !x["name"].is_string())
                    throw fail(mp, "a measurement is an object with a \"name\"");
                if (!x.contains("value") || !x["value"].is_number()) throw fail(mp + "/value", "not a number");
                const std::string unit = x.value("unit", "");
                if (x["name"] == "time") {
                    time = x["value"].get<double>();
                    if (unit == "s")
                        time *= 1000;
                    else if (unit == "us")
                        time /= 1000;
                    else if (!unit.empty() && unit != "ms")
                        throw fail(mp + "/unit", "unit " + unit + " of time");
                }
                if (x["name"] == "max_error") m.maxError = x["value"].get<double>();
            }
        }
        std::vector<double> sorted = m.timesMs;
        std::sort(sorted.begin(), sorted.end());
        if (time < 0 && !sorted.empty()) time = sorted[sorted.size() / 2];
        if (m.status == MeasurementStatus::Ok && (!(time > 0) || !std::isfinite(time)))
            throw fail(at, "a correct result needs a positive time (a \"time\" measurement or times.runtimes)");
        if (time > 0 && std::isfinite(time)) {
            m.medianMs = time;
            m.minMs = sorted.empty() ? time : sorted.front();
            if (sorted.size() >= 4) m.spreadMs = sorted[sorted.size() * 3 / 4] - sorted[sorted.size() / 4];
            m.value = family.work(size) / (time * 1e-3) / 1e9;
        }
        if (m.status != MeasurementStatus::Ok)
            m.error = "imported from T4: invalidity " + invalidity.get<std::string>();
        if (!seen.insert(m.pointKey).second) throw fail(at + "/configuration", "the same configuration twice");
        out.push_back(std::move(m));
    }
    if (out.empty()) throw fail("/results", "no results");
    return out;
}

std::int64_t importT4(const store::Database& db, const std::string& text, const std::string& source,
                      const Family& family, const DeviceInfo& device, const std::optional<ProblemSize>& size) {
    const auto measurements = parseT4(text, source, family, device, size); // everything checked before writing
    store::Transaction transaction(db);
    store::NewRun run;
    run.deviceId = device.stableId();
    run.family = family.name();
    run.familyVersion = family.version();
    run.strategy = "import-t4";
    run.sizes = nlohmann::json::array({measurements.front().size.dims});
    run.notes = "imported from " + source;
    store::RunRepository runs(db);
    const std::int64_t id = runs.create(run);
    store::MeasurementRepository repo(db);
    for (const auto& m : measurements) repo.insert(id, m);
    runs.updateStatus(id, RunStatus::Completed);
    transaction.commit();
    return id;
}

} // namespace kt::exporter
