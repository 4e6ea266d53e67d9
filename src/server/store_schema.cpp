// The schema of the web app's database and its upgrades (see store_schema.h).
#include "server/store_schema.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>

namespace kibitz::server::schema {

namespace {

// Migration 1: the schema of the releases before schema versions, unchanged (games, their
// moves, Othello games). IF NOT EXISTS: it also runs on such a release's database.
constexpr const char* kVersion1 = R"sql(
CREATE TABLE IF NOT EXISTS games(
    id TEXT PRIMARY KEY,
    mode TEXT NOT NULL,
    settings TEXT NOT NULL,
    start_fen TEXT NOT NULL,
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL,
    token_white TEXT NOT NULL,
    token_black TEXT NOT NULL,
    result TEXT NOT NULL,
    reason TEXT NOT NULL,
    clock_white INTEGER NOT NULL,
    clock_black INTEGER NOT NULL,
    turn_started INTEGER NOT NULL,
    draw_offer TEXT,
    review TEXT);
CREATE TABLE IF NOT EXISTS moves(
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply INTEGER NOT NULL,
    uci TEXT NOT NULL,
    clock INTEGER NOT NULL,
    think INTEGER NOT NULL,
    eval TEXT,
    depth INTEGER NOT NULL,
    PRIMARY KEY(game_id, ply));
CREATE TABLE IF NOT EXISTS othello_games(
    id TEXT PRIMARY KEY,
    mode TEXT NOT NULL,
    settings TEXT NOT NULL,
    start TEXT NOT NULL,
    moves TEXT NOT NULL,
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL,
    token_black TEXT NOT NULL,
    token_white TEXT NOT NULL);
)sql";

// Migration 2: the move tree (issue 22). Each game's moves become nodes of its tree: the root
// (node 0, the start position) and move n as node n, each the first child of the one before,
// with its clock, time used, evaluation (or book mark) and depth; the games get their PGN tags
// (a JSON array of [name, value]) and the next node id. Then the moves table goes. An eval
// column that is not JSON (never written by a release) is read as no evaluation.
constexpr const char* kVersion2 = R"sql(
CREATE TABLE nodes(
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    id INTEGER NOT NULL,
    parent INTEGER,
    ord INTEGER NOT NULL,
    uci TEXT NOT NULL,
    comment_before TEXT NOT NULL,
    comment_after TEXT NOT NULL,
    nags TEXT NOT NULL,
    clock INTEGER NOT NULL,
    think INTEGER NOT NULL,
    eval_cp INTEGER,
    eval_mate INTEGER,
    depth INTEGER NOT NULL,
    book INTEGER NOT NULL,
    best TEXT NOT NULL,
    PRIMARY KEY(game_id, id));
ALTER TABLE games ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';
ALTER TABLE games ADD COLUMN next_node INTEGER NOT NULL DEFAULT 1;
INSERT INTO nodes(game_id, id, parent, ord, uci, comment_before, comment_after, nags, clock,
                  think, eval_cp, eval_mate, depth, book, best)
    SELECT id, 0, NULL, 0, '', '', '', '', -1, 0, NULL, NULL, 0, 0, '' FROM games;
INSERT INTO nodes(game_id, id, parent, ord, uci, comment_before, comment_after, nags, clock,
                  think, eval_cp, eval_mate, depth, book, best)
    SELECT game_id, ply, ply - 1, 0, uci, '', '', '', clock, think,
           CASE WHEN json_valid(eval) AND json_type(eval, '$.mate') IS NULL
                THEN json_extract(eval, '$.cp') END,
           CASE WHEN json_valid(eval) THEN json_extract(eval, '$.mate') END,
           depth,
           CASE WHEN json_valid(eval) AND json_extract(eval, '$.book') THEN 1 ELSE 0 END, ''
    FROM moves WHERE game_id IN (SELECT id FROM games);
UPDATE games SET next_node = 1 + coalesce((SELECT max(ply) FROM moves WHERE game_id = games.id), 0);
DROP TABLE moves;
)sql";

// Migration 3: a take-back asked for in a game of two people and not answered yet survives a
// restart (issue 22): the asking seat, "white" or "black", or NULL for none. Every game of an
// earlier version has none (it was kept in memory only).
constexpr const char* kVersion3 = R"sql(
ALTER TABLE games ADD COLUMN takeback_request TEXT;
)sql";

// Runs SQL (one statement or several); throws std::runtime_error with SQLite's message.
void run(sqlite3* db, const char* sql) {
    char* message = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &message) == SQLITE_OK) return;
    const std::string why = message ? message : sqlite3_errmsg(db);
    sqlite3_free(message);
    throw std::runtime_error(why);
}

// The text of each row's first column of a query; throws std::runtime_error.
std::vector<std::string> column(sqlite3* db, const char* sql) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr) != SQLITE_OK)
        throw std::runtime_error(sqlite3_errmsg(db));
    std::vector<std::string> values;
    int rc;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        const auto* text = sqlite3_column_text(stmt, 0);
        values.emplace_back(text ? reinterpret_cast<const char*>(text) : "");
    }
    sqlite3_finalize(stmt);
    if (rc != SQLITE_DONE) throw std::runtime_error(sqlite3_errmsg(db));
    return values;
}

int user_version(sqlite3* db) { return std::stoi(column(db, "PRAGMA user_version").at(0)); }

// The database's own tables (SQLite's internal ones left out).
std::vector<std::string> tables(sqlite3* db) {
    return column(db,
                  "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
                  "'sqlite_%' ORDER BY name");
}

bool busy(sqlite3* db) {
    const int code = sqlite3_errcode(db);
    return code == SQLITE_BUSY || code == SQLITE_LOCKED;
}

// Why a database cannot be read: in use by another server, or what SQLite said.
std::string unreadable(sqlite3* db, const std::string& path, const std::exception& e) {
    if (busy(db))
        return "database " + path +
               " is in use by another program (is another kibitz play running on it?)";
    return "cannot read the schema of database " + path + ": " + e.what();
}

// Copies the whole database to `<file>.v<version>.bak` (or -2, -3, … when that exists) with
// VACUUM INTO, first under a `.part` name, flushed to the disk and then renamed, so that a copy
// under the final name is always whole. Returns the copy's path; throws std::runtime_error.
std::string back_up(sqlite3* db, const std::string& file, int version) {
    namespace fs = std::filesystem;
    const std::string stem = file + ".v" + std::to_string(version);
    std::string target = stem + ".bak";
    for (int n = 2; fs::exists(target); ++n) target = stem + "-" + std::to_string(n) + ".bak";
    const std::string part = target + ".part";
    std::error_code ec;
    fs::remove(part, ec);  // left by a copy cut short: never a whole one
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db, "VACUUM INTO ?1", -1, &stmt, nullptr) != SQLITE_OK)
        throw std::runtime_error(sqlite3_errmsg(db));
    sqlite3_bind_text(stmt, 1, part.c_str(), -1, SQLITE_TRANSIENT);
    const int rc = sqlite3_step(stmt);
    sqlite3_finalize(stmt);
    if (rc != SQLITE_DONE)
        throw std::runtime_error("cannot copy it to " + part + ": " + sqlite3_errmsg(db));
    const int fd = ::open(part.c_str(), O_RDONLY);
    const bool flushed = fd >= 0 && ::fsync(fd) == 0;
    if (fd >= 0) ::close(fd);
    if (!flushed) throw std::runtime_error("cannot flush the copy " + part + " to the disk");
    fs::rename(part, target, ec);
    if (ec) throw std::runtime_error("cannot rename " + part + ": " + ec.message());
    return target;
}

// Runs one migration in its own transaction, which also sets user_version. When any part
// fails it rolls back and throws std::runtime_error naming the step.
void apply(sqlite3* db, const Migration& step) {
    const std::string name =
        "step " + std::to_string(step.version) + " (" + step.description + ") failed: ";
    try {
        run(db, "BEGIN IMMEDIATE");
    } catch (const std::exception& e) {
        throw std::runtime_error(name + e.what());
    }
    try {
        if (step.sql) run(db, step.sql);
        if (step.apply) step.apply(db);
        if (const auto broken = column(db, "PRAGMA foreign_key_check"); !broken.empty())
            throw std::runtime_error("it leaves rows of table " + broken.front() +
                                     " that refer to missing rows");
        run(db, ("PRAGMA user_version = " + std::to_string(step.version)).c_str());
        run(db, "COMMIT");
    } catch (const std::exception& e) {
        sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
        throw std::runtime_error(name + e.what());
    }
}

}  // namespace

const std::vector<Migration>& migrations() {
    static const std::vector<Migration> steps = {
        {1, "games, their moves, Othello games (the schema of the first releases)", kVersion1, {}},
        {2,
         "move tree: a nodes table filled from the moves table, the games' PGN tags",
         kVersion2,
         {}},
        {3, "a pending take-back request of a game of two people", kVersion3, {}},
    };
    return steps;
}

int latest_version() { return migrations().back().version; }

core::Status check_version(sqlite3* db, const std::string& path,
                           const std::vector<Migration>& steps) {
    const int known = steps.empty() ? 0 : steps.back().version;
    int version = 0;
    std::vector<std::string> names;
    try {
        version = user_version(db);
        if (version == 0) names = tables(db);
    } catch (const std::exception& e) {
        return core::error(unreadable(db, path, e));
    }
    if (version > known)
        return core::error("database " + path + " has schema version " + std::to_string(version) +
                           ", but this kibitz knows versions up to " + std::to_string(known) +
                           ": it was written by a newer release; open it with that release "
                           "(the file was left as it was)");
    if (version < 0)
        return core::error("database " + path + " has schema version " + std::to_string(version) +
                           ", which no kibitz writes");
    // Before schema versions every release created the games table; a database with tables
    // but without it belongs to another program.
    if (version == 0 && !names.empty() &&
        std::find(names.begin(), names.end(), "games") == names.end()) {
        std::string list;
        for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
        return core::error("database " + path + " is not a kibitz database: it has tables (" +
                           list + ") but no games table and no schema version");
    }
    return core::Done{};
}

core::Result<Upgrade> upgrade(sqlite3* db, const std::string& path,
                              const std::vector<Migration>& steps) {
    for (std::size_t i = 0; i < steps.size(); ++i)
        if (steps[i].version != int(i) + 1)
            return core::error("the schema's migrations are not numbered 1, 2, 3, …: step " +
                               std::to_string(i + 1) + " says " + std::to_string(steps[i].version));
    if (auto known = check_version(db, path, steps); !known) return core::error(known.error());

    Upgrade done;
    bool fresh = false, foreign_keys = false;
    try {
        done.from = user_version(db);
        fresh = done.from == 0 && tables(db).empty();
        foreign_keys = column(db, "PRAGMA foreign_keys").at(0) == "1";
    } catch (const std::exception& e) {
        return core::error(unreadable(db, path, e));
    }
    done.to = done.from;
    const int latest = steps.empty() ? 0 : steps.back().version;
    if (done.from == latest) return done;

    // Migrations rebuild tables: with foreign keys on, dropping `games` would delete every
    // move through the cascade. They are off (outside any transaction) until the end.
    std::size_t next = std::size_t(done.from);
    const char* file = sqlite3_db_filename(db, "main");
    std::string failure;
    try {
        run(db, "PRAGMA foreign_keys = OFF");
        // A database of a release before schema versions is version 1: migration 1 only adds
        // a table that such a release may not have had, so it needs no copy.
        if (done.from == 0 && !fresh) {
            apply(db, steps[0]);
            done.to = 1;
            next = 1;
        }
        if (!fresh && next < steps.size() && file && *file)
            done.backup = back_up(db, file, done.to);
        for (; next < steps.size(); ++next) {
            apply(db, steps[next]);
            done.to = steps[next].version;
        }
    } catch (const std::exception& e) {
        failure = e.what();
    }
    if (foreign_keys) sqlite3_exec(db, "PRAGMA foreign_keys = ON", nullptr, nullptr, nullptr);
    if (failure.empty()) return done;
    std::string message = "cannot upgrade database " + path + " from schema version " +
                          std::to_string(done.from) + " to " + std::to_string(latest) + ": " +
                          failure + "; it was left at version " + std::to_string(done.to);
    if (!done.backup.empty()) message += ", and a copy from before the upgrade is " + done.backup;
    return core::error(message);
}

}  // namespace kibitz::server::schema
