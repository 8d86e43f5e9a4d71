// Short legend labels for point keys: only the parameters in which the plotted candidates differ.
#pragma once
#include <string>
#include <vector>

namespace kt::gui {

// Point keys ("NAME=value,…", Point::key). Each label lists, in key order, the parameters whose
// value is not the same in every key ("GEMM_ML=64 GEMM_MINB=2"); a key that is not of that form is kept whole, and
// identical keys (or a single one) keep their whole key, so a label never becomes empty. GEMM keys run to 400
// characters, which a legend cannot show beside a plot.
std::vector<std::string> distinguishingLabels(const std::vector<std::string>& keys);

// "GEMM_ML=16 GEMM_KL=8" -> "ML=16 KL=8": drops the prefix (up to the first '_') that every parameter name of every
// label shares, which says nothing in a legend of one family. Labels not made of NAME=value words are left alone.
std::vector<std::string> withoutSharedPrefix(std::vector<std::string> labels);

} // namespace kt::gui
