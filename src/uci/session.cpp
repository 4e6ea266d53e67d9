// UCI commands: the parts that do not depend on the engine type (options, "go" parameters,
// perft, the board display), and the one instantiation of the session, Session.
#include "uci/session.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <sstream>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/perft.h"
#include "core/strings.h"
#include "core/timer.h"
#include "explain/explain.h"
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
    "option name SyzygyPath type string default <empty>",
    "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
    "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
    "option name Syzygy50MoveRule type check default true",
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

namespace {

// The most nodes "go nodes" takes (about 30 years at a million nodes a second).
constexpr long long kMaxNodes = 1LL << 50;

// A whole decimal number (an optional '-' and digits) as the nearest value in [lo, hi], with
// clamped set when it lay outside, even beyond what a long long holds; nullopt for other text.
std::optional<long long> clamped_number(std::string_view text, long long lo, long long hi,
                                        bool& clamped) {
    long long v = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, v);
    if (text.empty() || ptr != end) return std::nullopt;
    if (ec == std::errc::result_out_of_range)
        v = text[0] == '-' ? std::numeric_limits<long long>::min()
                           : std::numeric_limits<long long>::max();
    else if (ec != std::errc())
        return std::nullopt;
    clamped = v < lo || v > hi;
    return std::clamp(v, lo, hi);
}

}  // namespace

core::Result<GoRequest> parse_go(const std::vector<std::string_view>& words) {
    GoRequest request;
    engine::GoParams& go = request.params;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string_view w = words[i];
        if (w == "infinite") {
            go.infinite = true;
            continue;
        }
        if (w == "ponder") {
            go.ponder = true;
            continue;
        }
        if (w == "searchmoves") break;  // not supported: search all moves
        // 1. The parameter's range and what its number means.
        long long lo = 0, hi = 0;
        const char* what = "";
        if (w == "wtime" || w == "btime") {
            // A clock may be negative when the GUI's overhead ate into it: 1 ms, not a refusal.
            lo = 1, hi = engine::kMaxClockMs, what = "milliseconds";
        } else if (w == "winc" || w == "binc") {
            lo = 0, hi = engine::kMaxClockMs, what = "milliseconds";
        } else if (w == "movestogo") {
            lo = 0, hi = 10000, what = "moves";  // 0 (or less): not given, the clock is shared
        } else if (w == "movetime") {
            lo = 1, hi = engine::kMaxClockMs, what = "milliseconds";
        } else if (w == "depth") {
            lo = 1, hi = search::kMaxPly - 1, what = "plies";
        } else if (w == "nodes") {
            lo = 1, hi = kMaxNodes, what = "nodes";
        } else if (w == "mate") {
            lo = 1, hi = 60, what = "moves";
        } else {
            return core::error("go: unknown parameter '" + std::string(w) + "'");
        }
        // 2. Its number: text refuses the "go", a number out of range is clamped.
        if (i + 1 >= words.size())
            return core::error("go " + std::string(w) + " needs a number of " + what);
        const std::string_view text = words[++i];
        bool clamped = false;
        const auto v = clamped_number(text, lo, hi, clamped);
        if (!v)
            return core::error("go " + std::string(w) + " needs a number of " + what + ", got '" +
                               std::string(text) + "'");
        if (clamped)
            request.notes.push_back("go " + std::string(w) + " " + std::string(text) +
                                    " is out of range (" + std::to_string(lo) + " to " +
                                    std::to_string(hi) + "): " + std::to_string(*v) + " used");
        // 3. Into the limits.
        if (w == "wtime" || w == "btime") {
            go.time[w == "btime"] = *v;
        } else if (w == "winc" || w == "binc") {
            go.inc[w == "binc"] = *v;
        } else if (w == "movestogo") {
            go.movestogo = int(*v);
        } else if (w == "movetime") {
            go.movetime = *v;
        } else if (w == "depth") {
            go.depth = int(*v);
        } else if (w == "nodes") {
            go.nodes = std::uint64_t(*v);
        } else {
            go.mate = int(*v);
            go.depth = std::max(go.depth, int(*v) * 2 + 1);
        }
    }
    return request;
}

core::Result<int> perft_depth(const std::vector<std::string_view>& words) {
    const auto depth = words.size() == 2 ? core::parse_int<int>(words[1]) : std::nullopt;
    if (!depth || *depth < 1 || *depth > 20) {
        std::string got;
        for (std::size_t i = 1; i < words.size(); ++i)
            got += (i > 1 ? " " : "") + std::string(words[i]);
        return core::error("go perft needs a depth from 1 to 20, got '" + got + "'");
    }
    return *depth;
}

std::string perft_report(chess::Position pos, int depth, const std::atomic<bool>* stop) {
    core::Stopwatch clock;
    std::uint64_t total = 0;
    std::string text;
    const auto counts = chess::perft_divide(pos, depth, stop);
    for (const auto& [move, nodes] : counts) {
        text += chess::move_to_uci(pos, move) + ": " + std::to_string(nodes) + '\n';
        total += nodes;
    }
    const int moves = chess::count_legal_moves(pos);
    if (int(counts.size()) < moves)
        return text + "info string go perft " + std::to_string(depth) + " stopped after " +
               std::to_string(counts.size()) + " of " + std::to_string(moves) + " moves";
    return text + "\nNodes searched: " + std::to_string(total) + "\ninfo string time " +
           std::to_string(clock.elapsed_ms()) + " ms, nps " +
           std::to_string(core::per_second(total, clock.elapsed_ns()));
}

std::string bench_report(const engine::BenchResult& r) {
    // A partial total is no signature: it gets no "Nodes searched" line that a script could
    // take for one.
    if (r.stopped)
        return "info string bench stopped after " + std::to_string(r.positions) + " positions (" +
               std::to_string(r.nodes) + " nodes)";
    return "Nodes searched: " + std::to_string(r.nodes) +
           "\nNodes/second: " + std::to_string(r.nps);
}

// The node cap of "eval"'s explanation of the last move: two depth-8 searches of at most this
// many nodes each keep the answer under a second on a slow machine.
constexpr std::uint64_t kLastMoveNodes = 300000;

std::string last_move_text(const chess::Position& before, chess::Move m) {
    explain::Options options;
    options.search.depth = 8;
    options.search.nodes = kLastMoveNodes;
    explain::Explainer explainer(options);
    return "Last move: " + explainer.explain(before, m).text;
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
