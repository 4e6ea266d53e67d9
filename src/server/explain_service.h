// POST /api/explain and GET /api/eval of docs/api.md, for the analysis board and the review's
// "learn from your mistakes": a move explained in words (explain.h) on worker threads of their
// own behind a short queue, so that a flood of requests costs a few searches and 503s, never an
// unbounded number of threads; and the evaluation of a position term by term (chess_eval.h),
// cheap enough for the request's own thread.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "explain/line.h"
#include "server/reply.h"
#include "server/routes.h"

namespace kibitz::server {

class ExplainService {
public:
    struct Options {
        int workers = 1;              // explanations computed at once
        std::size_t max_waiting = 4;  // queued behind them; the next request is answered 503
        explain::SearchSetting search = {8, 400'000, 0, 8};         // depth 8, 400k nodes a search
        std::chrono::milliseconds wait = std::chrono::seconds(20);  // longest answer (else 503)
    };

    explicit ExplainService(Options options);
    ExplainService() : ExplainService(Options{}) {}
    ~ExplainService();
    ExplainService(const ExplainService&) = delete;
    ExplainService& operator=(const ExplainService&) = delete;

    // The reply to POST /api/explain or GET /api/eval (405 for another method there), or
    // nullopt for any other path.
    std::optional<Reply> route(const Request& r, const Json& body);

    // POST /api/explain {"fen", "move", "previous"?, "chess960"?}: the move (UCI or SAN) in the
    // position, after the opponent's move `previous` when given (then `fen` is the position
    // before it). The answer is explain::to_json's object with fen (where the move is
    // played), line_san, best_san, best_line_san, score and best_score (mover's view) added; 400
    // names what was wrong with the request, 503 a busy server.
    Reply explain(const Json& body);
    // GET /api/eval?fen=FEN: each evaluation term of the position for White and Black in
    // centipawns, the phase and the score from White's view; 400 for a missing or bad FEN.
    Reply eval(const std::string& fen) const;

    // Stops taking tasks off the queue while held (tests fill the queue with it).
    void hold(bool on);
    // Explanations waiting in the queue (not those being computed).
    std::size_t waiting() const;

private:
    struct Task;
    void work();

    Options options_;
    mutable std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<std::shared_ptr<Task>> queue_;
    std::vector<std::thread> threads_;
    bool held_ = false;
    bool quit_ = false;
};

}  // namespace kibitz::server
