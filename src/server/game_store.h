// One store interface for every game of the web app: how a game table saves, deletes and loads
// its games. Each game kind has its own implementation over the one SQLite Store (store.h),
// which knows the tables and nothing of the rules.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "server/game.h"
#include "server/othello_game.h"
#include "server/store.h"

namespace kibitz::server {

template <class G>
class GameStore {
public:
    virtual ~GameStore() = default;
    // Writes the game, whose first `unchanged` moves are stored already, in one transaction.
    // Throws std::runtime_error on failure (nothing of the game is then written).
    virtual void save(const G& game, std::size_t unchanged) = 0;
    // Deletes a game and its moves.
    virtual void remove(const std::string& id) = 0;
    // Every stored game. One that cannot be rebuilt is left in the database untouched and
    // named in `problems`, with the reason.
    virtual std::vector<G> load_all(std::vector<std::string>& problems) = 0;
};

// Chess games: the games and moves tables.
class ChessStore final : public GameStore<Game> {
public:
    explicit ChessStore(Store& store) : store_(store) {}
    void save(const Game& game, std::size_t unchanged) override { store_.save(game, unchanged); }
    void remove(const std::string& id) override { store_.remove(id); }
    std::vector<Game> load_all(std::vector<std::string>& problems) override {
        return store_.load_all(problems);
    }

private:
    Store& store_;
};

// Othello games: one row each in othello_games, always written whole.
class OthelloStore final : public GameStore<OthelloGame> {
public:
    explicit OthelloStore(Store& store) : store_(store) {}
    void save(const OthelloGame& game, std::size_t unchanged) override;
    void remove(const std::string& id) override { store_.remove_othello(id); }
    std::vector<OthelloGame> load_all(std::vector<std::string>& problems) override;

private:
    Store& store_;
};

}  // namespace kibitz::server
