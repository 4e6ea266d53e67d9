// The web app's commands (docs/api.md): games in memory, saved to SQLite before every reply,
// engine work in the pool, events to the game's streams. Thread-safe; HTTP-free, so tests
// call it directly.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "engine/opening_book.h"
#include "engine/tablebases.h"
#include "server/engine_pool.h"
#include "server/events.h"
#include "server/explain_service.h"
#include "server/game.h"
#include "server/game_store.h"
#include "server/game_table.h"
#include "server/puzzles.h"
#include "server/reply.h"
#include "server/routes.h"
#include "server/store.h"

namespace kibitz::server {

class OthelloService;

// The node a command names: its "node" (an id of the game's tree), else its "ply" (the main
// line's node after that many half-moves), else the end of the main line. A refusal is the
// reply: 400 for a bad value, 404 for a node the tree lacks (service_tree.cpp).
std::optional<Reply> pick_node(const Game& g, const Json& body, NodeId& at);
// The same from a query's ?node= and ?ply= texts.
std::optional<Reply> pick_node(const Game& g, const std::string& node_text,
                               const std::string& ply_text, NodeId& at);

// "The game is already over: <reason>." (without the reason when it has none), the refusal of
// a command that needs a game in play.
std::string over_sentence(const Game& g);

class Service {
public:
    struct Options {
        int engines = 2;                 // engines in the pool
        std::size_t hash_mb = 32;        // per engine
        std::int64_t untimed_ms = 3000;  // full-strength engine moves without a clock
        std::string version = "dev";     // reported by GET /api/info
        std::string book;                // Polyglot book the engine plays from ("" = none)
        std::string tables;              // Kibitz's own endgame tables ("" = none)
        std::string gaviota;             // Gaviota tables, ';'-separated ("" = none)
        std::string syzygy;              // Syzygy tables, ':'-separated ("" = none)
        std::string puzzles;             // the puzzle CSV of the puzzle mode ("" = none)
    };

    // Loads the book and the tables, then the saved games; engine turns, reviews and clocks go
    // on where they were. Throws std::runtime_error naming a book or tables that cannot be used.
    Service(std::unique_ptr<Store> store, Options options);
    ~Service();
    Service(const Service&) = delete;
    Service& operator=(const Service&) = delete;

    // The commands of docs/api.md; `token` is the X-Kibitz-Token header ("" when absent).
    // The server's settings, and whether the request comes from the server's owner.
    Reply info(const Request& r) const;
    Reply create(const Json& body);
    // The games whose seat token the request presents, or every game for the owner (?all=1);
    // never an analysis board without moves (still open by its link).
    Reply list(const Request& r) const;
    Reply get(const std::string& id, const std::string& token, const std::string& seat) const;
    // The legal moves at node `node` of the tree, else after the first `ply` half-moves of the
    // main line (both "": the current position).
    Reply legal(const std::string& id, const std::string& node, const std::string& ply) const;
    // What the book and the endgame tables know of the position after `ply` half-moves.
    Reply knowledge(const std::string& id, const std::string& node, const std::string& ply) const;
    Reply remove(const std::string& id, const std::string& token);
    Reply move(const std::string& id, const std::string& token, const Json& body);
    // Engine and analysis: takes back at once. Two people: the last mover asks (an empty
    // body), the opponent answers {"answer": "accept"|"decline"}. Never once the game is over.
    Reply takeback(const std::string& id, const std::string& token, const Json& body);
    Reply resign(const std::string& id, const std::string& token);
    Reply draw(const std::string& id, const std::string& token, const Json& body);
    Reply hint(const std::string& id, const std::string& token);
    Reply analysis(const std::string& id, const std::string& token, const Json& body);
    Reply review(const std::string& id, const std::string& token, const Json& body);
    Reply pgn(const std::string& id) const;
    // A comment, a NAG, a promotion or a deletion at a node of an analysis board or a finished
    // game (service_tree.cpp).
    Reply annotate(const std::string& id, const std::string& token, const Json& body);

    // A stream of a game's events, starting with its state; nullptr when the game is unknown
    // (status 404) or too many streams are open (429).
    std::shared_ptr<Stream> open_stream(const std::string& id, int& status);
    // The stream ended; the game's analysis stops with its last stream.
    void close_stream(const std::string& id, const std::shared_ptr<Stream>& s);

    // Problems met while loading the database (games left out).
    const std::vector<std::string>& load_problems() const { return problems_; }
    const Store& store() const { return *store_; }
    EnginePool& pool() { return pool_; }
    EventHub& hub() { return table_.hub(); }
    // The Othello games (othello_service.h), on the same database.
    OthelloService& othello() { return *othello_; }
    // The puzzle mode (puzzles.h), read at construction.
    Puzzles& puzzles() { return puzzles_; }
    // POST /api/explain and GET /api/eval (explain_service.h).
    ExplainService& explainer() { return explainer_; }
    // The chess games' route table (routes.h).
    const GameRoutes& routes() const { return routes_; }
    // Every game's route table, the most specific root first (Othello's, then chess's).
    std::vector<const GameRoutes*> game_routes() const;

private:
    struct Entry {
        Game game;
        std::shared_ptr<EngineJob> move_job, hint_job, analysis_job, review_job;
    };
    using Lock = GameTable<Entry>::Lock;

    // Called with the table's lock held.
    void save(Entry& e, std::size_t unchanged) { table_.save(e, unchanged); }
    void publish_state(const Entry& e) { table_.publish_state(e); }
    // After a change: saves (the first `unchanged` moves are stored already), lets the engine
    // move if it is its turn, tells the streams, and replies with the game.
    Reply commit(Entry& e, std::size_t unchanged);
    Json state(const Entry& e) const;
    void stop_jobs(Entry& e, bool review_too);
    // The engine's turn: a book move at once, else a search in the pool.
    void start_engine_move(Entry& e);
    void engine_moved(const std::string& id, const std::shared_ptr<EngineJob>& job,
                      const JobResult& r);
    // Plays the engine's move, notes how it was chosen and saves it (r: the search, or null for
    // a book move); the caller tells the streams.
    void play_engine_move(Entry& e, chess::Move m, const JobResult* r);
    // {"book": [...], "tablebase": null | {...}} of docs/api.md for pos.
    Json knowledge_of(const chess::Position& pos) const;
    // A move at node `at` of an analysis board or a finished game: the child that has it, or a
    // new variation; the reply is the game with "node", the move's node (service_tree.cpp).
    Reply explore(Entry& e, NodeId at, const std::string& text);
    void start_review_step(Entry& e);
    // explanation: the "explanation" object of the move that led to the job's position when
    // the review labels it (computed on the engine's thread), else null.
    void review_step_done(const std::string& id, const std::shared_ptr<EngineJob>& job,
                          const JobResult& r, Json explanation);
    // Records the review of one position (with mutex_ held) and starts the next.
    void record_review(Entry& e, const chess::Position& pos, const JobResult& r,
                       Json explanation = nullptr);
    void watch_clocks();
    GameRoutes make_routes();

    std::unique_ptr<Store> store_;
    ChessStore chess_store_{*store_};
    Options options_;
    engine::OpeningBook book_;  // pick() with mutex_ held
    std::size_t book_entries_ = 0;
    engine::Tablebases tables_;  // set up before the pool's first job, then only probed
    EnginePool pool_;
    GameTable<Entry> table_;
    GameRoutes routes_;
    std::vector<std::string> problems_;
    Puzzles puzzles_;
    ExplainService explainer_;
    std::thread clock_thread_;
    std::condition_variable clock_cv_;
    bool quit_ = false;
    std::unique_ptr<OthelloService> othello_;  // destroyed first, in ~Service
};

}  // namespace kibitz::server
