// The members of BasicSession<EngineT>. Include only in a .cpp that instantiates a session over
// another engine type (session.cpp instantiates Session); the parts that do not depend on the
// engine are plain functions, compiled once in session.cpp.
#pragma once

#include <cctype>
#include <chrono>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "chess/notation.h"
#include "core/result.h"
#include "core/strings.h"
#include "eval/weights_io.h"
#include "search/params.h"
#include "tb/gaviota.h"
#include "uci/info.h"
#include "uci/session.h"

namespace kibitz::uci {

namespace detail {

// The "option name … type …" lines sent after "uci", each ending in a newline.
std::string option_lines();

// The default BookFile and TablebasePath: the book and the tables next to the binary, or ""
// when there are none.
std::string default_book_file();
std::string default_tables_dir();

// value as a number in [lo, hi], else nullopt. The spin options of "setoption" refuse a value
// out of range (the option keeps its value, and an info string names the value and the range).
std::optional<long long> spin(const std::string& value, long long lo, long long hi);

// What "go" asked for, and a note for each number that was out of range.
struct GoRequest {
    engine::GoParams params;
    std::vector<std::string> notes;  // "go winc 10000000000000000000 is out of range: ..."
};

// "go" without "perft": the search limits, or the error to report. A number out of its range
// is clamped to the nearest value in it, with a note: a "go" refused would send no bestmove,
// and a GUI waits for one for ever. A word where a number belongs refuses the whole "go".
core::Result<GoRequest> parse_go(const std::vector<std::string_view>& words);

// The depth of "go perft <depth>" (1 to 20), or the error naming what is wrong.
core::Result<int> perft_depth(const std::vector<std::string_view>& words);

// "go perft <depth>": the moves with their node counts, the total, time and speed (pos is a
// copy because perft makes and unmakes the moves on it). Once *stop is true it ends soon, with
// the moves counted so far and a line saying it was stopped instead of the total.
std::string perft_report(chess::Position pos, int depth, const std::atomic<bool>* stop);

// What "bench" prints at its end: the totals, or what it did before a stop.
std::string bench_report(const engine::BenchResult& r);

// "d": the board, FEN, key, checkers and the number of legal moves.
std::string board_text(const chess::Position& pos);

// The line "eval" adds after its table when the position was reached by a move: "Last move: "
// and the explainer's sentences on move m played in before (a depth-8 search, capped in nodes).
std::string last_move_text(const chess::Position& before, chess::Move m);

}  // namespace detail

template <class EngineT>
BasicSession<EngineT>::BasicSession(std::ostream& out, std::string name)
    : out_(out), name_(std::move(name)) {
    // The defaults that the option lines show: the book and tables next to the binary, when
    // the build made them (a broken file there is reported when the option is set again).
    (void)book_.load(detail::default_book_file());
    (void)tables_.set_dir(detail::default_tables_dir());
    book_.seed(std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count()));
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

template <class EngineT>
BasicSession<EngineT>::~BasicSession() {
    stop_search();
}

template <class EngineT>
void BasicSession<EngineT>::send(const std::string& text) {
    std::lock_guard lock(out_mutex_);
    out_ << text << std::endl;
}

template <class EngineT>
void BasicSession<EngineT>::error(const std::string& what) {
    send("info string error: " + what);
}

template <class EngineT>
void BasicSession<EngineT>::stop_search() {
    engine_.stop();
    engine_.wait();
    stop_job();
}

template <class EngineT>
void BasicSession<EngineT>::start_job(std::function<void()> job) {
    stop_search();
    job_stop_ = false;
    try {
        job_ = std::thread(std::move(job));
    } catch (const std::system_error& e) {
        error(std::string("no thread to run it: ") + e.what());  // a memory or process limit
    }
}

template <class EngineT>
void BasicSession<EngineT>::stop_job() {
    if (!job_.joinable()) return;
    job_stop_ = true;
    if (bench_stop_) bench_stop_->stop();
    job_.join();
    bench_stop_.reset();
}

template <class EngineT>
bool BasicSession<EngineT>::handle(std::string_view line) {
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
        last_move_ = chess::Move::none();
    } else if (cmd == "position") {
        cmd_position(args);
    } else if (cmd == "setoption") {
        cmd_setoption(args);
    } else if (cmd == "go") {
        cmd_go(args);
    } else if (cmd == "stop") {
        engine_.stop();
        stop_job();
    } else if (cmd == "ponderhit") {
        engine_.ponderhit();
    } else if (cmd == "d") {
        send(detail::board_text(pos_));
    } else if (cmd == "eval") {
        // The full evaluation's table, then the score of the preset in use.
        send(eval::eval_report(pos_, weights_) + "Preset " + std::string(eval::to_string(preset_)) +
             ": " + std::to_string(eval::evaluate(pos_, preset_)) + " (side to move)");
        if (last_move_ != chess::Move::none())
            send(detail::last_move_text(before_last_, last_move_));
    } else if (cmd == "bench") {
        cmd_bench(args);
    }
    return true;
}

template <class EngineT>
void BasicSession<EngineT>::cmd_uci() {
    const std::string tuning =
        search::kTuningBuild ? search::search_param_options(engine_.search_params()) : "";
    send("id name " + name_ + "\nid author the Kibitz developers\n" + detail::option_lines() +
         tuning + "uciok");
}

// position [startpos | fen <FEN>] [moves m1 m2 …]. A bad FEN keeps the old position; an
// illegal move is reported and the position stops before it.
template <class EngineT>
void BasicSession<EngineT>::cmd_position(std::string_view args) {
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
    chess::Position before = pos;
    chess::Move last = chess::Move::none();
    for (++i; i < words.size(); ++i) {
        const auto move = chess::move_from_uci(pos, words[i]);
        if (!move) {
            error(move.error() + "; position stops before it");
            break;
        }
        before = pos;
        last = *move;
        pos.make(*move);
    }
    pos_ = std::move(pos);
    before_last_ = std::move(before);
    last_move_ = last;
}

// setoption name <id> [value <x>]; names are case-insensitive, as the protocol says.
template <class EngineT>
void BasicSession<EngineT>::cmd_setoption(std::string_view args) {
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

template <class EngineT>
void BasicSession<EngineT>::set_option(const std::string& name, const std::string& value) {
    using detail::spin;
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
            // Refused when the memory is not there: the old table stays, and the GUI is told.
            const auto st = engine_.set_hash_mb(std::size_t(*v));
            if (!st)
                error("Hash " + std::to_string(*v) + " MB refused: " + st.error() + "; keeping " +
                      std::to_string(engine_.hash_mb()) + " MB");
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
        apply_evaluator();
    } else if (key == "weightsfile") {
        // The full evaluation's weights from a file of `kibitz tune` (JSON or text form); an
        // empty value or <empty> restores the built-in defaults.
        if (value.empty() || value == "<empty>") {
            weights_ = eval::default_weights();
        } else {
            const auto w = eval::load_weights(value);
            if (!w) return error(w.error());
            weights_ = *w;
        }
        stop_search();
        apply_evaluator();
    } else if (key == "ownbook") {
        boolean(book_.enabled);
    } else if (key == "bookfile") {
        stop_search();
        const auto st = book_.load(value == "<empty>" ? "" : value);
        if (!st) error(st.error());
    } else if (key == "bookdepth") {
        if (const auto v = spin(value, 1, 500))
            book_.max_moves = int(*v);
        else
            bad("a move number from 1 to 500");
    } else if (key == "bookbestmove") {
        boolean(book_.best_only);
    } else if (key == "tablebasepath") {
        stop_search();
        if (const auto st = tables_.set_dir(value == "<empty>" ? "" : value); !st)
            error(st.error());
    } else if (key == "gaviotatbpath") {
        stop_search();
        set_gaviota_path(value == "<empty>" ? "" : value);
    } else if (key == "syzygypath") {
        stop_search();
        set_syzygy_path(value == "<empty>" ? "" : value);
    } else if (key == "syzygyprobedepth") {
        if (const auto v = spin(value, 1, 100))
            tables_.set_syzygy_probe_depth(int(*v));
        else
            bad("a depth from 1 to 100");
    } else if (key == "syzygyprobelimit") {
        if (const auto v = spin(value, 0, 7))
            tables_.set_syzygy_probe_limit(int(*v));
        else
            bad("a number of men from 0 to 7");
    } else if (key == "syzygy50moverule") {
        if (value != "true" && value != "false") return bad("true or false");
        tables_.set_syzygy_rule50(value == "true");
    } else if (const auto* param =
                   search::kTuningBuild ? search::find_search_param(name) : nullptr) {
        stop_search();
        auto params = engine_.search_params();
        if (const auto err = search::set_search_param(params, *param, value); !err.empty())
            return error(err);
        engine_.set_search_params(params);
    } else {
        error("unknown option '" + name + "'");
    }
}

// GUIs fill GaviotaTbPath with a default folder whether it holds tables or not (PyChess does
// on every start): a path without tables is said once in an info string, not as an error, and
// the search goes on without Gaviota tables. Tables that cannot be used are an error.
template <class EngineT>
void BasicSession<EngineT>::set_gaviota_path(const std::string& path) {
    if (!path.empty() && !tb::gaviota::holds_tables(path)) {
        (void)tables_.set_gaviota_paths("");
        if (path != gaviota_notice_)
            send("info string GaviotaTbPath: no Gaviota tables (*.gtb.cp1..4) in '" + path +
                 "'; searching without them");
        gaviota_notice_ = path;
        return;
    }
    if (const auto st = tables_.set_gaviota_paths(path); !st) error(st.error());
}

// SyzygyPath: a folder that does not exist is an error; folders without tables are said once
// in an info string (GUIs fill in default folders), and the search goes on without them.
template <class EngineT>
void BasicSession<EngineT>::set_syzygy_path(const std::string& path) {
    if (const auto st = tables_.set_syzygy_paths(path); !st) return error(st.error());
    if (!path.empty() && tables_.syzygy_tables() == 0 && path != syzygy_notice_) {
        send("info string SyzygyPath: no Syzygy tables (*.rtbw) in '" + path +
             "'; searching without them");
        syzygy_notice_ = path;
    }
}

// The evaluator of the preset and weights in use, for the next search.
template <class EngineT>
void BasicSession<EngineT>::apply_evaluator() {
    engine::ChessEvaluator e(preset_);
    e.set_weights(weights_);
    engine_.set_evaluator(e);
}

template <class EngineT>
void BasicSession<EngineT>::cmd_go(std::string_view args) {
    const auto words = core::split_words(args);
    if (!words.empty() && words[0] == "perft") {
        // In the background like a search: "stop" ends it, "isready" is answered meanwhile.
        const auto depth = detail::perft_depth(words);
        if (!depth) return error(depth.error());
        return start_job([this, pos = pos_, depth = *depth] {
            send(detail::perft_report(pos, depth, &job_stop_));
        });
    }
    const auto request = detail::parse_go(words);
    if (!request) return error(request.error());
    for (const auto& note : request->notes) send("info string " + note);
    const engine::GoParams* go = &request->params;
    stop_search();
    search_pos_ = pos_;
    // A book move is played at once (not while pondering or analysing without end, which
    // wait for "stop"); the tables are consulted by the search itself.
    if (!go->infinite && !go->ponder)
        if (const auto m = book_.pick(pos_)) {
            send("info string book move " + chess::move_to_uci(pos_, *m));
            send("bestmove " + chess::move_to_uci(pos_, *m));
            return;
        }
    engine::ChessGame game(pos_);
    game.set_tables(&tables_);
    engine_.set_position(game);
    engine_.go(*go, pos_.side_to_move());
}

template <class EngineT>
void BasicSession<EngineT>::cmd_bench(std::string_view args) {
    int depth = engine::kBenchDepth;
    if (!args.empty()) {
        const auto d = core::parse_int<int>(args);
        if (!d || *d < 1 || *d > 30)
            return error("bench takes a depth from 1 to 30, got '" + std::string(args) + "'");
        depth = *d;
    }
    // In the background like a search: "stop" ends it, "isready" is answered meanwhile.
    auto stop = std::make_shared<engine::BenchStop>();
    start_job([this, depth, stop] {
        std::ostringstream log;
        const auto r = engine::run_bench(depth, log, nullptr, stop.get());
        send(log.str() + detail::bench_report(r));
    });
    bench_stop_ = std::move(stop);
}

}  // namespace kibitz::uci
