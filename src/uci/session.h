// UCI protocol session: reads one command line at a time and writes the answers. The engine
// searches in the background, and so do the extra commands "bench" and "go perft", so "stop",
// "ponderhit" and "isready" are answered at once.
// BasicSession is a template over the chess engine type so that the lab can run variants of the
// search (Engine<ChessGame, ChessEvaluator, F>) over UCI; Session is the engine everyone plays.
// The member definitions are in uci/session_impl.h, which only a .cpp that instantiates another
// engine type includes.
#pragma once

#include <atomic>
#include <functional>
#include <istream>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>

#include "chess/position.h"
#include "core/files.h"
#include "engine/chess_engine.h"
#include "engine/opening_book.h"
#include "engine/tablebases.h"

namespace kibitz::uci {

template <class EngineT>
class BasicSession {
public:
    // name is what "id name" sends, e.g. the name of a search variant.
    explicit BasicSession(std::ostream& out, std::string name = "Kibitz");
    ~BasicSession();

    // Handles one input line; returns false after "quit". Malformed input gets an
    // "info string error: …" line and leaves the previous state intact; unknown commands are
    // ignored.
    bool handle(std::string_view line);

    // Blocks until a running search has sent its bestmove, and a running "bench" or "go perft"
    // its totals.
    void wait() {
        engine_.wait();
        if (job_.joinable()) job_.join();
    }

    // Sends "info string error: <what>": for input refused before handle(), such as a line
    // over the input's length limit.
    void error(const std::string& what);

    // The current position (after the last valid "position" command).
    const chess::Position& position() const { return pos_; }

private:
    void cmd_uci();
    void cmd_position(std::string_view args);
    void cmd_setoption(std::string_view args);
    void cmd_go(std::string_view args);
    void cmd_bench(std::string_view args);
    void set_option(const std::string& name, const std::string& value);
    void send(const std::string& text);
    void stop_search();
    // Runs job ("bench", "go perft") in the background, after ending whatever runs.
    void start_job(std::function<void()> job);
    // Ends a running "bench" or "go perft" at once; it still reports what it did.
    void stop_job();
    void apply_evaluator();
    void set_gaviota_path(const std::string& path);
    void set_syzygy_path(const std::string& path);

    std::ostream& out_;
    std::mutex out_mutex_;
    std::string name_;
    EngineT engine_;
    chess::Position pos_;
    chess::Position search_pos_;  // the position of the running search, for move notation
    // The move that reached pos_ and the position before it ("position ... moves ... m"), for
    // "eval"'s explanation; Move::none() when pos_ was set without moves.
    chess::Position before_last_;
    chess::Move last_move_ = chess::Move::none();
    bool chess960_ = false;
    bool show_wdl_ = false;
    int multipv_ = 1;
    bool limit_strength_ = false;
    int elo_ = engine::kMaxElo;
    eval::Preset preset_ = eval::Preset::kFull;
    eval::Weights weights_ = eval::default_weights();  // of the full evaluation (WeightsFile)
    engine::OpeningBook book_;                         // OwnBook, BookFile, BookDepth, BookBestMove
    engine::Tablebases tables_;                        // TablebasePath, GaviotaTbPath
    std::string gaviota_notice_;  // the table-less GaviotaTbPath said already (once is enough)
    std::string syzygy_notice_;   // the same for SyzygyPath
    std::thread job_;             // a running "bench" or "go perft"
    std::atomic<bool> job_stop_{false};              // ends "go perft"
    std::shared_ptr<engine::BenchStop> bench_stop_;  // ends "bench"
};

using Session = BasicSession<engine::ChessEngine>;

// Instantiated once, in session.cpp.
extern template class BasicSession<engine::ChessEngine>;

// Hands session the lines of in until "quit" or the end of the input. A line over
// core::kMaxLineBytes (1 MiB; a "position ... moves" line of the longest possible game is under
// 100 KB) is refused with an info string and the session goes on, so endless input without line
// ends cannot fill the memory.
template <class SessionT>
void serve(SessionT& session, std::istream& in) {
    std::string line;
    for (;;) {
        const auto got = core::read_command(in, line);
        if (got == core::CommandLine::kEnd) return;
        if (got == core::CommandLine::kTooLong) {
            session.error("input line ignored: longer than " +
                          core::size_text(core::kMaxLineBytes));
            continue;
        }
        if (!session.handle(line)) return;
    }
}

}  // namespace kibitz::uci
