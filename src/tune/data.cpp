// The compact file of labelled positions and labelled EPD files.
#include "tune/data.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "chess/epd.h"
#include "core/bits.h"
#include "core/strings.h"

namespace kibitz::tune {

using chess::Bitboard;
using chess::Position;
using chess::Square;

namespace {

constexpr char kPieceChars[] = "PNBRQKpnbrqk";

void put16(std::uint8_t* p, unsigned v) {
    p[0] = std::uint8_t(v);
    p[1] = std::uint8_t(v >> 8);
}
unsigned get16(const std::uint8_t* p) { return unsigned(p[0]) | unsigned(p[1]) << 8; }

// Result 0 / 0.5 / 1 as the byte 0 / 1 / 2.
std::uint8_t result_code(Result r) { return r > 0.75 ? 2 : r < 0.25 ? 0 : 1; }

// A labelled EPD line's result: c9 "1-0" (or c0..c9, "result"), a bracket [1.0] / [0.5] /
// [0.0], or a bare result token; none when the line has no result.
std::optional<Result> parse_result_text(std::string_view s) {
    s = core::trim(s);
    while (!s.empty() && (s.back() == ';' || s.back() == '"')) s.remove_suffix(1);
    while (!s.empty() && s.front() == '"') s.remove_prefix(1);
    if (s == "1-0" || s == "1.0" || s == "1") return 1.0;
    if (s == "0-1" || s == "0.0" || s == "0") return 0.0;
    if (s == "1/2-1/2" || s == "0.5" || s == "1/2") return 0.5;
    return std::nullopt;
}

}  // namespace

Record pack(const Position& pos, Result result, int score_white) {
    Record r{};
    const Bitboard occ = pos.pieces();
    for (int i = 0; i < 8; ++i) r[i] = std::uint8_t(occ >> (8 * i));
    int n = 0;
    for (Bitboard b = occ; b && n < 32; ++n) {
        const auto piece = unsigned(pos.piece_on(Square(core::pop_lsb(b))));
        r[8 + n / 2] |= std::uint8_t(n % 2 ? piece << 4 : piece);
    }
    r[24] = std::uint8_t((pos.side_to_move() == chess::kBlack ? 1 : 0) |
                         unsigned(pos.castling_rights()) << 1);
    r[25] = std::uint8_t(pos.ep_square() == chess::kNoSquare ? 64 : pos.ep_square());
    r[26] = std::uint8_t(std::min(pos.halfmove_clock(), 255));
    r[27] = result_code(result);
    put16(&r[28], unsigned(std::int16_t(std::clamp(score_white, -32000, 32000))));
    put16(&r[30], unsigned(std::min(pos.fullmove_number(), 65535)));
    return r;
}

core::Result<Unpacked> unpack(const Record& r) {
    Bitboard occ = 0;
    for (int i = 0; i < 8; ++i) occ |= Bitboard(r[i]) << (8 * i);
    if (core::popcount(occ) > 32) return core::error("more than 32 pieces");
    char board[64] = {};
    int n = 0;
    for (Bitboard b = occ; b; ++n) {
        const int sq = core::pop_lsb(b);
        const unsigned code = n % 2 ? r[8 + n / 2] >> 4 : r[8 + n / 2] & 15;
        if (code >= 12) return core::error("bad piece code " + std::to_string(code));
        board[sq] = kPieceChars[code];
    }
    std::string fen = chess::fen_placement(board);
    fen += r[24] & 1 ? " b " : " w ";
    const unsigned rights = (r[24] >> 1) & 15;
    if (!rights) fen += '-';
    if (rights & 1) fen += 'K';
    if (rights & 2) fen += 'Q';
    if (rights & 4) fen += 'k';
    if (rights & 8) fen += 'q';
    if (r[25] >= 64) {
        fen += " -";
    } else {
        fen += ' ';
        fen += char('a' + r[25] % 8);
        fen += char('1' + r[25] / 8);
    }
    fen += ' ' + std::to_string(r[26]) + ' ' + std::to_string(std::max(1u, get16(&r[30])));
    auto pos = Position::from_fen(fen);
    if (!pos) return core::error(pos.error());
    if (r[27] > 2) return core::error("bad result code " + std::to_string(r[27]));
    return Unpacked{std::move(*pos), r[27] * 0.5, int(std::int16_t(get16(&r[28])))};
}

core::Status DataWriter::open(const std::string& path) {
    std::error_code ec;
    const bool exists = std::filesystem::exists(path, ec);
    if (exists) {
        const auto count = count_records(path);
        if (!count) return core::error(count.error());
        count_ = *count;
        const auto whole = std::uintmax_t(kHeaderSize) + count_ * kRecordSize;
        if (std::filesystem::file_size(path, ec) != whole)
            std::filesystem::resize_file(path, whole, ec);
        if (ec) return core::error("cannot cut '" + path + "' to whole records: " + ec.message());
    } else if (auto s = core::write_file(path, std::string_view(kMagic, kHeaderSize)); !s) {
        return s;
    }
    return file_.open(path);
}

core::Status DataWriter::append(const Record* records, std::size_t n) {
    const auto* bytes = reinterpret_cast<const char*>(records);
    if (auto s = file_.write(std::string_view(bytes, n * kRecordSize)); !s) return s;
    count_ += n;
    return core::Done{};
}

core::Result<std::uint64_t> count_records(const std::string& path) {
    std::ifstream in;
    if (auto s = core::open_input(in, path, "data file"); !s) return core::error(s.error());
    char header[kHeaderSize] = {};
    in.read(header, kHeaderSize);
    if (in.gcount() != kHeaderSize || std::memcmp(header, kMagic, kHeaderSize) != 0)
        return core::error("'" + path + "' is not a kibitz datagen file (bad header)");
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) return core::error("cannot read the size of '" + path + "': " + ec.message());
    return std::uint64_t((size - kHeaderSize) / kRecordSize);
}

core::Status read_labelled(const std::string& path, const Visitor& visit, std::uint64_t max) {
    std::ifstream in;
    if (auto s = core::open_input(in, path, "data file"); !s) return s;
    char header[kHeaderSize] = {};
    in.read(header, kHeaderSize);
    std::uint64_t n = 0;
    if (in.gcount() == kHeaderSize && std::memcmp(header, kMagic, kHeaderSize) == 0) {
        Record r;
        while ((!max || n < max) &&
               in.read(reinterpret_cast<char*>(r.data()), kRecordSize).gcount() == kRecordSize) {
            const auto u = unpack(r);
            if (!u)
                return core::error("'" + path + "' record " + std::to_string(n + 1) + ": " +
                                   u.error());
            visit(u->pos, u->result, u->score_white);
            ++n;
        }
        return core::Done{};
    }
    in.clear();
    in.seekg(0);
    core::LineReader lines(in);
    std::string_view line;
    int line_no = 0;
    while ((!max || n < max) && lines.next(line)) {
        ++line_no;
        const std::string_view text = core::trim(line);
        if (text.empty() || text.front() == '#') continue;
        const std::string where = "'" + path + "' line " + std::to_string(line_no) + ": ";
        // A trailing [1.0] / [0.5] / [0.0] is not EPD: take it off first.
        std::string_view body = text;
        std::optional<Result> result;
        if (body.back() == ']') {
            const auto open = body.rfind('[');
            if (open == std::string_view::npos) return core::error(where + "unmatched ']'");
            result = parse_result_text(body.substr(open + 1, body.size() - open - 2));
            if (!result) return core::error(where + "bad result in brackets");
            body = core::trim(body.substr(0, open));
        }
        const auto record = chess::parse_epd(body);
        if (!record) return core::error(where + record.error());
        for (const char* op : {"c9", "c0", "result"}) {
            if (result) break;
            if (const auto* operands = record->find(op); operands && !operands->empty())
                result = parse_result_text((*operands)[0]);
        }
        for (std::size_t i = 0; !result && i < record->operations.size(); ++i)
            result = parse_result_text(record->operations[i].first);
        if (!result)
            return core::error(where + "no game result (expected c9 \"1-0\", \"0-1\" or " +
                               "\"1/2-1/2\", or [1.0] / [0.5] / [0.0])");
        visit(record->position, *result, std::nullopt);
        ++n;
    }
    if (!lines.error().empty()) return core::error("'" + path + "': " + lines.error());
    return core::Done{};
}

}  // namespace kibitz::tune
