// Everything of the result store in one include, for the CLI, the GUI and the export code.
#pragma once
#include "core/store/database.hpp"
#include "core/store/device_repository.hpp"
#include "core/store/export_repository.hpp"
#include "core/store/fit_repository.hpp"
#include "core/store/measurement_repository.hpp"
#include "core/store/peer_repository.hpp"
#include "core/store/rule_repository.hpp"
#include "core/store/run_repository.hpp"
#include "core/store/store_error.hpp"
#include "core/store/transaction.hpp"
