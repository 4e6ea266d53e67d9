// UCI commands: the parts that do not depend on the engine type (options, "go" parameters,
// perft, the board display), and the one instantiation of the session, Session.
#include "uci/session.h"

#include <algorithm>
#include <sstream>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/perft.h"
#include "core/strings.h"
#include "core/timer.h"
#include "uci/session_impl.h"

namespace kibitz::uci {

namespace detail {

namespace {

static_assert(engine::kMinElo == 1000 && engine::kMaxElo == 2200,
              "the UCI_Elo line below must show engine::kMinElo and kMaxElo");
constexpr const char* kOptions[] = {
    "option name Hash type spin default 16 min 1 max 65536",
    "option name Threads type spin default 1 min 1 max 256",
    "option name MultiPV type spin default 1 min 1 max 256",
    "option name Ponder type check default false",
    "option name Move Overhead type spin default 30 min 0 max 5000",
    "option name Clear Hash type button",
    "option name UCI_Chess960 type check default false",
    "option name UCI_ShowWDL type check default false",
    "option name UCI_LimitStrength type check default false",
    "option name UCI_Elo type spin default 2200 min 1000 max 2200",
    "option name EvalPreset type combo default full var full var thesis var franaszczuk",
    "option name WeightsFile type string default <empty>",
    "option name OwnBook type check default false",
    "option name BookDepth type spin default 20 min 1 max 500",
    "option name BookBestMove type check default false",
    "option name GaviotaTbPath type string default <empty>",
};

std::string or_empty(const std::string& s) { return s.empty() ? "<empty>" : s; }

}  // namespace

std::string option_lines() {
    std::string text;
    for (const char* line : kOptions) text += std::string(line) + '\n';
    text += "option name BookFile type string default " + or_empty(default_book_file()) + '\n';
    text +=
        "option name TablebasePath type string default " + or_empty(default_tables_dir()) + '\n';
    return text;
}

std::string default_book_file() { return book::default_book_path(); }

std::string default_tables_dir() { return tb::default_dir_with_tables(); }

std::optional<long long> spin(const std::string& value, long long lo, long long hi) {
    const auto v = core::parse_int<long long>(value);
    if (!v || *v < lo || *v > hi) return std::nullopt;
    return v;
}

core::Result<engine::GoParams> parse_go(const std::vector<std::string_view>& words) {
    engine::GoParams go;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string_view w = words[i];
        const auto number = [&](long long lo, long long hi) -> std::optional<long long> {
            if (i + 1 >= words.size()) return std::nullopt;
            return spin(std::string(words[++i]), lo, hi);
        };
        std::optional<long long> v;
        if (w == "infinite") {
            go.infinite = true;
            continue;
        }
        if (w == "ponder") {
            go.ponder = true;
            continue;
        }
        if (w == "searchmoves") break;  // not supported: search all moves
        constexpr long long kBig = 1LL << 40;
        if (w == "wtime" || w == "btime") {
            // A clock may be negative when the GUI's overhead ate into it: treat as 1 ms.
            const auto t =
                i + 1 < words.size() ? core::parse_int<long long>(words[i + 1]) : std::nullopt;
            if (!t) return core::error("go " + std::string(w) + " needs a number of milliseconds");
            ++i;
            go.time[w == "btime"] = std::max(1LL, *t);
            continue;
        }
        if (w == "winc" || w == "binc") {
            if (!(v = number(0, kBig)))
                return core::error("go " + std::string(w) + " needs milliseconds");
            go.inc[w == "binc"] = *v;
        } else if (w == "movestogo") {
            if (!(v = number(1, 10000))) return core::error("go movestogo needs a number from 1");
            go.movestogo = int(*v);
        } else if (w == "movetime") {
            if (!(v = number(1, kBig))) return core::error("go movetime needs milliseconds");
            go.movetime = *v;
        } else if (w == "depth") {
            if (!(v = number(1, search::kMaxPly - 1)))
                return core::error("go depth needs 1 to 127");
            go.depth = int(*v);
        } else if (w == "nodes") {
            if (!(v = number(1, kBig))) return core::error("go nodes needs a positive number");
            go.nodes = std::uint64_t(*v);
        } else if (w == "mate") {
            if (!(v = number(1, 60)))
                return core::error("go mate needs a number of moves from 1 to 60");
            go.mate = int(*v);
            go.depth = std::max(go.depth, int(*v) * 2 + 1);
        } else {
            return core::error("go: unknown parameter '" + std::string(w) + "'");
        }
    }
    return go;
}

core::Result<std::string> perft_report(chess::Position pos,
                                       const std::vector<std::string_view>& words) {
    const auto depth = words.size() == 2 ? core::parse_int<int>(words[1]) : std::nullopt;
    if (!depth || *depth < 1 || *depth > 20)
        return core::error("go perft needs a depth from 1 to 20");
    core::Stopwatch clock;
    std::uint64_t total = 0;
    std::string text;
    for (const auto& [move, nodes] : chess::perft_divide(pos, *depth)) {
        text += chess::move_to_uci(pos, move) + ": " + std::to_string(nodes) + '\n';
        total += nodes;
    }
    return text + "\nNodes searched: " + std::to_string(total) + "\ninfo string time " +
           std::to_string(clock.elapsed_ms()) + " ms, nps " +
           std::to_string(core::per_second(total, clock.elapsed_ns()));
}

std::string board_text(const chess::Position& pos) {
    std::ostringstream s;
    for (int rank = 7; rank >= 0; --rank) {
        s << " +---+---+---+---+---+---+---+---+\n";
        for (int file = 0; file < 8; ++file) {
            const auto pc = pos.piece_on(chess::make_square(file, rank));
            s << " | " << (pc == chess::kNoPiece ? ' ' : "PNBRQKpnbrqk"[pc]);
        }
        s << " | " << rank + 1 << '\n';
    }
    s << " +---+---+---+---+---+---+---+---+\n   a   b   c   d   e   f   g   h\n\n"
      << "Fen: " << pos.fen() << "\nKey: " << std::hex << pos.key() << std::dec << "\nCheckers:";
    auto checkers = pos.checkers();
    while (checkers) s << ' ' << chess::square_name(chess::Square(core::pop_lsb(checkers)));
    s << "\nLegal moves: " << chess::count_legal_moves(pos);
    return s.str();
}

}  // namespace detail

template class BasicSession<engine::ChessEngine>;

}  // namespace kibitz::uci
