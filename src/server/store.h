// Saved games in SQLite (WAL): every change is committed before the page hears of it, so a
// restart, even after kill -9, loses nothing that was shown.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/game.h"

struct sqlite3;

namespace kibitz::server {

// One stored Othello game (src/server/othello_game.h makes and reads it): plain text and
// numbers, so that the store knows nothing of the rules.
struct OthelloRow {
    std::string id, mode;
    std::string settings;  // JSON object
    std::string start;     // board text
    std::string moves;     // JSON array
    std::int64_t created = 0, updated = 0;
    std::string token_black, token_white;
};

class Store {
public:
    // Opens (creating when needed) the database at path; ":memory:" for tests. The error names
    // the path and what SQLite said.
    static core::Result<std::unique_ptr<Store>> open(const std::string& path);
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    // Writes the game's row and its whole move tree (one row per node, in the nodes table), in
    // one transaction; `unchanged` is not used (the tree is rewritten). Throws
    // std::runtime_error on failure.
    void save(const Game& game, std::size_t unchanged);
    // Deletes a game and its moves.
    void remove(const std::string& id);

    // Every stored game, rebuilt by replaying its tree's moves. A game that cannot be rebuilt
    // is left in the database untouched and reported in `problems`.
    std::vector<Game> load_all(std::vector<std::string>& problems);

    const std::string& path() const { return path_; }

    // Othello games, in a table of their own (othello_games). save_othello writes the whole
    // row (insert or replace) and throws std::runtime_error on failure.
    void save_othello(const OthelloRow& row);
    void remove_othello(const std::string& id);
    std::vector<OthelloRow> load_othello();

private:
    explicit Store(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
    void exec(const char* sql);

    sqlite3* db_;
    std::string path_;
    std::mutex mutex_;
};

}  // namespace kibitz::server
