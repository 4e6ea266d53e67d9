// The Gaviota probe: the position as the library's square and piece lists, the answer as a
// Value. The library's state is global; a shared mutex keeps probes away from (re)opening.
#include "tb/gaviota.h"

#include <gtb-probe.h>

#include <filesystem>
#include <mutex>
#include <shared_mutex>
#include <utility>
#include <vector>

#include "core/bits.h"
#include "core/strings.h"

namespace kibitz::tb::gaviota {

namespace {

std::shared_mutex state_mutex;
std::string open_paths;
int men_available = 0;  // most men of any table present (quick rejection)
int men_complete = 0;
const char** c_paths = nullptr;  // the library keeps using the path list until tb_done()

// The compression scheme of the .gtb.cpN files in dir (1..4), 0 when there are none.
int scheme_of(const std::string& dir) {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        const auto at = name.find(".gtb.cp");
        if (at != std::string::npos && at + 8 == name.size() && name[at + 7] >= '1' &&
            name[at + 7] <= '4')
            return name[at + 7] - '0';
    }
    return 0;
}

// The non-empty directories of a ';'-separated list.
std::vector<std::string> split_dirs(const std::string& paths) {
    std::vector<std::string> dirs;
    for (std::size_t start = 0; start <= paths.size();) {
        std::size_t end = paths.find(';', start);
        if (end == std::string::npos) end = paths.size();
        std::string dir{core::trim(std::string_view(paths).substr(start, end - start))};
        start = end + 1;
        if (!dir.empty()) dirs.push_back(std::move(dir));
    }
    return dirs;
}

void close_locked() {
    if (tb_is_initialized()) {
        tbcache_done();
        tb_done();
    }
    if (c_paths) c_paths = tbpaths_done(c_paths);
    open_paths.clear();
    men_available = men_complete = 0;
}

constexpr unsigned char kGaviotaPiece[] = {tb_PAWN, tb_KNIGHT, tb_BISHOP,
                                           tb_ROOK, tb_QUEEN,  tb_KING};

}  // namespace

core::Status open(const std::string& paths, std::size_t cache_mb) {
    std::unique_lock lock(state_mutex);
    close_locked();
    if (paths.empty()) return core::Done{};

    std::vector<std::string> dirs;
    int scheme = 0;
    for (const std::string& dir : split_dirs(paths)) {
        std::error_code ec;
        if (!std::filesystem::is_directory(dir, ec))
            return core::error("Gaviota tables: '" + dir + "' is not a directory");
        const int s = scheme_of(dir);
        if (s == 0) return core::error("Gaviota tables: no *.gtb.cp1..4 files in '" + dir + "'");
        if (scheme != 0 && s != scheme)
            return core::error("Gaviota tables: '" + dir + "' holds cp" + std::to_string(s) +
                               " files, the others cp" + std::to_string(scheme) +
                               " (one compression scheme for all)");
        scheme = s;
        dirs.push_back(dir);
    }
    if (dirs.empty()) return core::error("Gaviota tables: no directory in '" + paths + "'");

    c_paths = tbpaths_init();
    for (const auto& dir : dirs) c_paths = tbpaths_add(c_paths, dir.c_str());
    tb_init(0, scheme, c_paths);
    tbcache_init(cache_mb * 1024 * 1024, 96);
    const unsigned avail = tb_availability();
    if (!tb_is_initialized() || avail == 0) {
        close_locked();
        return core::error("Gaviota tables: the library found no tables in '" + paths + "'");
    }
    for (int men = 3; men <= 5; ++men) {
        if (avail & (1u << (2 * (men - 3)))) men_available = men;
        if (avail & (2u << (2 * (men - 3)))) men_complete = men;
    }
    open_paths = paths;
    return core::Done{};
}

void close() {
    std::unique_lock lock(state_mutex);
    close_locked();
}

bool holds_tables(const std::string& paths) {
    for (const std::string& dir : split_dirs(paths)) {
        std::error_code ec;
        if (std::filesystem::is_directory(dir, ec) && scheme_of(dir) != 0) return true;
    }
    return false;
}

bool is_open() {
    std::shared_lock lock(state_mutex);
    return !open_paths.empty();
}

std::string paths() {
    std::shared_lock lock(state_mutex);
    return open_paths;
}

int max_men() {
    std::shared_lock lock(state_mutex);
    return men_complete;
}

std::optional<Value> probe(const chess::Position& pos) {
    using namespace chess;
    const int men = core::popcount(pos.pieces());
    if (pos.castling_rights() != kNoCastling) return std::nullopt;
    std::shared_lock lock(state_mutex);
    if (men > men_available) return std::nullopt;

    unsigned squares[2][17];
    unsigned char pieces[2][17];
    int count[2] = {0, 0};
    for (Bitboard b = pos.pieces(); b;) {
        const Square s = Square(core::pop_lsb(b));
        const Piece p = pos.piece_on(s);
        const int c = color_of(p);
        squares[c][count[c]] = s;  // the library numbers squares a1 = 0 .. h8 = 63 as we do
        pieces[c][count[c]] = kGaviotaPiece[type_of(p)];
        ++count[c];
    }
    for (int c = 0; c < 2; ++c) {
        squares[c][count[c]] = tb_NOSQUARE;
        pieces[c][count[c]] = tb_NOPIECE;
    }
    const unsigned stm = pos.side_to_move() == kWhite ? tb_WHITE_TO_MOVE : tb_BLACK_TO_MOVE;
    const unsigned ep =
        pos.ep_square() == kNoSquare ? unsigned(tb_NOSQUARE) : unsigned(pos.ep_square());
    unsigned info = tb_UNKNOWN, plies = 0;
    if (!tb_probe_hard(stm, ep, tb_NOCASTLE, squares[0], squares[1], pieces[0], pieces[1], &info,
                       &plies))
        return std::nullopt;
    if (info == tb_DRAW) return Value{Value::kDraw, 0};
    if (info != tb_WMATE && info != tb_BMATE) return std::nullopt;
    const bool white_wins = info == tb_WMATE;
    const bool mover_wins = white_wins == (pos.side_to_move() == kWhite);
    return Value{mover_wins ? Value::kWin : Value::kLoss, int(plies)};
}

}  // namespace kibitz::tb::gaviota
