// The web app's Othello commands (docs/api.md, "Othello") on the game-agnostic core: games in
// a GameTable, saved to SQLite before every reply, the engine's moves searched on a JobQueue of
// one Othello engine so that no HTTP thread waits for them; every change of a game, and each
// iteration of the engine's search, goes to the game's event streams as a `state` event.
// Thread-safe and HTTP-free, so tests call it directly.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/events.h"
#include "server/game_store.h"
#include "server/game_table.h"
#include "server/job_queue.h"
#include "server/othello_game.h"
#include "server/othello_searcher.h"
#include "server/reply.h"
#include "server/routes.h"
#include "server/store.h"

namespace kibitz::server {

class OthelloService {
public:
    struct Options {
        std::size_t hash_mb = 16;  // the engine's table, and as much again for the solver
        // Multiplies every level's time cap (tests use less than 1).
        double time_scale = 1.0;
    };

    // Loads the saved Othello games of the store (which must outlive the service); an engine
    // turn that was interrupted starts again.
    OthelloService(Store& store, Options options);
    ~OthelloService();
    OthelloService(const OthelloService&) = delete;
    OthelloService& operator=(const OthelloService&) = delete;

    // The commands of docs/api.md; `token` is the X-Kibitz-Token header ("" when absent).
    // The Othello settings, and whether the request comes from the server's owner.
    Reply info(const Request& r) const;
    Reply create(const Json& body);
    // The games whose seat token the request presents, or every game for the owner (?all=1).
    Reply list(const Request& r) const;
    // `seat` ("black", "white", "both"; "" for none) also checks that the token holds it.
    Reply get(const std::string& id, const std::string& token, const std::string& seat) const;
    Reply remove(const std::string& id, const std::string& token);
    Reply move(const std::string& id, const std::string& token, const Json& body);
    Reply takeback(const std::string& id, const std::string& token);
    Reply export_text(const std::string& id) const;

    // A stream of a game's events, starting with its state; nullptr when the game is unknown
    // (status 404) or too many streams are open (429).
    std::shared_ptr<Stream> open_stream(const std::string& id, int& status);
    void close_stream(const std::string& id, const std::shared_ptr<Stream>& s);
    EventHub& hub() { return table_.hub(); }
    // The Othello games' route table (routes.h).
    const GameRoutes& routes() const { return routes_; }

    // Problems met while loading the database (games left out).
    const std::vector<std::string>& load_problems() const { return problems_; }
    // True while the engine has a move to search or is searching (for tests).
    bool busy() const;

private:
    struct Entry {
        OthelloGame game;
        std::shared_ptr<OthelloJob> job;        // the engine's move being searched
        std::optional<OthelloSearchInfo> live;  // its latest iteration
    };
    using Lock = GameTable<Entry>::Lock;

    // Called with the table's lock held.
    void save(Entry& e) { table_.save(e, 0); }
    Json state(const Entry& e) const;
    // After a change: lets the engine move if it is its turn, saves, replies with the game.
    Reply commit(Entry& e, int status = 200);
    // The engine's turn: a forced pass at once, else a search on the queue.
    void start_engine_move(Entry& e);
    void cancel_job(Entry& e);
    // Run on the search thread for each iteration and at the end of a search.
    void engine_info(const std::shared_ptr<OthelloJob>& job, const OthelloSearchInfo& info);
    void engine_moved(const std::shared_ptr<OthelloJob>& job, othello::Move m,
                      const std::optional<OthelloSearchInfo>& info);
    GameRoutes make_routes();

    Options options_;
    OthelloStore store_;
    GameTable<Entry> table_;
    GameRoutes routes_;
    std::vector<std::string> problems_;
    std::unique_ptr<JobQueue> queue_;  // last: it stops first
};

}  // namespace kibitz::server
