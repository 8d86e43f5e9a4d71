// Host copies of one plan run's buffers, handed to the family's check (Family::verify): the inputs as uploaded and
// the outputs as read back, with the plan's evaluated sizes and scalars.
#pragma once
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "core/model/precision.hpp"

namespace kt {

struct HostArray {
    std::variant<std::vector<float>, std::vector<double>, std::vector<std::int32_t>> data;

    template <class T> const std::vector<T>& as() const {
        if (auto* v = std::get_if<std::vector<T>>(&data)) return *v;
        throw std::logic_error("host array holds another element type");
    }
    template <class T> std::vector<T>& as() { return std::get<std::vector<T>>(data); }
    std::size_t size() const {
        return std::visit([](const auto& v) { return v.size(); }, data);
    }
};

struct PlanData {
    Precision precision = Precision::F32;
    std::uint64_t seed = 0;
    std::map<std::string, std::int64_t> values; // the plan's inputs and variables
    std::map<std::string, double> scalars;
    std::map<std::string, HostArray> inputs;  // Input and InOut buffers as uploaded
    std::map<std::string, HostArray> outputs; // Output and InOut buffers after the run

    std::int64_t value(const std::string& name) const {
        auto it = values.find(name);
        if (it == values.end()) throw std::invalid_argument("plan data has no value '" + name + "'");
        return it->second;
    }
    double scalar(const std::string& name) const { return scalars.at(name); }
    template <class T> const std::vector<T>& input(const std::string& name) const { return inputs.at(name).as<T>(); }
    template <class T> const std::vector<T>& output(const std::string& name) const {
        return outputs.at(name).as<T>();
    }
};

} // namespace kt
