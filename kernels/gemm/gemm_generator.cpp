// Emits the A^T*B + C kernel for one parameter set. The structure follows Matsumoto et al.: a work-group owns an
// ml x nl block of C and walks k in steps of kl; a work-item owns ms x ns accumulators and consumes ks rows of
// its A and B slices per step. What varies with the parameters is emitted explicitly (block addressing per
// layout, local-memory tiles, vector loads, image reads); the fixed-trip inner loops carry KT_UNROLL, so
// the compilers (NVRTC, OpenCL) unroll them completely and keep the register arrays in registers.
#include "kernels/gemm/gemm_generator.hpp"

#include <algorithm>
#include <functional>
#include <sstream>
#include <stdexcept>

#include "kernels/common/dialect.hpp"
#include "kernels/gemm/gemm_mma.hpp"
#include "kernels/gemm/gemm_plan.hpp"
#include "kernels/gemm/tn_triangle_grid.hpp"

namespace kt::gemm {
namespace {

struct Names {
    std::string real; // float / double
    std::string vec;  // type of one load: real, float2, float4, double2
    std::string zero; // literal 0 of type real
};

Names namesFor(const GemmParams& p) {
    Names n;
    n.real = p.precision == Precision::F64 ? "double" : "float";
    n.vec = p.chunk() == 1 ? n.real : n.real + std::to_string(p.chunk());
    n.zero = p.precision == Precision::F64 ? "0.0" : "0.0f";
    return n;
}

const char* kComponent[4] = {"x", "y", "z", "w"};

class Writer {
public:
    void line(const std::string& text = {}) {
        if (!text.empty()) m_out << std::string(std::size_t(m_indent) * 4, ' ') << text;
        m_out << '\n';
    }
    void open(const std::string& text) { line(text.empty() ? "{" : text + " {"), ++m_indent; }
    void close(const std::string& tail = {}) { --m_indent, line("}" + tail); }
    std::string str() const { return m_out.str(); }

private:
    std::ostringstream m_out;
    int m_indent = 0;
};

// Per operand (A along m, B along n) the parts of the kernel that differ.
struct Operand {
    char name = 'A';   // 'A' / 'B'
    std::string wide;  // GEMM_ML / GEMM_NL
    std::string small; // GEMM_MS / GEMM_NS
    std::string wg;    // GEMM_WGM / GEMM_WGN (work-items along this dimension)
    std::string pos;   // tm / tn
    bool local = false;
    bool image = false;
    TileSource source; // where its tiles lie
    // Direct reads (GemmParams::direct): the tiles come from the caller's matrix `name` (rows `rows` of the wide
    // side, k of them along k, `ld` apart, from element `off`): k-rows, tile element (p, c) at [p * ld + c], or
    // k-major (TnVariant::aKMajor / bKMajor) at [c * ld + p], stored into the local tile transposed, its rows `pad`
    // elements longer (GemmParams::kMajorPad). exactFit: every tile inside, every load aligned (no tests).
    bool direct = false, kMajor = false, exactFit = false;
    int pad = 0;
    int loadChunk = 1;   // elements per global load of a tile: chunk(), kMajorChunk() for a k-major operand
    std::string loadVec; // their type
    std::string ld, off, rows;
};

// Element offset (a size_t expression) of operand o's tile at k-block `kb`: in its layout, or (direct reads) in the
// caller's matrix.
std::string operandOffset(const Operand& o, const std::string& kb) {
    if (!o.direct) return tileOffset(o.source, kb);
    const std::string c0 = "(size_t)" + o.source.blk + " * " + o.wide, k0 = "(size_t)" + kb + " * GEMM_KL";
    return "(size_t)" + o.off + " + " + (o.kMajor ? c0 + " * " + o.ld + " + " + k0 : k0 + " * " + o.ld + " + " + c0);
}

// The declaration of `var`, the start of operand o's tile at k-block `kb`: a pointer into the buffer, or (image
// reads) the element offset into the image, whose texels are the kernel's loads.
std::string tileStart(const Operand& o, const Names& n, const std::string& var, const std::string& kb = "kb") {
    const std::string offset = operandOffset(o, kb);
    if (o.image) return "const size_t " + var + " = " + offset + "; // element offset in image " + o.name;
    return "const KT_GLOBAL " + n.real + "* " + var + " = " + std::string(1, o.name) + " + " + offset + ";";
}

// One load of GEMM_CHUNK elements at element offset `offset` from the tile start `start` (see tileStart).
std::string globalLoad(const Operand& o, const Names& n, int chunk, const std::string& start,
                       const std::string& offset) {
    if (o.image)
        return "KT_READ_IMAGE(" + n.vec + ", " + o.name + ", (" + start + " + " + offset + ") / GEMM_CHUNK)";
    const std::string ptr = start + " + " + offset;
    return chunk == 1 ? "*(" + ptr + ")" : "*((const KT_GLOBAL " + n.vec + "*)(" + ptr + "))";
}

// How the shared tile of an operand moves: straight from global to local memory, or (prefetch) from global into
// registers one k-block ahead and from the registers into local memory.
enum class TileStep { Direct, ToRegisters, FromRegisters };

// How the work-group shares out operand o's kl x wide tile: `total` loads (of o.loadChunk elements with direct reads,
// chunk() otherwise), `rounds` of them per work-item, the last round partial (`ragged`) unless the work-group size
// divides them. The prefetch registers hold one load a round.
struct TileShare {
    std::int64_t total = 0, rounds = 0;
    bool ragged = false;
};
TileShare tileShare(const Operand& o, const GemmParams& p) {
    TileShare s;
    s.total = std::int64_t(p.kl) * (o.name == 'A' ? p.ml : p.nl) / (o.direct ? o.loadChunk : p.chunk());
    s.rounds = (s.total + p.wgSize() - 1) / p.wgSize();
    s.ragged = s.total % p.wgSize() != 0;
    return s;
}

// The loop over a work-item's rounds of the share: load idx = lid + r * GEMM_WG, none past the last; `indices` are
// the statements that turn idx into tile coordinates, `body` emits what is done with the load.
void emitShareLoop(Writer& w, const TileShare& s, const std::vector<std::string>& indices,
                   const std::function<void()>& body) {
    w.line("KT_UNROLL");
    w.open("for (int r = 0; r < " + std::to_string(s.rounds) + "; ++r)");
    w.line("const int idx = lid + r * GEMM_WG;");
    if (s.ragged) w.open("if (idx < " + std::to_string(s.total) + ")");
    for (const auto& index : indices) w.line(index);
    body();
    if (s.ragged) w.close();
    w.close();
}

// "the kl x ml tile of A" (nl, B), for the comments over its loads.
std::string tileName(const Operand& o) {
    return std::string("the kl x ") + (o.name == 'A' ? "ml" : "nl") + " tile of " + o.name;
}

// The comment over a prefetch step (ToRegisters, FromRegisters) of the tile `what`.
std::string prefetchComment(TileStep step, const std::string& what) {
    return step == TileStep::FromRegisters
               ? "// The prefetched share of " + what + " goes to local memory."
               : "// Prefetch: each work-item loads its share of " + what + " into registers.";
}

// Direct reads (GemmParams::direct): operand o's share of its kl x wide tile at k-block `kb` from the caller's matrix,
// whose tile starts at `src`. Loads of lc = o.loadChunk elements, along a tile row (k-rows: load idx is row
// idx / (wide / lc), columns lc (idx % (wide / lc)) + e) or along k (k-major: column idx / (kl / lc), k lc (idx %
// (kl / lc)) + e), so that consecutive work-items read consecutive addresses of one row of the matrix (k-major: a
// column's kl elements, whole 32-byte sectors, then the next column). A k-major load goes into the local tile
// transposed, one element at a time: consecutive work-items write the same tile rows at consecutive columns or, for
// the kl / lc loads of one column, rows lc apart, which the row pad (GemmParams::kMajorPad) puts in other banks.
// Whole-vector loads where the tile lies inside the matrix (`fullA`: the work-group's columns inside and ld, offset and
// pointer aligned, tested once; k inside, per tile; both uniform over the work-group), element loads zero-filled
// outside it otherwise; the exact-fit program has the vector loads alone.
void emitDirectTileLoad(Writer& w, const Operand& o, const Names& n, const GemmParams& p, TileStep step,
                        const std::string& src, const std::string& buffer, const std::string& kb) {
    const int lc = o.loadChunk, wide = o.name == 'A' ? p.ml : p.nl;
    const std::int64_t perLine = o.kMajor ? p.kl / lc : wide / lc; // loads per tile row (k-major: column)
    const TileShare share = tileShare(o, p);
    const std::string name(1, o.name), tile = "l" + name + buffer, regs = "p" + name, stride = "stride" + name;
    const std::string lcs = std::to_string(lc);
    // Offset of the load's first element from the tile start, and of its element e in the matrix (for the bounds).
    const std::string at = o.kMajor ? "col * " + stride + " + kc * " + lcs : "row * " + stride + " + col * " + lcs;
    auto gk = [&](int e) {
        return o.kMajor ? "k0 + kc * " + lcs + " + " + std::to_string(e) : std::string("k0 + row");
    };
    auto gc = [&](int e) {
        return o.source.blk + " * " + o.wide + " + " + (o.kMajor ? "col" : "col * " + lcs + " + " + std::to_string(e));
    };
    auto component = [&](const std::string& v, int e) { return lc == 1 ? v : v + "." + kComponent[e]; };
    // The value `v` (or regs[r]) into the local tile: a vector of a tile row, or transposed element by element.
    auto store = [&](const std::string& v) {
        if (!o.kMajor) {
            w.line(tile + "[row][col] = " + v + ";");
            return;
        }
        for (int e = 0; e < lc; ++e)
            w.line("((KT_LOCAL " + n.real + "*)" + tile + ")[(kc * " + lcs + " + " + std::to_string(e) +
                   ") * GEMM_LDL" + name + " + col] = " + component(v, e) + ";");
    };
    const std::string per = std::to_string(perLine);
    const std::string index = o.kMajor ? "const int col = idx / " + per + ", kc = idx % " + per + ";"
                                       : "const int row = idx / " + per + ", col = idx % " + per + ";";
    auto loop = [&](const std::function<void()>& body) { emitShareLoop(w, share, {index}, body); };
    const std::string what = tileName(o) + " (" + (o.kMajor ? "k-major, stored transposed" : "k-rows") + ", " +
                             std::to_string(share.total) + " loads of " + lcs + " element(s))";
    w.line(step == TileStep::Direct ? "// The work-group copies " + what + " into local memory from the matrix."
                                    : prefetchComment(step, what));
    if (step == TileStep::FromRegisters) {
        loop([&] { store(regs + "[r]"); });
        return;
    }
    auto sink = [&](const std::string& v) {
        if (step == TileStep::Direct && v != "v" && o.kMajor) { // a load: named, then stored element by element
            w.line("const " + o.loadVec + " v = " + v + ";");
            store("v");
        } else if (step == TileStep::Direct)
            store(v);
        else
            w.line(regs + "[r] = " + v + ";");
    };
    const std::string vectorLoad =
        lc == 1 ? "*(" + src + " + " + at + ")" : "*((const KT_GLOBAL " + o.loadVec + "*)(" + src + " + " + at + "))";
    auto fast = [&] { loop([&] { sink(vectorLoad); }); };
    if (o.exactFit) {
        fast();
        return;
    }
    w.open("");
    w.line("const int k0 = " + kb + " * GEMM_KL;");
    w.open("if (full" + name + " && k0 + GEMM_KL <= kA)");
    fast();
    w.close();
    w.open("else");
    loop([&] {
        w.line(o.loadVec + " v;");
        for (int e = 0; e < lc; ++e)
            w.line(component("v", e) + " = " + gk(e) + " < kA && " + gc(e) + " < " + o.rows + " ? " + src + "[" + at +
                   " + " + std::to_string(e) + "] : " + n.zero + ";");
        sink("v");
    });
    w.close();
    w.close();
}

// `buffer` indexes the double-buffered tiles ("" when there is one buffer); `kb` is the tile's k-block (direct reads
// test it against k).
void emitTileLoad(Writer& w, const Operand& o, const Names& n, const GemmParams& p, TileStep step,
                  const std::string& base = {}, const std::string& buffer = {}, const std::string& kb = "kb") {
    const std::string src = base.empty() ? std::string(o.name == 'A' ? "Ablk" : "Bblk") : base;
    if (o.direct) {
        emitDirectTileLoad(w, o, n, p, step, src, buffer, kb);
        return;
    }
    const int chunk = p.chunk();
    const TileShare share = tileShare(o, p);
    const std::string perRow = o.wide + " / GEMM_CHUNK";
    const std::string tile = std::string("l") + o.name + buffer, regs = std::string("p") + o.name;
    const std::string what = tileName(o);
    if (step == TileStep::Direct)
        w.line("// The work-group copies " + what + " into local memory, " + std::to_string(share.total) +
               " loads of " + std::to_string(chunk) + " element(s)" +
               (share.ragged ? " (the last round is partial)." : "."));
    else
        w.line(prefetchComment(step, what));
    const std::string load =
        globalLoad(o, n, chunk, src, "row * stride" + std::string(1, o.name) + " + col * GEMM_CHUNK");
    const std::vector<std::string> indices = {"const int row = idx / (" + perRow + ");",
                                              "const int col = idx % (" + perRow + ");"};
    emitShareLoop(w, share, indices, [&] {
        if (step == TileStep::Direct)
            w.line(tile + "[row][col] = " + load + ";");
        else if (step == TileStep::ToRegisters)
            w.line(regs + "[r] = " + load + ";");
        else
            w.line(tile + "[row][col] = " + regs + "[r];");
    });
}

// The tiles held in registers (the next k-block's) into local memory, buffer `buffer` ("[cur ^ 1]"; empty with one
// buffer), when there is a next k-block (`guarded`; the guard-free loop of prefetch 4 always has one).
void emitNextTilesToLocal(Writer& w, const Operand& a, const Operand& b, const Names& n, const GemmParams& p,
                          const std::string& buffer, bool guarded = true) {
    if (guarded) w.open("if (kb + 1 < kbEnd)");
    if (p.localA) emitTileLoad(w, a, n, p, TileStep::FromRegisters, {}, buffer);
    if (p.localB) emitTileLoad(w, b, n, p, TileStep::FromRegisters, {}, buffer);
    if (guarded) w.close();
}

// The distance (elements, a size_t expression) from one k-block's tile of an operand to the next one's: tileOffset's
// term in kb (ROW and RBL: kl rows of `cols`; CBL: kl rows of the stored block width).
std::string tileStepExpr(const Operand& o) {
    if (o.direct) return o.kMajor ? std::string("(size_t)GEMM_KL") : "(size_t)GEMM_KL * " + o.ld;
    const TileSource& s = o.source;
    return "(size_t)GEMM_KL * " + (s.layout == Layout::Cbl ? s.storedWide : s.cols);
}

// The running start of operand o's tile that the guard-free loop of prefetch 4 loads next ("Afetch"): a pointer,
// or the element offset into the image.
std::string fetchStart(const Operand& o, const Names& n, const std::string& kb) {
    const std::string var = std::string(1, o.name) + "fetch", offset = operandOffset(o, kb);
    if (o.image) return "size_t " + var + " = " + offset + "; // element offset in image " + o.name;
    return "const KT_GLOBAL " + n.real + "* " + var + " = " + std::string(1, o.name) + " + " + offset + ";";
}

// Prefetch: the shared tiles of k-block kb + ahead into registers (when there is one). Unguarded (prefetch 4's
// steady loop, where there always is one): from the running starts Afetch / Bfetch, which then advance by one
// k-block, instead of an address computed from kb.
void emitNextTilesToRegisters(Writer& w, const Operand& a, const Operand& b, const Names& n, const GemmParams& p,
                              int ahead = 1, bool guarded = true) {
    const std::string kbNext = "(kb + " + std::to_string(ahead) + ")";
    if (guarded) w.open("if (kb + " + std::to_string(ahead) + " < kbEnd)");
    for (const Operand* o : {&a, &b}) {
        if (!(o->name == 'A' ? p.localA : p.localB)) continue;
        const std::string name(1, o->name);
        if (guarded) {
            w.line(tileStart(*o, n, name + "next", kbNext));
            emitTileLoad(w, *o, n, p, TileStep::ToRegisters, name + "next", {}, kbNext);
        } else {
            emitTileLoad(w, *o, n, p, TileStep::ToRegisters, name + "fetch", {}, kbNext);
            w.line(name + "fetch += " + tileStepExpr(*o) + ";");
        }
    }
    if (guarded) w.close();
}

// The work-item's values of one k row of operand o into register array slot `slot` ("kk": the KS-step arrays, or
// a fragment slot): row `row` of the local tile (`buffer` picks one of two) or of the global tile.
void emitRegisterLoad(Writer& w, const Operand& o, const Names& n, const GemmParams& p, const std::string& buffer,
                      const std::string& row = "pk + kk", const std::string& slot = "kk") {
    const int chunk = p.chunk();
    const char lower = o.name == 'A' ? 'a' : 'b';
    w.line(std::string("// ") + o.name + ": " + (o.name == 'A' ? "ms" : "ns") + " values of row " + row +
           ": groups of vw consecutive elements, " + (o.name == 'A' ? "ml/ms" : "nl/ns") + " groups apart (" +
           (o.local   ? "from local memory"
            : o.image ? "from image " + std::string(1, o.name)
                      : std::string("from global memory")) +
           ").");
    w.line("KT_UNROLL");
    w.open("for (int g = 0; g < " + o.small + " / GEMM_VW; ++g)");
    w.line("KT_UNROLL");
    w.open("for (int q = 0; q < GEMM_VW / GEMM_CHUNK; ++q)");
    const std::string colExpr = "(g * " + o.wg + " + " + o.pos + ") * GEMM_VW + q * GEMM_CHUNK";
    if (o.local)
        w.line("const " + n.vec + " v = l" + o.name + buffer + "[" + row + "][((g * " + o.wg + " + " + o.pos +
               ") * GEMM_VW) / GEMM_CHUNK + q];");
    else
        w.line("const " + n.vec + " v = " +
               globalLoad(o, n, chunk, o.name == 'A' ? "Ablk" : "Bblk",
                          "(" + row + ") * stride" + std::string(1, o.name) + " + " + colExpr) +
               ";");
    if (chunk == 1) {
        w.line(std::string(1, lower) + "[" + slot + "][g * GEMM_VW + q] = v;");
    } else {
        for (int c = 0; c < chunk; ++c)
            w.line(std::string(1, lower) + "[" + slot + "][g * GEMM_VW + q * GEMM_CHUNK + " + std::to_string(c) +
                   "] = v." + kComponent[c] + ";");
    }
    w.close();
    w.close();
}

// The FMAs of one k-step: acc += a[slot] b[slot]^T, m outside (order 0) or n outside with m serpentine (order 1:
// consecutive FMAs share a or, where the direction turns, b; CUTLASS's SIMT order).
void emitFmas(Writer& w, const GemmParams& p, const std::string& slot) {
    const std::string fma = "acc[i][j] = kt_fma(a[" + slot + "][i], b[" + slot + "][j], acc[i][j]);";
    w.line("KT_UNROLL");
    if (p.order == 0) {
        w.line("for (int i = 0; i < GEMM_MS; ++i)");
        w.line("    KT_UNROLL");
        w.line("    for (int j = 0; j < GEMM_NS; ++j) " + fma);
        return;
    }
    w.open("for (int j = 0; j < GEMM_NS; ++j)");
    w.line("KT_UNROLL");
    w.open("for (int ii = 0; ii < GEMM_MS; ++ii)");
    w.line("const int i = (j & 1) ? GEMM_MS - 1 - ii : ii;");
    w.line(fma);
    w.close();
    w.close();
}

} // namespace

bool tnOneCopyPossible(const GemmParams& p) {
    const int wider = std::max(p.ml, p.nl), narrower = std::min(p.ml, p.nl);
    return !p.direct && !p.imageA && !p.imageB && p.layoutA == p.layoutB && wider != narrower && wider % narrower == 0;
}

TileSource tileSource(const GemmParams& p, const TnVariant& v, char operand) {
    const bool a = operand == 'A';
    TileSource s;
    s.layout = a ? p.layoutA : p.layoutB;
    s.wide = a ? "GEMM_ML" : "GEMM_NL";
    s.blk = a ? "bm" : "bn";
    // With one copy the narrower operand lies in the wider one's blocks (and padding).
    const bool inOther = v.oneCopy && (a ? p.nl > p.ml : p.ml > p.nl);
    s.storedWide = inOther == a ? "GEMM_NL" : "GEMM_ML";
    s.cols = inOther == a ? "N" : "M";
    return s;
}

std::string tileOffset(const TileSource& s, const std::string& kb) {
    const std::string& w = s.storedWide;
    if (s.layout == Layout::Row) // independent of the blocks
        return "(size_t)" + kb + " * GEMM_KL * " + s.cols + " + (size_t)" + s.blk + " * " + s.wide;
    if (w == s.wide) {
        if (s.layout == Layout::Cbl) // one K x wide column block after the other
            return "(size_t)" + s.blk + " * K * " + w + " + (size_t)" + kb + " * GEMM_KL * " + w;
        // RBL: one kl x cols row block after the other, kl x wide sub-blocks inside
        return "(size_t)" + kb + " * GEMM_KL * " + s.cols + " + (size_t)" + s.blk + " * GEMM_KL * " + w;
    }
    // A part of a wider stored block: the block holding the tile's first column, then the column inside it.
    const std::string c0 = "(" + s.blk + " * " + s.wide + ")";
    const std::string inside = " + " + c0 + " % " + w;
    if (s.layout == Layout::Cbl)
        return "(size_t)(" + c0 + " / " + w + ") * K * " + w + " + (size_t)" + kb + " * GEMM_KL * " + w + inside;
    return "(size_t)" + kb + " * GEMM_KL * " + s.cols + " + (size_t)(" + c0 + " / " + w + ") * GEMM_KL * " + w + inside;
}

std::string tileStride(const TileSource& s) { return s.layout == Layout::Row ? s.cols : s.storedWide; }

std::vector<std::string> tnVariantPrologue(const TnVariant& variant, bool groupsInsideTriangle) {
    // BLAS3 (paper 002): a triangular operand's zero blocks are skipped by starting (or ending) the k loop at the
    // diagonal; the triangle of C that SYRK must not touch is left by whole work-groups.
    using R = TnKRange;
    const R kr = variant.kRange;
    std::vector<std::string> out;
    out.push_back(kr == R::FromRowBlock   ? "const int kbBegin = bm * GEMM_ML / GEMM_KL; // op(A) upper: zeros before"
                  : kr == R::FromColBlock ? "const int kbBegin = bn * GEMM_NL / GEMM_KL; // zeros before the diagonal"
                                          : "const int kbBegin = 0;");
    if (kr == R::ToRowBlock || kr == R::ToColBlock) {
        out.push_back(kr == R::ToRowBlock ? "const int kbLast = (bm * GEMM_ML + GEMM_ML + GEMM_KL - 1) / GEMM_KL;"
                                          : "const int kbLast = (bn * GEMM_NL + GEMM_NL + GEMM_KL - 1) / GEMM_KL;");
        out.push_back("const int kbEnd = kbLast < K / GEMM_KL ? kbLast : K / GEMM_KL; // zeros after the diagonal");
    } else {
        out.push_back("const int kbEnd = K / GEMM_KL;");
    }
    if (groupsInsideTriangle) return out; // the folded grid launches no group outside (tn_triangle_grid.hpp)
    if (variant.triangle == TnTriangle::Lower)
        out.push_back("if (bn * GEMM_NL > bm * GEMM_ML + GEMM_ML - 1) return; // wholly above the diagonal");
    if (variant.triangle == TnTriangle::Upper)
        out.push_back("if (bm * GEMM_ML > bn * GEMM_NL + GEMM_NL - 1) return; // wholly below the diagonal");
    return out;
}

std::vector<std::string> tnGroupMapping(const TnVariant& variant) {
    using R = TnKRange;
    switch (variant.kRange) {
    case R::All:
    case R::FromRowBlock: // the heaviest block rows come first already
        return {"const int bn = (int)get_group_id(0);", "const int bm = (int)get_group_id(1);"};
    case R::ToRowBlock:
        return {"const int bn = (int)get_group_id(0);",
                "const int bm = M / GEMM_ML - 1 - (int)get_group_id(1); // heaviest block rows (longest k) first"};
    case R::FromColBlock:
    case R::ToColBlock: {
        // Groups in column order, so that whole block columns of one k length run together, the longest first.
        std::vector<std::string> out = {
            "const int lin = (int)get_group_id(1) * (int)get_num_groups(0) + (int)get_group_id(0);",
            "const int bm = lin % (M / GEMM_ML);"};
        out.push_back(variant.kRange == R::FromColBlock
                          ? "const int bn = lin / (M / GEMM_ML); // heaviest block columns (longest k) first"
                          : "const int bn = N / GEMM_NL - 1 - lin / (M / GEMM_ML); // heaviest block columns first");
        return out;
    }
    }
    return {};
}

std::string tnVariantStoreCondition(const TnVariant& variant) {
    return variant.triangle == TnTriangle::Lower   ? "gi < mC && gj < nC && gi >= gj"
           : variant.triangle == TnTriangle::Upper ? "gi < mC && gj < nC && gi <= gj"
                                                   : "gi < mC && gj < nC";
}

namespace {
// The store of the accumulators and the end of the kernel.
void emitStore(Writer& w, const TnVariant& variant, const Names& n) {
    w.line();
    w.line("// Store: row i of the block is element i % vw of vector group i / vw; rows/columns beyond mC/nC are "
           "padding.");
    w.line("KT_UNROLL");
    w.open("for (int i = 0; i < GEMM_MS; ++i)");
    w.line("const int gi = bm * GEMM_ML + ((i / GEMM_VW) * GEMM_WGM + tm) * GEMM_VW + i % GEMM_VW;");
    w.line("KT_UNROLL");
    w.open("for (int j = 0; j < GEMM_NS; ++j)");
    w.line("const int gj = bn * GEMM_NL + ((j / GEMM_VW) * GEMM_WGN + tn) * GEMM_VW + j % GEMM_VW;");
    w.open("if (" + tnVariantStoreCondition(variant) + ")");
    // offC is added here, not to C at the start: a pointer changed up front stays in two registers through the
    // main loop (kernel parameters otherwise stay in the constant bank), which cost the register-heavy SGEMM
    // kernels 6% on an H100 (H100 2026-11-23 run A).
    w.line("const size_t o = (size_t)offC + (size_t)gi * ldc + gj;");
    w.line("C[o] = beta == " + n.zero + " ? alpha * acc[i][j] : alpha * acc[i][j] + beta * C[o];");
    w.close();
    w.close();
    w.close();
    w.close();
}
} // namespace

std::string generateTnKernel(const GemmParams& p, const TnVariant& variant) {
    if (!variant.isDefault() && p.ksplit != 1)
        throw std::invalid_argument("the triangular and k-range kernels of the BLAS3 routines need ksplit 1");
    if (auto why = p.invalidReason(); !why.empty()) throw std::invalid_argument("GEMM generator: " + why);
    if (p.mma) return generateMmaKernel(p, variant);
    if (!p.direct && (variant.aKMajor || variant.bKMajor || variant.exactFit))
        throw std::invalid_argument(
            "k-major operand reads and the exact-fit program need direct reads (GEMM_DIRECT 1)");
    const Names n = namesFor(p);
    if (variant.oneCopy && !tnOneCopyPossible(p))
        throw std::invalid_argument("one copy for both TN operands needs one layout, no images and ml, nl of which "
                                    "one divides the other (" +
                                    p.describe() + ")");
    Operand a, b;
    for (Operand* o : {&a, &b}) {
        const bool isA = o == &a;
        o->name = isA ? 'A' : 'B', o->wide = isA ? "GEMM_ML" : "GEMM_NL", o->small = isA ? "GEMM_MS" : "GEMM_NS";
        o->wg = isA ? "GEMM_WGM" : "GEMM_WGN", o->pos = isA ? "tm" : "tn";
        o->local = isA ? p.localA : p.localB, o->image = isA ? p.imageA : p.imageB;
        o->source = tileSource(p, variant, o->name);
        if (p.direct) {
            o->direct = true, o->kMajor = isA ? variant.aKMajor : variant.bKMajor, o->exactFit = variant.exactFit;
            o->pad = o->kMajor ? p.kMajorPad(isA ? p.ml : p.nl) : 0;
            o->loadChunk = o->kMajor ? p.kMajorChunk() : p.chunk();
            o->loadVec = o->loadChunk == 1 ? n.real : n.real + std::to_string(o->loadChunk);
            o->ld = isA ? "lda" : "ldb", o->off = isA ? "offA" : "offB", o->rows = isA ? "mC" : "nC";
        }
    }
    Writer w;
    w.line("// A^T * B + C (\"TN\") GEMM kernel, generated by KernelTune's Matsumoto-style generator.");
    w.line("// " + p.describe());
    if (p.direct) {
        w.line("// Direct reads: A(p, i) = A[offA + " + std::string(a.kMajor ? "i * lda + p" : "p * lda + i") +
               "], B(p, j) = B[offB + " + (b.kMajor ? "j * ldb + p" : "p * ldb + j") + "], zero outside kA x mC and");
        w.line(std::string("// kA x nC") +
               (variant.exactFit ? " (exact fit: every tile inside, every load aligned)" : "") +
               "; M, N, K (multiples of ml, nl, kl * ksplit) size the launch and the k loop.");
    } else {
        w.line("// A is K x M (" + toString(p.layoutA) + "), B is K x N (" + toString(p.layoutB) +
               "); M, N, K are multiples of ml, nl, kl * ksplit.");
    }
    w.line("// C is row-major with stride ldc; only C[0:mC, 0:nC] is written. beta == 0 never reads C.");
    w.line("// Work-group: (nl/ns) x (ml/ms) work-items, dimension 0 along n; each owns an ms x ns block of C whose");
    w.line("// rows (columns) come in groups of vw consecutive ones strided by the work-group height (width).");
    w.line();
    auto def = [&](const std::string& name, const std::string& value) { w.line("#define " + name + " " + value); };
    def("GEMM_ML", std::to_string(p.ml));
    def("GEMM_NL", std::to_string(p.nl));
    def("GEMM_KL", std::to_string(p.kl));
    def("GEMM_MS", std::to_string(p.ms));
    def("GEMM_NS", std::to_string(p.ns));
    def("GEMM_KS", std::to_string(p.ks));
    def("GEMM_VW", std::to_string(p.vw));
    def("GEMM_KSPLIT", std::to_string(p.ksplit) + " // work-groups sharing one block of C along k (split-K)");
    def("GEMM_CHUNK", std::to_string(p.chunk()) + " // elements per load instruction (at most 16 bytes)");
    def("GEMM_WGM", "(GEMM_ML / GEMM_MS)");
    def("GEMM_WGN", "(GEMM_NL / GEMM_NS)");
    def("GEMM_WG", "(GEMM_WGM * GEMM_WGN)");
    if (p.direct) {
        def("GEMM_LDLA", "(GEMM_ML + " + std::to_string(a.pad) + ") // elements per row of the local A tile");
        def("GEMM_LDLB", "(GEMM_NL + " + std::to_string(b.pad) + ")");
    }
    if (p.warpM) {
        def("GEMM_WARP_M", std::to_string(p.warpM) + " // work-items along m in one warp's patch");
        def("GEMM_WARP_N", "(32 / GEMM_WARP_M)");
    }
    w.line();
    w.line("// The compilers learn the work-group size: register allocation for it (CUDA), a fixed size (OpenCL).");
    if (p.maxRegs) {
        // NVRTC ignores --maxrregcount for kernels with launch bounds; the bounds' second argument (work-groups
        // that must fit one SM of 64 K registers) caps the registers instead. NVIDIA OpenCL gets the cap as an option.
        def("GEMM_MAXREGS", std::to_string(p.maxRegs) + " // registers per work-item at most");
        def("GEMM_MIN_WG_PER_SM", "(65536 / (GEMM_MAXREGS * GEMM_WG) > 0 ? 65536 / (GEMM_MAXREGS * GEMM_WG) : 1)");
    }
    w.line("#if defined(KT_CUDA)");
    w.line(p.maxRegs ? "#define GEMM_BOUNDS __launch_bounds__(GEMM_WG, GEMM_MIN_WG_PER_SM)"
                     : "#define GEMM_BOUNDS __launch_bounds__(GEMM_WG)");
    w.line("#else");
    w.line("#define GEMM_BOUNDS __attribute__((reqd_work_group_size(GEMM_WGN, GEMM_WGM, 1)))");
    w.line("#endif");
    w.line();
    w.line("KT_KERNEL GEMM_BOUNDS void " + std::string(kTnKernelName) + "(const int M, const int N, const int K, const " + n.real +
           " alpha, const " + n.real + " beta,");
    // Image operands: texels are the loads (GEMM_CHUNK elements); OpenCL reads an image1d_buffer_t, CUDA __ldg.
    auto operandParam = [&](const Operand& o) {
        const std::string name(1, o.name);
        if (o.image) return "KT_IMAGE1D(" + n.vec + ", " + name + ")";
        return "const KT_GLOBAL " + n.real + "* KT_RESTRICT " + name;
    };
    w.line("                     " + operandParam(a) + ", " + operandParam(b) + ",");
    w.line("                     KT_GLOBAL " + n.real + "* KT_RESTRICT C, const int offC, const int ldc, const int mC,");
    w.line(p.direct ? "                     const int nC, const int kA, const int lda, const int offA, const int ldb,"
                    : "                     const int nC)");
    if (p.direct) w.line("                     const int offB)");
    w.open("");
    if (p.warpM) {
        // Warp patches: work-items lid = 32 w + l (w the warp) form a warpM x (32 / warpM) patch of the work-group,
        // so the work-items of a warp read warpM (A) and 32 / warpM (B) distinct local-memory vectors per load.
        w.line("const int lid = (int)get_local_id(1) * GEMM_WGN + (int)get_local_id(0);");
        w.line("const int tm = (lid / 32) / (GEMM_WGN / GEMM_WARP_N) * GEMM_WARP_M + (lid % 32) / GEMM_WARP_N;");
        w.line("const int tn = (lid / 32) % (GEMM_WGN / GEMM_WARP_N) * GEMM_WARP_N + lid % GEMM_WARP_N;");
    } else {
        w.line("const int tn = (int)get_local_id(0);");
        w.line("const int tm = (int)get_local_id(1);");
    }
    const bool folded = usesFoldedTriangleGrid(p, variant);
    if (folded) {
        for (const auto& line : foldedTriangleMapping(variant.triangle)) w.line(line);
    } else {
        for (const auto& line : tnGroupMapping(variant)) w.line(line);
    }
    if (p.ksplit > 1) {
        w.line("// Split-K: work-group z of the third dimension sums k-blocks [kbBegin, kbEnd) into slice z of C, a");
        w.line("// workspace of GEMM_KSPLIT mC x ldc slices that the reduction kernel adds up.");
        w.line("const int kbBegin = (int)get_group_id(2) * (K / GEMM_KL / GEMM_KSPLIT);");
        w.line("const int kbEnd = kbBegin + K / GEMM_KL / GEMM_KSPLIT;");
        w.line("C += (size_t)get_group_id(2) * mC * ldc;");
    } else {
        for (const auto& line : tnVariantPrologue(variant, folded)) w.line(line);
    }
    if ((p.localA || p.localB) && !p.warpM) w.line("const int lid = tm * GEMM_WGN + tn;");
    if (p.direct && !variant.exactFit) {
        w.line("// Direct reads: whole-vector loads of a tile need the work-group's columns inside the matrix and ld, "
               "offset and");
        w.line("// pointer aligned to the load (tested once); k inside the matrix is tested per tile.");
        for (const Operand* o : {&a, &b}) {
            const std::string name(1, o->name), lc = std::to_string(o->loadChunk);
            std::string full = o->source.blk + " * " + o->wide + " + " + o->wide + " <= " + o->rows;
            if (o->loadChunk > 1)
                full += " && ((" + o->ld + " | " + o->off + ") & " + std::to_string(o->loadChunk - 1) +
                        ") == 0 && ((size_t)" + name + " & " + std::to_string(o->loadChunk * p.realBytes() - 1) +
                        ") == 0";
            w.line("const bool full" + name + " = " + full + ";");
        }
    }
    const bool twoBuffers = p.localBuffers() == 2;
    // Prefetch 3: the next tile goes to the other buffer at the start of a k-block, from registers loaded one
    // k-block earlier, and the tile after it is loaded right away. With prefetch 2 the next tile is loaded and
    // stored in the same k-block, under the same condition, and ptxas (CUDA 13, sm_90, DGEMM at 232 registers)
    // sinks those global loads to the stores at the block's end: every k-block waits for a global load.
    const bool storeAtStart = p.prefetch >= 3 && p.prefetch <= 5;
    // Prefetch 4: prefetch 3's schedule with the k-blocks that have two more after them in a loop without the guards
    // of the two tile moves (CUTLASS's mainloop has none) and the last two peeled into a second loop.
    // Prefetch 5: as 4, the guard-free loop over pairs of k-blocks, so the buffer index is a constant in each.
    // Prefetch 6: the one-buffer fragment schedule (prefetch 1, frags 1) peeled as 4.
    const bool peeled = p.prefetch >= 4;
    // Fragments over one tile buffer (prefetch 1, frags 1): the tile is stored between two barriers before the last
    // k-step's FMAs, whose fragments are already in registers; the next block's first fragments are read under them.
    const bool oneBufferFrags = p.frags && !twoBuffers;
    const std::string buffers = twoBuffers ? "[2]" : "";
    if (p.direct) { // k-major tiles: rows padded (GEMM_LDLA, GEMM_LDLB) against the transposed stores' bank conflicts
        w.line("KT_LOCAL " + n.vec + " lA" + buffers + "[GEMM_KL][GEMM_LDLA / GEMM_CHUNK];");
        w.line("KT_LOCAL " + n.vec + " lB" + buffers + "[GEMM_KL][GEMM_LDLB / GEMM_CHUNK];");
    } else {
        if (p.localA) w.line("KT_LOCAL " + n.vec + " lA" + buffers + "[GEMM_KL][GEMM_ML / GEMM_CHUNK];");
        if (p.localB) w.line("KT_LOCAL " + n.vec + " lB" + buffers + "[GEMM_KL][GEMM_NL / GEMM_CHUNK];");
    }
    for (const Operand* o : {&a, &b}) {
        const std::string decl =
            std::string("const int stride") + o->name + " = " + (o->direct ? o->ld : tileStride(o->source)) + ";";
        if (o->direct)
            w.line(decl + (o->kMajor ? " // k-major: the tile's columns are ld apart" : " // k-rows: its rows"));
        else if (o->source.layout == Layout::Row)
            w.line(decl);
        else if (o->source.storedWide == o->wide)
            w.line(decl + " // " + toString(o->source.layout) + ": rows of a tile are " +
                   (o->name == 'A' ? "ml" : "nl") + " apart");
        else
            w.line(decl + " // " + toString(o->source.layout) + ", one copy for both operands: in the wider blocks");
    }
    w.line();
    if (p.prefetch) {
        const std::string typeA = a.direct ? a.loadVec : n.vec, typeB = b.direct ? b.loadVec : n.vec;
        if (p.localA)
            w.line(typeA + " pA[" + std::to_string(tileShare(a, p).rounds) + "]; // prefetched share of the next A tile");
        if (p.localB)
            w.line(typeB + " pB[" + std::to_string(tileShare(b, p).rounds) + "]; // prefetched share of the next B tile");
        w.open("");
        w.line("const int kb = kbBegin;");
        if (p.localA) {
            w.line(tileStart(a, n, "Ablk"));
            emitTileLoad(w, a, n, p, TileStep::ToRegisters);
        }
        if (p.localB) {
            w.line(tileStart(b, n, "Bblk"));
            emitTileLoad(w, b, n, p, TileStep::ToRegisters);
        }
        w.close();
        if (twoBuffers || oneBufferFrags) {
            const std::string first = twoBuffers ? "[0]" : "";
            if (p.localA) emitTileLoad(w, a, n, p, TileStep::FromRegisters, {}, first);
            if (p.localB) emitTileLoad(w, b, n, p, TileStep::FromRegisters, {}, first);
            if (storeAtStart || oneBufferFrags) { // the registers now take the second k-block
                w.open("");
                w.line("const int kb = kbBegin;");
                emitNextTilesToRegisters(w, a, b, n, p);
                w.close();
            }
            w.line("KT_BARRIER();");
        }
    }
    if (p.frags) {
        w.line("// Double-buffered fragments: slot s % 2 holds k-step s's values; step 0 of the first k-block now.");
        w.line(n.real + " a[2][GEMM_MS];");
        w.line(n.real + " b[2][GEMM_NS];");
        w.open("");
        emitRegisterLoad(w, a, n, p, twoBuffers ? "[0]" : "", "0", "0");
        emitRegisterLoad(w, b, n, p, twoBuffers ? "[0]" : "", "0", "0");
        w.close();
    }
    w.line(n.real + " acc[GEMM_MS][GEMM_NS];");
    w.line("KT_UNROLL");
    w.line("for (int i = 0; i < GEMM_MS; ++i)");
    w.line("    KT_UNROLL");
    w.line("    for (int j = 0; j < GEMM_NS; ++j) acc[i][j] = " + n.zero + ";");
    w.line();
    // One k-block. `guarded`: the tile moves are conditional on a next k-block (kb + 1, kb + 2 < kbEnd); prefetch 4
    // runs the k-blocks that have two more after them without the guards (`steady`) and the last two with them, where
    // no tile is loaded any more (`tail`).
    // `cur`: the buffer holding this k-block, a constant in prefetch 5's k-block pairs.
    auto kBlock = [&](bool guarded, bool tail, const std::string& cur = "(kb - kbBegin) & 1") {
        // Prefetched tiles are addressed one block ahead; the others are read at this k-block.
        if (!(p.prefetch && p.localA)) w.line(tileStart(a, n, "Ablk"));
        if (!(p.prefetch && p.localB)) w.line(tileStart(b, n, "Bblk"));
        if (twoBuffers) {
            // Buffer kb % 2 holds this k-block (stored before the barrier that ended the previous one); the next
            // k-block goes to the other buffer after the compute (prefetch 3 and 4: before it), so one barrier per
            // k-block suffices.
            w.line("const int cur = " + cur + ";");
            if (storeAtStart) {
                // Buffer cur ^ 1 was last read in the previous k-block, before its barrier.
                emitNextTilesToLocal(w, a, b, n, p, "[cur ^ 1]", guarded);
                if (!tail) {
                    w.line("// The loads of the k-block after the next are consumed at the next k-block's start.");
                    emitNextTilesToRegisters(w, a, b, n, p, 2, guarded);
                }
            } else {
                emitNextTilesToRegisters(w, a, b, n, p);
            }
        } else if (oneBufferFrags) {
            // The tile of this k-block was stored at the previous block's last step (or before the loop).
        } else if (p.prefetch) {
            if (p.localA) emitTileLoad(w, a, n, p, TileStep::FromRegisters);
            if (p.localB) emitTileLoad(w, b, n, p, TileStep::FromRegisters);
            w.line("KT_BARRIER();");
            w.line("// The next k-block's global loads are in flight while this block is computed.");
            emitNextTilesToRegisters(w, a, b, n, p);
        } else {
            if (p.localA) emitTileLoad(w, a, n, p, TileStep::Direct);
            if (p.localB) emitTileLoad(w, b, n, p, TileStep::Direct);
            if (p.localA || p.localB) w.line("KT_BARRIER();");
        }
        w.line();
        if (p.frags) {
            // CUTLASS's order: before the last k-step's FMAs the next tiles go to the other buffer and the barrier is
            // passed, so step 0 of the next k-block is read while the last step's FMAs issue (one buffer: the tiles go
            // to it between two barriers there).
            w.line("KT_UNROLL");
            w.open("for (int pk = 0; pk < GEMM_KL; ++pk)");
            w.open("if (pk == GEMM_KL - 1)");
            if (oneBufferFrags) {
                // Step KL - 1's fragments were read at step KL - 2 (kl is even), so after this barrier no work-item
                // reads this block's tile any more.
                w.line("KT_BARRIER(); // every work-item has read its last fragments of this tile");
                emitNextTilesToLocal(w, a, b, n, p, "", guarded);
                w.line("KT_BARRIER(); // the next tile is complete");
                if (!tail) {
                    w.line("// The registers are free again: the k-block after the next, consumed at the next block's "
                           "last step.");
                    emitNextTilesToRegisters(w, a, b, n, p, 2, guarded);
                }
            } else {
                if (!storeAtStart) // prefetch 2: the next tile goes to the other buffer now
                    emitNextTilesToLocal(w, a, b, n, p, "[cur ^ 1]");
                w.line("KT_BARRIER(); // the other buffer is complete; this one is overwritten in the next k-block");
            }
            w.close();
            w.line("const int next = (pk + 1) % GEMM_KL; // the next k-step, in this or (last step) the next k-block");
            const std::string nextBuffer = twoBuffers ? "[pk == GEMM_KL - 1 ? cur ^ 1 : cur]" : "";
            emitRegisterLoad(w, a, n, p, nextBuffer, "next", "(pk + 1) % 2");
            emitRegisterLoad(w, b, n, p, nextBuffer, "next", "(pk + 1) % 2");
            emitFmas(w, p, "pk % 2");
            w.close();
            return;
        }
        const std::string buffer = twoBuffers ? "[cur]" : "";
        if (p.kl / p.ks <= 16) w.line("KT_UNROLL");
        w.open("for (int pk = 0; pk < GEMM_KL; pk += GEMM_KS)");
        w.line(n.real + " a[GEMM_KS][GEMM_MS];");
        w.line(n.real + " b[GEMM_KS][GEMM_NS];");
        w.line("KT_UNROLL");
        w.open("for (int kk = 0; kk < GEMM_KS; ++kk)");
        emitRegisterLoad(w, a, n, p, buffer);
        emitRegisterLoad(w, b, n, p, buffer);
        w.close();
        w.line("KT_UNROLL");
        w.open("for (int kk = 0; kk < GEMM_KS; ++kk)");
        emitFmas(w, p, "kk");
        w.close();
        w.close();
        if (twoBuffers) {
            if (!storeAtStart) emitNextTilesToLocal(w, a, b, n, p, "[cur ^ 1]");
            w.line("KT_BARRIER(); // the other buffer is complete; this one is overwritten in the next k-block");
        } else if (p.localA || p.localB) {
            w.line("KT_BARRIER(); // the tiles are overwritten in the next k-block");
        }
    };
    if (peeled) {
        // The tiles of k-block kb + 2 are read from running starts (one add per k-block instead of the address
        // arithmetic from kb); where kbBegin + 2 lies past the part, the steady loop does not run and they are unused.
        if (p.localA) w.line(fetchStart(a, n, "(kbBegin + 2)"));
        if (p.localB) w.line(fetchStart(b, n, "(kbBegin + 2)"));
        w.line("int kb = kbBegin;");
        if (p.prefetch == 5) {
            // Two k-blocks per trip, buffers 0 and 1 named as constants: every shared address is one base plus an
            // immediate (twice the loop's code).
            w.line("// Steady k-blocks in pairs (buffer 0, then 1): two more follow each, so the tile moves need no "
                   "guards.");
            w.open("for (; kb < kbEnd - 3; ++kb)");
            w.open("");
            kBlock(false, false, "0");
            w.close();
            w.line("++kb;");
            w.open("");
            kBlock(false, false, "1");
            w.close();
            w.close();
            w.line("// A last steady k-block (buffer 0) when their number is odd.");
            w.open("if (kb < kbEnd - 2)");
            kBlock(false, false, "0");
            w.line("++kb;");
            w.close();
        } else {
            w.line("// Steady k-blocks: two more follow, so the tile moves need no guards.");
            w.open("for (; kb < kbEnd - 2; ++kb)");
            kBlock(false, false);
            w.close();
        }
        w.line("// The last two k-blocks (or fewer): the next tile is stored if there is one; nothing is loaded.");
        w.open("for (; kb < kbEnd; ++kb)");
        kBlock(true, true);
        w.close();
    } else {
        w.open("for (int kb = kbBegin; kb < kbEnd; ++kb)");
        kBlock(true, false);
        w.close(); // the k-block loop
    }
    emitStore(w, variant, n);
    return w.str();
}

std::string tnKernelBody(const GemmParams& params, const TnVariant& variant) {
    // A variant with split-K is refused by generateTnKernel rather than dropped.
    return params.ksplit > 1 ? generateTnKernel(params, variant) + "\n" + splitkReduceBody()
                             : generateTnKernel(params, variant);
}

std::string tnKernelSource(const GemmParams& params) { return kernels::withPreamble(tnKernelBody(params)); }

std::vector<std::string> tnKernelOptions(const GemmParams& params, const DeviceInfo& device) {
    std::vector<std::string> options;
    if (params.precision == Precision::F64) options.push_back("-DKT_DOUBLE=1");
    if (params.maxRegs) {
        if (device.registerFileForCap() == 0)
            throw std::invalid_argument("GEMM_MAXREGS=" + std::to_string(params.maxRegs) + ": " + device.label() +
                                        " takes no register cap (only CUDA and NVIDIA OpenCL devices do); use 0");
        // CUDA: the kernel's launch bounds carry the cap (generateTnKernel).
        if (device.backend != BackendKind::Cuda)
            options.push_back("-cl-nv-maxrregcount=" + std::to_string(params.maxRegs));
    }
    return options;
}

ImageView tnImageFormat(const GemmParams& p) {
    // The formats KT_READ_IMAGE expects (kernels/common/preamble.cl), by texel size.
    ImageView view;
    const int bytes = p.chunk() * p.realBytes();
    if (bytes == 4) { // float
        view.channels = 1, view.channelType = ImageChannelType::Float32;
    } else if (bytes == 8) { // float2, double: four 16-bit channels
        view.channels = 4, view.channelType = ImageChannelType::UInt16;
    } else { // float4, double2
        view.channels = 4;
        view.channelType = p.precision == Precision::F64 ? ImageChannelType::UInt32 : ImageChannelType::Float32;
    }
    return view;
}

ImageView tnImageView(const GemmParams& p, Buffer& buffer, std::int64_t elements) {
    ImageView view = tnImageFormat(p);
    view.buffer = &buffer;
    view.texels = std::size_t(elements / p.chunk());
    return view;
}

std::vector<KernelArg> tnKernelArgs(const GemmParams& p, std::int64_t M, std::int64_t N, std::int64_t K, double alpha,
                                    double beta, Buffer& A, Buffer& B, Buffer& C, std::int64_t ldc, std::int64_t mC,
                                    std::int64_t nC) {
    const bool f64 = p.precision == Precision::F64;
    auto real = [&](double v) { return f64 ? KernelArg(v) : KernelArg(float(v)); };
    auto operand = [&](bool image, Buffer& buffer, std::int64_t elements) {
        return image ? KernelArg(tnImageView(p, buffer, elements)) : KernelArg(&buffer);
    };
    return {std::int32_t(M),   std::int32_t(N),
            std::int32_t(K),   real(alpha),
            real(beta),        operand(p.imageA, A, K * M),
            operand(p.imageB, B, K * N), &C,
            std::int32_t(0),   std::int32_t(ldc),
            std::int32_t(mC),  std::int32_t(nC)};
}

std::string tnImageLimitReason(const GemmParams& p, std::int64_t M, std::int64_t N, std::int64_t K,
                               const DeviceInfo& device) {
    if (!p.imageA && !p.imageB) return {};
    if (!device.images) return device.label() + " has no image support (GEMM_IMAGE_A/B need it)";
    auto check = [&](bool image, char name, std::int64_t cols) -> std::string {
        const std::uint64_t texels = std::uint64_t(K * cols / p.chunk());
        if (!image || texels <= device.maxImageBufferTexels) return {};
        return std::string("image ") + name + " (" + std::to_string(K) + " x " + std::to_string(cols) + " elements, " +
               std::to_string(texels) + " texels of " + std::to_string(p.chunk()) +
               ") exceeds the device's 1-D image-buffer limit of " + std::to_string(device.maxImageBufferTexels) +
               " texels on " + device.label();
    };
    if (auto why = check(p.imageA, 'A', M); !why.empty()) return why;
    return check(p.imageB, 'B', N);
}

Range tnGlobalRange(const GemmParams& p, std::int64_t M, std::int64_t N) {
    return Range(std::size_t(N / p.nl * p.wgN()), std::size_t(M / p.ml * p.wgM()), std::size_t(p.ksplit));
}

Range tnLocalRange(const GemmParams& p) { return Range(std::size_t(p.wgN()), std::size_t(p.wgM())); }

} // namespace kt::gemm
