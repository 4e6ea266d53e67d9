// The database's schema versions and migrations (src/server/store_schema.h): a database written
// by a release before schema versions (tests/data/store/v1-bd750b8.sqlite) opens with every
// game intact, a fresh one gets the latest version, a newer one is refused untouched, and a
// migration makes a copy first, and rolls back and names itself when it fails.
#include "server/store_schema.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <stdexcept>

#include "server/api.h"
#include "server/othello_service.h"
#include "temp_dir.h"

namespace kibitz::server::store_schema_test {
namespace {

namespace fs = std::filesystem;

const std::string kFixture = std::string(KIBITZ_SOURCE_DIR) + "/tests/data/store/v1-bd750b8.sqlite";

// A plain SQLite connection for looking at a database beside the Store; closes itself.
class Db {
public:
    explicit Db(const std::string& path) {
        if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                            nullptr) != SQLITE_OK)
            ADD_FAILURE() << "cannot open " << path << ": " << sqlite3_errmsg(db_);
    }
    ~Db() { sqlite3_close(db_); }
    Db(const Db&) = delete;
    Db& operator=(const Db&) = delete;

    sqlite3* get() const { return db_; }
    void exec(const std::string& sql) {
        char* message = nullptr;
        if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK)
            ADD_FAILURE() << sql << ": " << (message ? message : "?");
        sqlite3_free(message);
    }
    // Every row of a query, each column as text ("NULL" for null).
    std::vector<std::vector<std::string>> rows(const std::string& sql) const {
        std::vector<std::vector<std::string>> out;
        sqlite3_stmt* stmt = nullptr;
        if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
            ADD_FAILURE() << sql << ": " << sqlite3_errmsg(db_);
            return out;
        }
        while (sqlite3_step(stmt) == SQLITE_ROW) {
            auto& row = out.emplace_back();
            for (int c = 0; c < sqlite3_column_count(stmt); ++c) {
                const auto* t = sqlite3_column_text(stmt, c);
                row.emplace_back(t ? reinterpret_cast<const char*>(t) : "NULL");
            }
        }
        sqlite3_finalize(stmt);
        return out;
    }
    std::string value(const std::string& sql) const {
        const auto r = rows(sql);
        return r.empty() || r[0].empty() ? "" : r[0][0];
    }

private:
    sqlite3* db_ = nullptr;
};

std::string bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string copy_fixture(const test::TempDir& dir, const std::string& name) {
    const std::string path = dir.file(name);
    fs::copy_file(kFixture, path);
    return path;
}

std::vector<std::string> backups(const test::TempDir& dir) {
    std::vector<std::string> found;
    for (const auto& e : fs::directory_iterator(dir.path))
        if (e.path().extension() == ".bak") found.push_back(e.path().filename().string());
    std::sort(found.begin(), found.end());
    return found;
}

// Migration 1 and one more step: the tests of the upgrade machinery run on the first
// release's schema (with its moves table), whatever later migrations this build has.
std::vector<schema::Migration> with_step(schema::Migration extra) {
    std::vector<schema::Migration> steps{schema::migrations().front()};
    extra.version = 2;
    steps.push_back(std::move(extra));
    return steps;
}

// Brings the fixture at `path` to version 1, as a release with versions left it.
void to_version1(const std::string& path) {
    Db db(path);
    const auto done = schema::upgrade(db.get(), path, {schema::migrations().front()});
    ASSERT_TRUE(done.ok()) << done.error();
}

// What the fixture holds, as scripts/make-store-fixture made it (tests/data/store/README.md).
struct Expected {
    const char* id;
    const char* mode;
    std::vector<std::string> san;
    const char* result;
    const char* reason;
};
const std::vector<Expected> kChess = {
    {"c41fe3f92cbc51b9", "engine", {"e4", "c5", "Nf3", "e6", "Bb5", "Nc6"}, "*", ""},
    {"a3f967a2b9cabe62", "engine", {"a3", "Bd7", "cxd5", "Nxd5"}, "*", ""},
    {"d208d7d1c1698158", "engine", {"d4", "a6", "Nf3"}, "1-0", "resignation"},
    {"df374fa33f42a27b", "humans", {"e4", "c5", "Nf3"}, "*", ""},
    {"01ed54f34c393c03", "humans", {"f3", "e5", "g4", "Qh4#"}, "0-1", "checkmate"},
    {"10f394457a950bd6", "analysis", {"d4", "Nf6", "Nf3", "b6"}, "*", ""},
    {"7b3077a27e641efb", "analysis", {}, "*", ""},
    {"f632fcfc57c571f6", "humans", {"a3", "Ng6"}, "*", ""},
    {"e1048dc3ac7eaacf",
     "analysis",
     {"e4", "e5", "f4", "exf4", "Bc4", "Qh4+", "Kf1", "b5", "Bxb5", "Nf6", "Nf3", "Qh6", "d3",
      "Nh5"},
     "*",
     ""},
    {"4b449d804e625285",
     "analysis",
     {"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"},
     "1-0",
     "checkmate"},
};
const char* const kOthelloInPlay = "1885691307770937";
const char* const kOthelloOver = "75a1b825b03b0259";

// A loaded game's stored fields, as the games table writes them, to compare with its row.
std::vector<std::string> row_of(const Game& g) {
    Json settings = settings_json(g.settings);
    settings["chess960"] = g.settings.chess960;
    return {g.id,
            std::string(mode_name(g.mode)),
            settings.dump(),
            g.start_fen(),
            std::to_string(g.created),
            std::to_string(g.updated),
            g.token[chess::kWhite],
            g.token[chess::kBlack],
            g.result,
            g.reason,
            std::to_string(g.clock[chess::kWhite]),
            std::to_string(g.clock[chess::kBlack]),
            std::to_string(g.turn_started),
            g.draw_offer ? std::string(color_name(*g.draw_offer)) : "NULL",
            g.review.is_null() ? "NULL" : g.review.dump()};
}

std::vector<std::string> row_of(const GameMove& m) {
    std::string eval = "NULL";
    if (m.eval)
        eval = eval_json(*m.eval).dump();
    else if (m.book)
        eval = Json{{"book", true}}.dump();
    return {m.uci, std::to_string(m.clock), std::to_string(m.think), eval, std::to_string(m.depth)};
}

TEST(StoreSchema, ReleaseDatabaseOpensWithEveryGameIntact) {
    test::TempDir dir("kibitz-schema-");
    const std::string path = copy_fixture(dir, "games.db");
    const std::string pristine = copy_fixture(dir, "pristine.db");
    Db raw(pristine);
    EXPECT_EQ(raw.value("PRAGMA user_version"), "0");  // written before schema versions
    const auto game_rows = raw.rows(
        "SELECT id, mode, settings, start_fen, created, updated, token_white, token_black, "
        "result, reason, clock_white, clock_black, turn_started, draw_offer, review FROM games");
    const auto othello_rows = raw.rows("SELECT * FROM othello_games ORDER BY created");
    ASSERT_EQ(game_rows.size(), kChess.size());
    ASSERT_EQ(othello_rows.size(), 2u);

    auto store = Store::open(path);
    ASSERT_TRUE(store.ok()) << store.error();
    std::vector<std::string> problems;
    const auto games = (*store)->load_all(problems);
    EXPECT_TRUE(problems.empty()) << problems.front();
    std::map<std::string, const Game*> by_id;
    for (const auto& g : games) by_id[g.id] = &g;
    ASSERT_EQ(by_id.size(), kChess.size());

    // Every stored field, and every move's, reads back as the release wrote it.
    for (const auto& row : game_rows) {
        ASSERT_TRUE(by_id.count(row[0])) << row[0];
        const Game& g = *by_id[row[0]];
        EXPECT_EQ(row_of(g), row) << g.id;
        const auto move_rows = raw.rows(
            "SELECT uci, clock, think, coalesce(eval, 'NULL'), depth FROM moves WHERE game_id "
            "= '" +
            g.id + "' ORDER BY ply");
        ASSERT_EQ(g.moves().size(), move_rows.size()) << g.id;
        for (std::size_t i = 0; i < move_rows.size(); ++i)
            EXPECT_EQ(row_of(g.moves()[i]), move_rows[i]) << g.id << " ply " << i + 1;
    }
    // And the games are the games that were played.
    for (const auto& e : kChess) {
        const Game& g = *by_id.at(e.id);
        EXPECT_EQ(mode_name(g.mode), e.mode) << e.id;
        std::vector<std::string> san;
        for (const auto& m : g.moves()) san.push_back(m.san);
        EXPECT_EQ(san, e.san) << e.id;
        EXPECT_EQ(g.result, e.result) << e.id;
        EXPECT_EQ(g.reason, e.reason) << e.id;
    }
    const Game& engine = *by_id.at("c41fe3f92cbc51b9");
    EXPECT_TRUE(engine.moves()[1].book);
    ASSERT_TRUE(engine.moves()[5].eval);
    EXPECT_EQ(engine.moves()[5].eval->cp, -32);
    EXPECT_EQ(engine.moves()[5].depth, 3);
    EXPECT_EQ(engine.moves()[0].clock, 302000);
    EXPECT_EQ(by_id.at("df374fa33f42a27b")->draw_offer, chess::kWhite);
    EXPECT_TRUE(by_id.at("f632fcfc57c571f6")->settings.chess960);
    const Json& review = by_id.at("4b449d804e625285")->review;
    EXPECT_EQ(review["done"], 8);
    EXPECT_EQ(review["total"], 8);
    EXPECT_EQ(review["plies"][5]["label"], "blunder");

    // Othello rows come back whole.
    const auto othello = (*store)->load_othello();
    ASSERT_EQ(othello.size(), othello_rows.size());
    for (std::size_t i = 0; i < othello.size(); ++i) {
        const OthelloRow& r = othello[i];
        EXPECT_EQ((std::vector<std::string>{r.id, r.mode, r.settings, r.start, r.moves,
                                            std::to_string(r.created), std::to_string(r.updated),
                                            r.token_black, r.token_white}),
                  othello_rows[i]);
    }
    store->reset();

    // Now at the latest version: recognised as version 1 without a copy, then copied before
    // migration 2 turned the 47 moves into nodes (one more per game: its start).
    Db upgraded(path);
    EXPECT_EQ(upgraded.value("PRAGMA user_version"), std::to_string(schema::latest_version()));
    EXPECT_EQ(upgraded.value("SELECT count(*) FROM nodes"), std::to_string(47 + kChess.size()));
    // Migration 3: no game of a release had a stored take-back request.
    EXPECT_EQ(upgraded.value("SELECT count(*) FROM games WHERE takeback_request IS NULL"),
              std::to_string(kChess.size()));
    EXPECT_EQ(backups(dir), std::vector<std::string>{"games.db.v1.bak"});
}

TEST(StoreSchema, Migration3KeepsEveryGameOfAVersion2Database) {
    test::TempDir dir("kibitz-schema-");
    const std::string path = copy_fixture(dir, "games.db");
    {
        // The fixture as a build with migrations 1 and 2 left it.
        Db db(path);
        const std::vector<schema::Migration> two(schema::migrations().begin(),
                                                 schema::migrations().begin() + 2);
        const auto done = schema::upgrade(db.get(), path, two);
        ASSERT_TRUE(done.ok()) << done.error();
        EXPECT_EQ(db.value("PRAGMA user_version"), "2");
    }
    fs::remove(path + ".v1.bak");
    auto store = Store::open(path);
    ASSERT_TRUE(store.ok()) << store.error();
    std::vector<std::string> problems;
    const auto games = (*store)->load_all(problems);
    EXPECT_TRUE(problems.empty()) << problems.front();
    ASSERT_EQ(games.size(), kChess.size());
    for (const Game& g : games) EXPECT_FALSE(g.takeback_request) << g.id;
    EXPECT_EQ((*store)->load_othello().size(), 2u);
    store->reset();
    Db upgraded(path);
    EXPECT_EQ(upgraded.value("PRAGMA user_version"), "3");
    EXPECT_EQ(upgraded.value("SELECT count(*) FROM nodes"), std::to_string(47 + kChess.size()));
    // The copy is of version 2, made before migration 3.
    EXPECT_EQ(backups(dir), std::vector<std::string>{"games.db.v2.bak"});
    Db copy(path + ".v2.bak");
    EXPECT_EQ(copy.value("PRAGMA user_version"), "2");
}

TEST(StoreSchema, ReleaseDatabaseServesItsGames) {
    test::TempDir dir("kibitz-schema-");
    auto store = Store::open(copy_fixture(dir, "games.db"));
    ASSERT_TRUE(store.ok()) << store.error();
    Service::Options o;
    o.engines = 1;
    o.hash_mb = 2;
    Service service(std::move(*store), o);
    EXPECT_TRUE(service.load_problems().empty()) << service.load_problems().front();
    const auto get = [&](const std::string& path) {
        Request r;
        r.method = "GET";
        r.path = path;
        r.peer = "127.0.0.1";  // the owner, who may list every game
        r.all = std::string("1");
        const Reply reply = handle(service, r);
        EXPECT_EQ(reply.status, 200) << path << ": " << reply.body.dump();
        return reply.body;
    };
    std::set<std::string> listed, expected;
    const Json list = get("/api/games");
    for (const auto& g : list["games"]) listed.insert(g["id"].get<std::string>());
    for (const auto& e : kChess)
        if (!(e.mode == std::string("analysis") && e.san.empty())) expected.insert(e.id);
    EXPECT_EQ(listed, expected);  // an analysis board without moves is not listed
    const Json reviewed = get("/api/games/4b449d804e625285");
    EXPECT_EQ(reviewed["moves"][6]["san"], "Qxf7#");
    EXPECT_EQ(reviewed["review"]["plies"][6]["best_san"], "Qxf7#");
    EXPECT_EQ(get("/api/games/e1048dc3ac7eaacf")["moves"][13]["san"], "Nh5");

    EXPECT_EQ(get("/api/othello/games")["games"].size(), 2u);
    const Json over = get(std::string("/api/othello/games/") + kOthelloOver);
    EXPECT_EQ(over["over"], true);
    EXPECT_EQ(over["result"], "white");
    EXPECT_EQ(over["score"], (Json{{"black", 19}, {"white", 45}}));
    EXPECT_EQ(over["moves"].size(), 64u);
    const Json in_play = get(std::string("/api/othello/games/") + kOthelloInPlay);
    EXPECT_EQ(in_play["over"], false);
    EXPECT_EQ(in_play["turn"], "black");
    EXPECT_EQ(in_play["moves"][3]["move"], "f4");
    EXPECT_EQ(in_play["moves"][3]["search"]["depth"], 2);
}

TEST(StoreSchema, FreshDatabaseGetsTheLatestVersion) {
    test::TempDir dir("kibitz-schema-");
    const std::string path = dir.file("new.db");
    ASSERT_TRUE(Store::open(path).ok());
    {
        Db db(path);
        EXPECT_EQ(db.value("PRAGMA user_version"), std::to_string(schema::latest_version()));
        EXPECT_EQ(db.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"),
                  (std::vector<std::vector<std::string>>{{"games"}, {"nodes"}, {"othello_games"}}));
    }
    EXPECT_EQ(backups(dir), std::vector<std::string>{});
    // Opening it again changes nothing.
    ASSERT_TRUE(Store::open(path).ok());
    EXPECT_EQ(backups(dir), std::vector<std::string>{});
    EXPECT_TRUE(Store::open(":memory:").ok());
}

TEST(StoreSchema, NewerDatabaseIsRefusedUntouched) {
    test::TempDir dir("kibitz-schema-");
    for (const std::string journal : {"WAL", "DELETE"}) {
        const std::string path = dir.file("newer-" + journal + ".db");
        {
            Db db(path);
            db.exec("PRAGMA journal_mode=" + journal);
            db.exec("CREATE TABLE games(id TEXT PRIMARY KEY, nodes TEXT)");
            db.exec("INSERT INTO games VALUES('a', 'kept')");
            db.exec("PRAGMA user_version = " + std::to_string(schema::latest_version() + 7));
        }
        const std::string before = bytes(path);
        const auto store = Store::open(path);
        ASSERT_FALSE(store.ok()) << journal;
        const std::string& why = store.error();
        EXPECT_NE(why.find(path), std::string::npos) << why;
        EXPECT_NE(why.find("schema version " + std::to_string(schema::latest_version() + 7)),
                  std::string::npos)
            << why;
        EXPECT_NE(why.find("up to " + std::to_string(schema::latest_version())), std::string::npos)
            << why;
        EXPECT_EQ(bytes(path), before) << journal;
        EXPECT_FALSE(fs::exists(path + "-wal")) << journal;
    }
    EXPECT_EQ(backups(dir), std::vector<std::string>{});
}

TEST(StoreSchema, ForeignDatabaseIsRefusedUntouched) {
    test::TempDir dir("kibitz-schema-");
    const std::string path = dir.file("photos.db");
    {
        Db db(path);
        db.exec("CREATE TABLE photos(name TEXT); CREATE TABLE albums(name TEXT)");
    }
    const std::string before = bytes(path);
    const auto store = Store::open(path);
    ASSERT_FALSE(store.ok());
    EXPECT_NE(store.error().find(path + " is not a kibitz database"), std::string::npos)
        << store.error();
    EXPECT_NE(store.error().find("albums, photos"), std::string::npos) << store.error();
    EXPECT_EQ(bytes(path), before);
}

TEST(StoreSchema, MigrationCopiesTheDatabaseFirst) {
    test::TempDir dir("kibitz-schema-");
    const std::string path = copy_fixture(dir, "games.db");
    to_version1(path);
    // A copy from an earlier upgrade is never overwritten.
    std::ofstream(path + ".v1.bak") << "an older copy";
    const auto steps = with_step({0,
                                  "test: a notes table, filled from the moves",
                                  "CREATE TABLE notes(game_id TEXT, ply INTEGER);"
                                  "INSERT INTO notes SELECT game_id, ply FROM moves;",
                                  {}});
    {
        Db db(path);
        db.exec("PRAGMA journal_mode=WAL; PRAGMA locking_mode=EXCLUSIVE");  // as Store has it
        const auto done = schema::upgrade(db.get(), path, steps);
        ASSERT_TRUE(done.ok()) << done.error();
        EXPECT_EQ(done->from, 1);
        EXPECT_EQ(done->to, 2);
        EXPECT_EQ(done->backup, path + ".v1-2.bak");
        EXPECT_EQ(db.value("PRAGMA user_version"), "2");
        EXPECT_EQ(db.value("SELECT count(*) FROM notes"), "47");
    }
    EXPECT_EQ(bytes(path + ".v1.bak"), "an older copy");
    EXPECT_EQ(backups(dir), (std::vector<std::string>{"games.db.v1-2.bak", "games.db.v1.bak"}));
    EXPECT_FALSE(fs::exists(path + ".v1-2.bak.part"));
    // The copy is the database before the step, and the current build opens it whole.
    Db copy(path + ".v1-2.bak");
    EXPECT_EQ(copy.value("PRAGMA user_version"), "1");
    EXPECT_EQ(copy.value("SELECT count(*) FROM sqlite_master WHERE name = 'notes'"), "0");
    auto store = Store::open(path + ".v1-2.bak");
    ASSERT_TRUE(store.ok()) << store.error();
    std::vector<std::string> problems;
    EXPECT_EQ((*store)->load_all(problems).size(), kChess.size());
    EXPECT_EQ((*store)->load_othello().size(), 2u);
}

TEST(StoreSchema, MigrationOfAReleaseDatabaseCountsItAsVersion1) {
    test::TempDir dir("kibitz-schema-");
    const std::string path = copy_fixture(dir, "games.db");
    Db db(path);
    const auto done =
        schema::upgrade(db.get(), path, with_step({0, "test: an index", "CREATE INDEX ...", {}}));
    // The step's SQL is wrong: version 1 was reached, the copy made, the step rolled back.
    ASSERT_FALSE(done.ok());
    EXPECT_NE(done.error().find("step 2 (test: an index) failed: "), std::string::npos)
        << done.error();
    EXPECT_NE(done.error().find("syntax error"), std::string::npos) << done.error();
    EXPECT_NE(done.error().find("left at version 1"), std::string::npos) << done.error();
    EXPECT_EQ(db.value("PRAGMA user_version"), "1");
    EXPECT_EQ(backups(dir), std::vector<std::string>{"games.db.v1.bak"});
}

TEST(StoreSchema, FailedMigrationRollsBackAndKeepsTheCopy) {
    test::TempDir dir("kibitz-schema-");
    const std::string path = copy_fixture(dir, "games.db");
    to_version1(path);
    const auto steps = with_step({0, "test: deletes the moves, then fails", "DELETE FROM moves;",
                                  [](sqlite3*) { throw std::runtime_error("injected failure"); }});
    {
        Db db(path);
        const auto done = schema::upgrade(db.get(), path, steps);
        ASSERT_FALSE(done.ok());
        const std::string& why = done.error();
        EXPECT_NE(why.find("cannot upgrade database " + path + " from schema version 1 to 2"),
                  std::string::npos)
            << why;
        EXPECT_NE(why.find("step 2 (test: deletes the moves, then fails) failed: injected "
                           "failure; it was left at version 1, and a copy from before the "
                           "upgrade is " +
                           path + ".v1.bak"),
                  std::string::npos)
            << why;
        EXPECT_EQ(db.value("PRAGMA user_version"), "1");
        EXPECT_EQ(db.value("SELECT count(*) FROM moves"), "47");
        EXPECT_EQ(db.value("PRAGMA foreign_keys"), "0");  // as the connection had it
    }
    EXPECT_EQ(backups(dir), std::vector<std::string>{"games.db.v1.bak"});
    Db copy(path + ".v1.bak");
    EXPECT_EQ(copy.value("SELECT count(*) FROM moves"), "47");
    // The database still opens with every game.
    auto store = Store::open(path);
    ASSERT_TRUE(store.ok()) << store.error();
    std::vector<std::string> problems;
    EXPECT_EQ((*store)->load_all(problems).size(), kChess.size());
    EXPECT_TRUE(problems.empty());
}

TEST(StoreSchema, RebuildingATableKeepsItsChildren) {
    // With foreign keys on, dropping games would delete every move through the cascade; the
    // migrations run with them off and checked, as SQLite's table-rebuild recipe wants.
    test::TempDir dir("kibitz-schema-");
    const std::string path = copy_fixture(dir, "games.db");
    to_version1(path);
    const char* rebuild = R"sql(
        CREATE TABLE games_new(id TEXT PRIMARY KEY, mode TEXT NOT NULL, settings TEXT NOT NULL,
            start_fen TEXT NOT NULL, created INTEGER NOT NULL, updated INTEGER NOT NULL,
            token_white TEXT NOT NULL, token_black TEXT NOT NULL, result TEXT NOT NULL,
            reason TEXT NOT NULL, clock_white INTEGER NOT NULL, clock_black INTEGER NOT NULL,
            turn_started INTEGER NOT NULL, draw_offer TEXT, review TEXT, note TEXT);
        INSERT INTO games_new SELECT *, NULL FROM games;
        DROP TABLE games;
        ALTER TABLE games_new RENAME TO games;)sql";
    Db db(path);
    db.exec("PRAGMA foreign_keys = ON");
    const auto done = schema::upgrade(db.get(), path, with_step({0, "test: rebuild", rebuild, {}}));
    ASSERT_TRUE(done.ok()) << done.error();
    EXPECT_EQ(db.value("SELECT count(*) FROM moves"), "47");
    EXPECT_EQ(db.value("SELECT count(*) FROM games"), std::to_string(kChess.size()));
    EXPECT_EQ(db.value("PRAGMA foreign_keys"), "1");  // back on
}

TEST(StoreSchema, BrokenReferencesFailTheStep) {
    test::TempDir dir("kibitz-schema-");
    const std::string path = copy_fixture(dir, "games.db");
    to_version1(path);
    Db db(path);
    const auto done = schema::upgrade(
        db.get(), path,
        with_step({0, "test: orphans", "DELETE FROM games WHERE mode = 'humans'", {}}));
    ASSERT_FALSE(done.ok());
    EXPECT_NE(done.error().find("leaves rows of table moves that refer to missing rows"),
              std::string::npos)
        << done.error();
    EXPECT_EQ(db.value("SELECT count(*) FROM games"), std::to_string(kChess.size()));
}

TEST(StoreSchema, MigrationsMustBeNumberedInOrder) {
    Db db(":memory:");
    auto steps = schema::migrations();
    steps.push_back({5, "test: out of order", "SELECT 1", {}});
    const auto done = schema::upgrade(db.get(), ":memory:", steps);
    ASSERT_FALSE(done.ok());
    const std::string step = std::to_string(schema::latest_version() + 1);
    EXPECT_NE(done.error().find("step " + step + " says 5"), std::string::npos) << done.error();
    EXPECT_EQ(db.value("PRAGMA user_version"), "0");
}

}  // namespace
}  // namespace kibitz::server::store_schema_test
