// SQLite storage of the web app's games.
#include "server/store.h"

#include <sqlite3.h>

#include <stdexcept>

#include "server/store_schema.h"

namespace kibitz::server {

namespace {

// The tables are made and upgraded by store_schema.cpp.

// A prepared statement that finalizes itself; bind() and step() throw with SQLite's message.
class Statement {
public:
    Statement(sqlite3* db, const char* sql) : db_(db) {
        if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK) fail("prepare");
    }
    ~Statement() { sqlite3_finalize(stmt_); }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    Statement& bind(int i, const std::string& s) {
        check(sqlite3_bind_text(stmt_, i, s.data(), int(s.size()), SQLITE_TRANSIENT));
        return *this;
    }
    Statement& bind(int i, std::int64_t v) {
        check(sqlite3_bind_int64(stmt_, i, v));
        return *this;
    }
    Statement& bind_null(int i) {
        check(sqlite3_bind_null(stmt_, i));
        return *this;
    }
    // True while there is a row.
    bool step() {
        const int rc = sqlite3_step(stmt_);
        if (rc == SQLITE_ROW) return true;
        if (rc != SQLITE_DONE) fail("step");
        return false;
    }
    void reset() {
        sqlite3_reset(stmt_);
        sqlite3_clear_bindings(stmt_);
    }
    std::string text(int col) const {
        const auto* p = sqlite3_column_text(stmt_, col);
        return p ? std::string(reinterpret_cast<const char*>(p)) : std::string();
    }
    std::int64_t integer(int col) const { return sqlite3_column_int64(stmt_, col); }
    bool is_null(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }

private:
    void check(int rc) {
        if (rc != SQLITE_OK) fail("bind");
    }
    [[noreturn]] void fail(const char* what) {
        throw std::runtime_error(std::string("database ") + what + ": " + sqlite3_errmsg(db_));
    }
    sqlite3* db_;
    sqlite3_stmt* stmt_ = nullptr;
};

}  // namespace

core::Result<std::unique_ptr<Store>> Store::open(const std::string& path) {
    sqlite3* db = nullptr;
    const int rc = sqlite3_open_v2(
        path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
        nullptr);
    if (rc != SQLITE_OK) {
        std::string message = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
        sqlite3_close(db);
        return core::error("cannot open database " + path + ": " + message);
    }
    std::unique_ptr<Store> store(new Store(db, path));
    try {
        sqlite3_busy_timeout(db, 500);
        // A newer release's database is refused before anything here writes to it.
        if (auto known = schema::check_version(db, path); !known) return core::error(known.error());
        // WAL with synchronous=NORMAL: a commit survives the process being killed; only a
        // power cut may lose the last commits.
        store->exec("PRAGMA journal_mode=WAL");
        store->exec("PRAGMA synchronous=NORMAL");
        store->exec("PRAGMA foreign_keys=ON");
        // One server per database: each keeps its games in memory, and two would overwrite
        // each other's moves. The exclusive lock is taken by the first write and kept.
        store->exec("PRAGMA locking_mode=EXCLUSIVE");
        store->exec("BEGIN IMMEDIATE");
        store->exec("COMMIT");
        sqlite3_busy_timeout(db, 5000);
        if (auto upgraded = schema::upgrade(db, path); !upgraded)
            return core::error(upgraded.error());
    } catch (const std::exception& e) {
        if (sqlite3_errcode(db) == SQLITE_BUSY || sqlite3_errcode(db) == SQLITE_LOCKED)
            return core::error("database " + path + " is in use by another program (is " +
                               "another kibitz play running on it?)");
        return core::error("cannot use database " + path + ": " + e.what());
    }
    return store;
}

Store::~Store() { sqlite3_close(db_); }

void Store::exec(const char* sql) {
    char* message = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
        std::string text = message ? message : "unknown error";
        sqlite3_free(message);
        throw std::runtime_error(text);
    }
}

void Store::save(const Game& g, std::size_t /*unchanged*/) {
    std::lock_guard lock(mutex_);
    exec("BEGIN IMMEDIATE");
    try {
        Statement row(
            db_,
            "INSERT INTO games(id, mode, settings, start_fen, created, updated, token_white, "
            "token_black, result, reason, clock_white, clock_black, turn_started, "
            "draw_offer, review, tags, next_node, takeback_request) "
            "VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18) "
            // An upsert, not INSERT OR REPLACE: a replace deletes the row first,
            // and the cascade would take the moves with it.
            "ON CONFLICT(id) DO UPDATE SET updated = ?6, result = ?9, reason = ?10, "
            "clock_white = ?11, clock_black = ?12, turn_started = ?13, "
            "draw_offer = ?14, review = ?15, tags = ?16, next_node = ?17, "
            "takeback_request = ?18");
        Json settings = settings_json(g.settings);
        settings["chess960"] = g.settings.chess960;
        row.bind(1, g.id)
            .bind(2, std::string(mode_name(g.mode)))
            .bind(3, settings.dump())
            .bind(4, g.start_fen())
            .bind(5, g.created)
            .bind(6, g.updated)
            .bind(7, g.token[chess::kWhite])
            .bind(8, g.token[chess::kBlack])
            .bind(9, g.result)
            .bind(10, g.reason)
            .bind(11, g.clock[chess::kWhite])
            .bind(12, g.clock[chess::kBlack])
            .bind(13, g.turn_started);
        if (g.draw_offer)
            row.bind(14, std::string(color_name(*g.draw_offer)));
        else
            row.bind_null(14);
        if (g.review.is_null())
            row.bind_null(15);
        else
            row.bind(15, g.review.dump());
        Json tags = Json::array();
        for (const auto& [name, value] : g.tags) tags.push_back({name, value});
        row.bind(16, tags.dump()).bind(17, std::int64_t(g.tree().next_id()));
        // Cleared (NULL) as soon as it is answered, a move is played or the game ends.
        if (g.takeback_request)
            row.bind(18, std::string(color_name(*g.takeback_request)));
        else
            row.bind_null(18);
        row.step();
        // The whole tree, rewritten: a variation, a comment or a deleted move may change any
        // node, and a game has at most a few thousand.
        Statement drop(db_, "DELETE FROM nodes WHERE game_id = ?1");
        drop.bind(1, g.id);
        drop.step();
        Statement add(db_,
                      "INSERT INTO nodes(game_id, id, parent, ord, uci, comment_before, "
                      "comment_after, nags, clock, think, eval_cp, eval_mate, depth, book, best) "
                      "VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15)");
        for (const NodeRow& n : tree_rows(g.tree())) {
            add.reset();
            add.bind(1, g.id)
                .bind(2, std::int64_t(n.id))
                .bind(4, std::int64_t(n.order))
                .bind(5, n.uci)
                .bind(6, n.comment_before)
                .bind(7, n.comment_after)
                .bind(8, n.nags)
                .bind(9, n.clock)
                .bind(10, n.think)
                .bind(13, std::int64_t(n.depth))
                .bind(14, std::int64_t(n.book ? 1 : 0))
                .bind(15, n.best);
            if (n.parent == kNoNode)
                add.bind_null(3);
            else
                add.bind(3, std::int64_t(n.parent));
            // A mate score has no centipawns; an eval of 0 cp is {cp 0, mate null}.
            if (n.eval && !n.eval->mate)
                add.bind(11, std::int64_t(n.eval->cp));
            else
                add.bind_null(11);
            if (n.eval && n.eval->mate)
                add.bind(12, std::int64_t(n.eval->mate));
            else
                add.bind_null(12);
            add.step();
        }
        exec("COMMIT");
    } catch (...) {
        sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
        throw;
    }
}

void Store::remove(const std::string& id) {
    std::lock_guard lock(mutex_);
    Statement del(db_, "DELETE FROM games WHERE id = ?1");
    del.bind(1, id);
    del.step();
}

std::vector<Game> Store::load_all(std::vector<std::string>& problems) {
    std::lock_guard lock(mutex_);
    std::vector<Game> games;
    Statement rows(
        db_,
        "SELECT id, mode, settings, start_fen, created, updated, token_white, "
        "token_black, result, reason, clock_white, clock_black, turn_started, "
        "draw_offer, review, tags, next_node, takeback_request FROM games ORDER BY created");
    Statement nodes(db_,
                    "SELECT id, parent, ord, uci, comment_before, comment_after, nags, clock, "
                    "think, eval_cp, eval_mate, depth, book, best FROM nodes WHERE game_id = ?1 "
                    "ORDER BY id");
    while (rows.step()) {
        Game g;
        g.id = rows.text(0);
        const auto fail = [&](const std::string& why) {
            problems.push_back("game " + g.id + " not loaded: " + why);
        };
        const auto mode = parse_mode(rows.text(1));
        const Json settings = Json::parse(rows.text(2), nullptr, false);
        if (!mode || settings.is_discarded()) {
            fail("bad mode or settings");
            continue;
        }
        auto parsed = parse_settings(settings);
        if (!parsed) {
            fail(parsed.error());
            continue;
        }
        g.mode = *mode;
        g.settings = *parsed;
        if (auto started = g.start(rows.text(3)); !started) {
            fail(started.error());
            continue;
        }
        std::vector<NodeRow> stored;
        nodes.reset();
        nodes.bind(1, g.id);
        while (nodes.step()) {
            NodeRow n;
            n.id = NodeId(nodes.integer(0));
            n.parent = nodes.is_null(1) ? kNoNode : NodeId(nodes.integer(1));
            n.order = int(nodes.integer(2));
            n.uci = nodes.text(3);
            n.comment_before = nodes.text(4);
            n.comment_after = nodes.text(5);
            n.nags = nodes.text(6);
            n.clock = nodes.integer(7);
            n.think = nodes.integer(8);
            if (!nodes.is_null(9) || !nodes.is_null(10))
                n.eval = Eval{int(nodes.integer(9)), int(nodes.integer(10))};
            n.depth = int(nodes.integer(11));
            n.book = nodes.integer(12) != 0;
            n.best = nodes.text(13);
            stored.push_back(std::move(n));
        }
        const std::string start = g.tree().start_fen();
        auto tree = tree_from_rows(start, g.settings.chess960, stored, NodeId(rows.integer(16)));
        if (!tree) {
            fail(tree.error());
            continue;
        }
        g.set_tree(std::move(*tree));
        const Json tags = Json::parse(rows.text(15), nullptr, false);
        if (tags.is_array())
            for (const Json& t : tags)
                if (t.is_array() && t.size() == 2 && t[0].is_string() && t[1].is_string())
                    g.tags.emplace_back(t[0].get<std::string>(), t[1].get<std::string>());
        g.created = rows.integer(4);
        g.updated = rows.integer(5);
        g.token[chess::kWhite] = rows.text(6);
        g.token[chess::kBlack] = rows.text(7);
        // The stored result wins over the rules' (resignation, agreement, time).
        g.result = rows.text(8);
        g.reason = rows.text(9);
        g.clock[chess::kWhite] = rows.integer(10);
        g.clock[chess::kBlack] = rows.integer(11);
        g.turn_started = rows.integer(12);
        if (!rows.is_null(13))
            g.draw_offer = rows.text(13) == "white" ? chess::kWhite : chess::kBlack;
        if (!rows.is_null(14)) g.review = Json::parse(rows.text(14), nullptr, false);
        if (g.review.is_discarded()) g.review = nullptr;
        // Only a game of two people in play has a request; any other stored value is none.
        if (!rows.is_null(17) && g.mode == Mode::kHumans && !g.over()) {
            const std::string asked = rows.text(17);
            if (asked == "white" || asked == "black")
                g.takeback_request = asked == "white" ? chess::kWhite : chess::kBlack;
        }
        games.push_back(std::move(g));
    }
    return games;
}

// Othello games.

void Store::save_othello(const OthelloRow& r) {
    std::lock_guard lock(mutex_);
    Statement row(db_,
                  "INSERT OR REPLACE INTO othello_games(id, mode, settings, start, moves, "
                  "created, updated, token_black, token_white) VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9)");
    row.bind(1, r.id)
        .bind(2, r.mode)
        .bind(3, r.settings)
        .bind(4, r.start)
        .bind(5, r.moves)
        .bind(6, r.created)
        .bind(7, r.updated)
        .bind(8, r.token_black)
        .bind(9, r.token_white);
    row.step();
}

void Store::remove_othello(const std::string& id) {
    std::lock_guard lock(mutex_);
    Statement del(db_, "DELETE FROM othello_games WHERE id = ?1");
    del.bind(1, id);
    del.step();
}

std::vector<OthelloRow> Store::load_othello() {
    std::lock_guard lock(mutex_);
    std::vector<OthelloRow> rows;
    Statement q(db_,
                "SELECT id, mode, settings, start, moves, created, updated, token_black, "
                "token_white FROM othello_games ORDER BY created");
    while (q.step()) {
        OthelloRow r;
        r.id = q.text(0);
        r.mode = q.text(1);
        r.settings = q.text(2);
        r.start = q.text(3);
        r.moves = q.text(4);
        r.created = q.integer(5);
        r.updated = q.integer(6);
        r.token_black = q.text(7);
        r.token_white = q.text(8);
        rows.push_back(std::move(r));
    }
    return rows;
}

}  // namespace kibitz::server
