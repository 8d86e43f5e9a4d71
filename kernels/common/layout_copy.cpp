// Host side of the copy-kernel generator (kernels/common/layout_copy.cl): options, programs and plan launches.
#include "kernels/common/layout_copy.hpp"

#include <memory>
#include <stdexcept>

#include "core/engine/tuned_parts.hpp"
#include "kernels/common/dialect.hpp"
#include "kernels/common/embedded.hpp"

namespace kt::kernels {

namespace {
std::string str(std::int64_t v) { return std::to_string(v); }

template <class T> std::vector<T> hostCopyT(const CopyParams& params, const T* src, std::int64_t ld, std::int64_t r,
                                            std::int64_t c, std::int64_t R, std::int64_t Cc) {
    const auto& cv = params.conversion;
    auto stored = [&](std::int64_t x, std::int64_t y) { return cv.uplo == blas::Uplo::Lower ? y <= x : y >= x; };
    std::vector<T> out(std::size_t(R * Cc), T(0));
    for (std::int64_t p = 0; p < r; ++p)
        for (std::int64_t i = 0; i < c; ++i) {
            const std::int64_t x = cv.transpose ? i : p, y = cv.transpose ? p : i;
            T v;
            switch (cv.fill) {
            case CopyFill::Symmetric:
                v = stored(x, y) ? src[x * ld + y] : src[y * ld + x];
                break;
            case CopyFill::Triangular:
                v = !stored(x, y) ? T(0) : (cv.unitDiag && x == y) ? T(1) : src[x * ld + y];
                break;
            default:
                v = src[x * ld + y];
            }
            out[std::size_t(layoutIndex(params.layout, p, i, R, Cc, params.blockRows, params.blockCols))] = v;
        }
    return out;
}
} // namespace

std::vector<float> hostCopy(const CopyParams& params, const float* src, std::int64_t ld, std::int64_t r, std::int64_t c,
                            std::int64_t R, std::int64_t Cc) {
    return hostCopyT(params, src, ld, r, c, R, Cc);
}
std::vector<double> hostCopy(const CopyParams& params, const double* src, std::int64_t ld, std::int64_t r,
                             std::int64_t c, std::int64_t R, std::int64_t Cc) {
    return hostCopyT(params, src, ld, r, c, R, Cc);
}

std::string CopyShape::invalidReason() const {
    const std::pair<const char*, int> all[] = {{"mwg", mwg}, {"nwg", nwg}, {"mwi", mwi}, {"nwi", nwi},
                                               {"mud", mud}, {"nud", nud}, {"vw", vw}};
    for (const auto& [name, v] : all)
        if (v < 1) return std::string("copy: ") + name + " must be >= 1, got " + str(v);
    if (vw != 1 && vw != 2 && vw != 4) return "copy: vw must be 1, 2 or 4, got " + str(vw);
    if (mwg % mwi) return "copy: mwi (" + str(mwi) + ") must divide mwg (" + str(mwg) + ")";
    if (nwg % (nwi * vw))
        return "copy: nwi * vw (" + str(nwi) + " * " + str(vw) + ") must divide nwg (" + str(nwg) + ")";
    // The staged tile is read from global memory in vectors along its rows, mwg elements long.
    if (mwg % vw) return "copy: vw (" + str(vw) + ") must divide mwg (" + str(mwg) + ")";
    if (mwi % mud) return "copy: mud (" + str(mud) + ") must divide mwi (" + str(mwi) + ")";
    if (nwi % nud) return "copy: nud (" + str(nud) + ") must divide nwi (" + str(nwi) + ")";
    return "";
}

std::string CopyShape::describe() const {
    return str(mwg) + "x" + str(nwg) + "/" + str(mwi) + "x" + str(nwi) + "/" + str(mud) + "x" + str(nud) +
           (vw > 1 ? "+v" + str(vw) : "");
}

CopyShape effectiveCopyShape(const CopyParams& p) {
    CopyShape s = p.shape;
    while (s.vw > 1 && p.blockCols % s.vw) s.vw /= 2, s.nwi *= 2;
    return s;
}

std::string copySource() { return withPreamble(embeddedSource("common/layout_copy.cl")); }

std::vector<std::string> copyOptions(const CopyParams& p) {
    const auto& c = p.conversion;
    const CopyShape s = effectiveCopyShape(p);
    std::vector<std::string> o{"-DCOPY_TRANS=" + str(c.transpose ? 1 : 0),
                               "-DCOPY_FILL=" + str(int(c.fill)),
                               "-DCOPY_UPLO=" + str(c.uplo == blas::Uplo::Upper ? 1 : 0),
                               "-DCOPY_UNIT=" + str(c.unitDiag ? 1 : 0),
                               "-DCOPY_LAYOUT=" + str(int(p.layout)),
                               "-DCOPY_BR=" + str(p.blockRows),
                               "-DCOPY_BC=" + str(p.blockCols),
                               "-DCOPY_MWG=" + str(s.mwg),
                               "-DCOPY_NWG=" + str(s.nwg),
                               "-DCOPY_MWI=" + str(s.mwi),
                               "-DCOPY_NWI=" + str(s.nwi),
                               "-DCOPY_MUD=" + str(s.mud),
                               "-DCOPY_NUD=" + str(s.nud),
                               "-DCOPY_VW=" + str(s.vw)};
    if (p.precision == Precision::F64) o.push_back("-DKT_DOUBLE=1");
    return o;
}

GeneratedSource copyProgram(const CopyParams& params) { return {copySource(), copyOptions(params), {kCopyKernelName}}; }

std::int64_t copyLocalBytes(const CopyParams& p) {
    const bool staged = p.conversion.transpose || p.conversion.fill == CopyFill::Symmetric;
    if (!staged) return 0;
    // The kernel's COPY_TILE_SIZE: rows of a multiple of 128 bytes are swizzled, narrower ones padded by one element.
    const CopyShape s = effectiveCopyShape(p);
    const int banks = 128 / elementBytes(p.precision);
    return std::int64_t(s.nwg) * (s.mwg % banks == 0 ? s.mwg : s.mwg + 1) * elementBytes(p.precision);
}

void addCopyLaunch(KernelPlan& plan, const CopyParams& p, const CopyOperands& o, LaunchPhase phase) {
    if (auto why = p.shape.invalidReason(); !why.empty()) throw std::invalid_argument(why);
    if (p.conversion.transpose && p.conversion.fill == CopyFill::Symmetric)
        throw std::invalid_argument("copy: a symmetric fill is its own transpose; ask for it untransposed");
    if (p.blockRows < 1 || p.blockCols < 1) throw std::invalid_argument("copy: layout blocks must be >= 1");
    PlanLaunch launch;
    launch.program = plan.addProgram(copyProgram(p));
    launch.kernel = kCopyKernelName;
    launch.phase = phase;
    // Dimension 0 runs along the destination's columns, 1 along its rows; one work-group per mwg x nwg block.
    launch.global = {ceilDivExpr(o.Cc, p.shape.nwg) + " * " + str(p.shape.wgN()),
                     ceilDivExpr(o.R, p.shape.mwg) + " * " + str(p.shape.wgM()), "1"};
    launch.local = {str(p.shape.wgN()), str(p.shape.wgM()), "1"};
    launch.args = {PlanArg::integer(o.R),  PlanArg::integer(o.Cc), PlanArg::integer(o.r),      PlanArg::integer(o.c),
                   PlanArg::buffer(o.src), PlanArg::integer(o.ld), PlanArg::integer(o.offset), PlanArg::buffer(o.dst)};
    plan.launches.push_back(std::move(launch));
}

std::string copyFamilyName(Precision precision) { return precision == Precision::F64 ? "dlayout_copy" : "layout_copy"; }

CopyShape copyShapeFromPoint(const Point& point) {
    int v[7] = {0, 0, 0, 0, 0, 0, 1}; // COPY_VW, last, came after the paper's six: absent means 1
    for (int i = 0; i < 7; ++i) {
        if (point.has(kCopyParamNames[i]))
            v[i] = int(point[kCopyParamNames[i]]);
        else if (i < 6)
            throw std::invalid_argument(std::string("copy point lacks ") + kCopyParamNames[i]);
    }
    CopyShape s{v[0], v[1], v[2], v[3], v[4], v[5], v[6]};
    if (auto why = s.invalidReason(); !why.empty()) throw std::invalid_argument(why);
    return s;
}

Point pointFromCopyShape(const CopyShape& s) {
    static const auto names =
        std::make_shared<const std::vector<std::string>>(std::begin(kCopyParamNames), std::end(kCopyParamNames));
    return Point(names, {s.mwg, s.nwg, s.mwi, s.nwi, s.mud, s.nud, s.vw});
}

CopyShape tunedCopyShape(Precision precision, const DeviceInfo& device) {
    const auto point = tunedPart(copyFamilyName(precision), device);
    if (!point) return {};
    try {
        return copyShapeFromPoint(*point);
    } catch (const std::invalid_argument&) {
        return {}; // a stored point of an older parameter set: the default shape is still correct
    }
}

} // namespace kt::kernels
