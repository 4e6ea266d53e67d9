// UCI commands: handshake, options, positions, search control, info lines, bench, eval, perft.
#include "uci/session.h"

#include <chrono>
#include <cmath>
#include <sstream>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/perft.h"
#include "core/strings.h"
#include "core/timer.h"
#include "uci/info.h"

namespace kibitz::uci {

namespace {

struct OptionSpec {
    const char* line;  // the "option name … type …" text sent after "uci"
};

static_assert(engine::kMinElo == 1000 && engine::kMaxElo == 2200,
              "the UCI_Elo line below must show engine::kMinElo and kMaxElo");
constexpr OptionSpec kOptions[] = {
    {"option name Hash type spin default 16 min 1 max 65536"},
    {"option name Threads type spin default 1 min 1 max 256"},
    {"option name MultiPV type spin default 1 min 1 max 256"},
    {"option name Ponder type check default false"},
    {"option name Move Overhead type spin default 30 min 0 max 5000"},
    {"option name Clear Hash type button"},
    {"option name UCI_Chess960 type check default false"},
    {"option name UCI_ShowWDL type check default false"},
    {"option name UCI_LimitStrength type check default false"},
    {"option name UCI_Elo type spin default 2200 min 1000 max 2200"},
    {"option name EvalPreset type combo default full var full var thesis var franaszczuk"},
};

std::optional<long long> spin(const std::string& value, long long lo, long long hi) {
    const auto v = core::parse_int<long long>(value);
    if (!v || *v < lo || *v > hi) return std::nullopt;
    return v;
}

}  // namespace

Session::Session(std::ostream& out) : out_(out) {
    engine_.on_info = [this](const search::Iteration<chess::Move>& it) {
        send(format_info(search_pos_, it, engine_.nodes(), show_wdl_));
    };
    engine_.on_currmove = [this](chess::Move m, int number, search::Depth depth) {
        send("info depth " + std::to_string(depth) + " currmove " +
             chess::move_to_uci(search_pos_, m) + " currmovenumber " + std::to_string(number));
    };
    engine_.on_bestmove = [this](chess::Move best, chess::Move ponder) {
        std::string line = "bestmove " + chess::move_to_uci(search_pos_, best);
        if (ponder != chess::Move{}) {
            chess::Position after = search_pos_;
            after.make(best);
            line += " ponder " + chess::move_to_uci(after, ponder);
        }
        send(line);
    };
}

Session::~Session() { stop_search(); }

void Session::send(const std::string& text) {
    std::lock_guard lock(out_mutex_);
    out_ << text << std::endl;
}

void Session::error(const std::string& what) { send("info string error: " + what); }

void Session::stop_search() {
    engine_.stop();
    engine_.wait();
}

bool Session::handle(std::string_view line) {
    line = core::trim(line);
    const auto space = line.find_first_of(" \t");
    const std::string_view cmd = line.substr(0, space);
    const std::string_view args =
        space == std::string_view::npos ? std::string_view{} : core::trim(line.substr(space));
    if (cmd == "quit") {
        stop_search();
        return false;
    }
    if (cmd == "uci") {
        cmd_uci();
    } else if (cmd == "isready") {
        send("readyok");
    } else if (cmd == "ucinewgame") {
        stop_search();
        engine_.clear();
        pos_ = chess::Position::from_fen(chess::kStartFen, chess960_).value();
    } else if (cmd == "position") {
        cmd_position(args);
    } else if (cmd == "setoption") {
        cmd_setoption(args);
    } else if (cmd == "go") {
        cmd_go(args);
    } else if (cmd == "stop") {
        engine_.stop();
    } else if (cmd == "ponderhit") {
        engine_.ponderhit();
    } else if (cmd == "d") {
        cmd_display();
    } else if (cmd == "eval") {
        // The full evaluation's table, then the score of the preset in use.
        send(eval::eval_report(pos_, eval::default_weights()) + "Preset " +
             std::string(eval::to_string(preset_)) + ": " +
             std::to_string(eval::evaluate(pos_, preset_)) + " (side to move)");
    } else if (cmd == "bench") {
        cmd_bench(args);
    }
    return true;
}

void Session::cmd_uci() {
    std::string text = "id name Kibitz\nid author the Kibitz developers\n";
    for (const auto& o : kOptions) text += std::string(o.line) + '\n';
    send(text + "uciok");
}

// position [startpos | fen <FEN>] [moves m1 m2 …]. A bad FEN keeps the old position; an
// illegal move is reported and the position stops before it.
void Session::cmd_position(std::string_view args) {
    const auto words = core::split_words(args);
    std::size_t i = 0;
    std::string fen;
    if (i < words.size() && words[i] == "startpos") {
        fen = chess::kStartFen;
        ++i;
    } else if (i < words.size() && words[i] == "fen") {
        for (++i; i < words.size() && words[i] != "moves"; ++i) {
            if (!fen.empty()) fen += ' ';
            fen += words[i];
        }
    } else {
        error("position needs 'startpos' or 'fen <FEN>'");
        return;
    }
    auto parsed = chess::Position::from_fen(fen, chess960_);
    if (!parsed) {
        error(parsed.error());
        return;
    }
    chess::Position pos = std::move(parsed.value());
    if (i < words.size() && words[i] != "moves") {
        error("position: expected 'moves', got '" + std::string(words[i]) + "'");
        return;
    }
    for (++i; i < words.size(); ++i) {
        const auto move = chess::move_from_uci(pos, words[i]);
        if (!move) {
            error(move.error() + "; position stops before it");
            break;
        }
        pos.make(*move);
    }
    pos_ = std::move(pos);
}

// setoption name <id> [value <x>]; names are case-insensitive, as the protocol says.
void Session::cmd_setoption(std::string_view args) {
    const auto words = core::split_words(args);
    std::string name, value;
    std::string* field = nullptr;
    for (const auto w : words) {
        if (w == "name") {
            field = &name;
        } else if (w == "value") {
            field = &value;
        } else if (field) {
            if (!field->empty()) *field += ' ';
            *field += w;
        }
    }
    if (name.empty()) {
        error("setoption needs 'name <option>'");
        return;
    }
    set_option(name, value);
}

void Session::set_option(const std::string& name, const std::string& value) {
    std::string key;
    for (const char c : name) key += char(std::tolower(static_cast<unsigned char>(c)));
    const auto bad = [&](const std::string& expected) {
        error("option " + name + " takes " + expected + ", got '" + value + "'");
    };
    const auto boolean = [&](bool& target) {
        if (value != "true" && value != "false") return bad("true or false");
        target = value == "true";
    };
    if (key == "hash") {
        if (const auto v = spin(value, 1, 65536)) {
            stop_search();
            engine_.set_hash_mb(std::size_t(*v));
        } else {
            bad("a size in MB from 1 to 65536");
        }
    } else if (key == "threads") {
        if (const auto v = spin(value, 1, 256)) {
            stop_search();
            engine_.set_threads(int(*v));
        } else {
            bad("a number from 1 to 256");
        }
    } else if (key == "multipv") {
        if (const auto v = spin(value, 1, 256)) {
            stop_search();
            multipv_ = int(*v);
            engine_.set_multipv(multipv_);
        } else {
            bad("a number from 1 to 256");
        }
    } else if (key == "move overhead") {
        if (const auto v = spin(value, 0, 5000))
            engine_.set_move_overhead(*v);
        else
            bad("milliseconds from 0 to 5000");
    } else if (key == "clear hash") {
        stop_search();
        engine_.clear();
    } else if (key == "ponder") {
        bool ignored = false;
        boolean(ignored);  // pondering is driven by "go ponder"; the option only informs
    } else if (key == "uci_chess960") {
        boolean(chess960_);
        pos_.set_chess960(chess960_ || pos_.chess960());
    } else if (key == "uci_showwdl") {
        boolean(show_wdl_);
    } else if (key == "uci_limitstrength" || key == "uci_elo") {
        if (key == "uci_limitstrength") {
            boolean(limit_strength_);
        } else if (const auto v = spin(value, engine::kMinElo, engine::kMaxElo)) {
            elo_ = int(*v);
        } else {
            return bad("a rating from " + std::to_string(engine::kMinElo) + " to " +
                       std::to_string(engine::kMaxElo));
        }
        stop_search();
        const auto seed =
            std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
        engine_.set_strength(limit_strength_ ? elo_ : 0, seed);
    } else if (key == "evalpreset") {
        const auto p = eval::parse_preset(value);
        if (!p) return error(p.error());
        stop_search();
        preset_ = *p;
        engine_.set_evaluator(engine::ChessEvaluator(preset_));
    } else {
        error("unknown option '" + name + "'");
    }
}

void Session::cmd_go(std::string_view args) {
    const auto words = core::split_words(args);
    if (!words.empty() && words[0] == "perft") {
        const auto depth = words.size() == 2 ? core::parse_int<int>(words[1]) : std::nullopt;
        if (!depth || *depth < 1 || *depth > 20)
            return error("go perft needs a depth from 1 to 20");
        core::Stopwatch clock;
        std::uint64_t total = 0;
        std::string text;
        for (const auto& [move, nodes] : chess::perft_divide(pos_, *depth)) {
            text += chess::move_to_uci(pos_, move) + ": " + std::to_string(nodes) + '\n';
            total += nodes;
        }
        send(text + "\nNodes searched: " + std::to_string(total) + "\ninfo string time " +
             std::to_string(clock.elapsed_ms()) + " ms, nps " +
             std::to_string(core::per_second(total, clock.elapsed_ns())));
        return;
    }
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
            if (!t) return error("go " + std::string(w) + " needs a number of milliseconds");
            ++i;
            go.time[w == "btime"] = std::max(1LL, *t);
            continue;
        }
        if (w == "winc" || w == "binc") {
            if (!(v = number(0, kBig)))
                return error("go " + std::string(w) + " needs milliseconds");
            go.inc[w == "binc"] = *v;
        } else if (w == "movestogo") {
            if (!(v = number(1, 10000))) return error("go movestogo needs a number from 1");
            go.movestogo = int(*v);
        } else if (w == "movetime") {
            if (!(v = number(1, kBig))) return error("go movetime needs milliseconds");
            go.movetime = *v;
        } else if (w == "depth") {
            if (!(v = number(1, search::kMaxPly - 1))) return error("go depth needs 1 to 127");
            go.depth = int(*v);
        } else if (w == "nodes") {
            if (!(v = number(1, kBig))) return error("go nodes needs a positive number");
            go.nodes = std::uint64_t(*v);
        } else if (w == "mate") {
            if (!(v = number(1, 60))) return error("go mate needs a number of moves from 1 to 60");
            go.mate = int(*v);
            go.depth = std::max(go.depth, int(*v) * 2 + 1);
        } else {
            return error("go: unknown parameter '" + std::string(w) + "'");
        }
    }
    stop_search();
    search_pos_ = pos_;
    engine_.set_position(engine::ChessGame(pos_));
    engine_.go(go, pos_.side_to_move());
}

void Session::cmd_display() {
    std::ostringstream s;
    for (int rank = 7; rank >= 0; --rank) {
        s << " +---+---+---+---+---+---+---+---+\n";
        for (int file = 0; file < 8; ++file) {
            const auto pc = pos_.piece_on(chess::make_square(file, rank));
            s << " | " << (pc == chess::kNoPiece ? ' ' : "PNBRQKpnbrqk"[pc]);
        }
        s << " | " << rank + 1 << '\n';
    }
    s << " +---+---+---+---+---+---+---+---+\n   a   b   c   d   e   f   g   h\n\n"
      << "Fen: " << pos_.fen() << "\nKey: " << std::hex << pos_.key() << std::dec << "\nCheckers:";
    auto checkers = pos_.checkers();
    while (checkers) s << ' ' << chess::square_name(chess::Square(core::pop_lsb(checkers)));
    s << "\nLegal moves: " << chess::count_legal_moves(pos_);
    send(s.str());
}

void Session::cmd_bench(std::string_view args) {
    int depth = engine::kBenchDepth;
    if (!args.empty()) {
        const auto d = core::parse_int<int>(args);
        if (!d || *d < 1 || *d > 30) return error("bench takes a depth from 1 to 30");
        depth = *d;
    }
    stop_search();
    std::ostringstream log;
    const auto r = engine::run_bench(depth, log);
    send(log.str() + "Nodes searched: " + std::to_string(r.nodes) +
         "\nNodes/second: " + std::to_string(r.nps));
}

}  // namespace kibitz::uci
