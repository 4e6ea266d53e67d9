// The Othello engine of the web app as a runner of the server's job queue (job_queue.h): one
// engine and its endgame solver, searching the engine's moves of every Othello game in turn.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "server/job_queue.h"
#include "server/othello_game.h"

namespace kibitz::server {

// One engine move to search: the position, how strongly to play, and where the search goes.
struct OthelloJob : Job {
    std::string game_id;  // the engine forgets its tables when it changes game
    othello::Board board;
    OthelloLevel level;
    std::int64_t ms = 1000;  // time cap
    // Called on the search thread for each finished iteration.
    std::function<void(const OthelloSearchInfo&)> on_info;
    // Called once at the end with the best move and the last iteration, unless cancelled.
    std::function<void(othello::Move, const std::optional<OthelloSearchInfo>&)> on_done;
};

// A runner for OthelloJobs with tables of `hash_mb` MB (and as much again for the solver).
std::unique_ptr<JobRunner> make_othello_searcher(std::size_t hash_mb);

}  // namespace kibitz::server
