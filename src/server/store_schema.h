// The schema of the web app's SQLite database, as numbered migrations. The database's
// `PRAGMA user_version` is the number of the last migration applied to it; a database of a
// release before schema versions (user_version 0, with the tables) is version 1.
//
// Opening a database (Store::open) does, in order:
//  1. check_version: a database whose version is newer than this build knows is refused,
//     before anything writes to it, with an error naming the path and both versions.
//  2. upgrade: a fresh database gets every migration. An existing one at an older version is
//     first copied, whole, to `<db>.v<old>.bak` beside it (never over an older copy: then
//     `<db>.v<old>-2.bak`, …), and then gets each missing migration in a transaction of its
//     own that also sets user_version. A migration that fails is rolled back: the database
//     stays at the version before it, and the error names the step and the copy.
//
// Adding a migration (e.g. 2, the move tree's nodes, filled from the moves table):
//  - append {2, "move tree: a nodes table, filled from the moves table", R"sql(CREATE TABLE
//    nodes(...); INSERT INTO nodes(...) SELECT ... FROM moves;)sql", nullptr} to the list in
//    store_schema.cpp; when SQL cannot say it, leave sql null (or keep it for the tables) and
//    give `apply`, which reads and writes through the handle and throws std::runtime_error;
//  - never edit a released step: a database that already ran it would not run it again;
//  - foreign keys are off while migrations run (a rebuilt table's DROP would otherwise cascade
//    into its children) and checked before each step commits;
//  - test it on the kept databases of earlier releases (tests/data/store/, made by
//    scripts/make-store-fixture): every game must load intact after the upgrade.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/result.h"

struct sqlite3;

namespace kibitz::server::schema {

// One step from version `version - 1` to `version`: `sql` (may hold several statements; null
// for none) runs first, then `apply` (may be empty), in the step's transaction.
struct Migration {
    int version = 0;
    const char* description = "";
    const char* sql = nullptr;
    std::function<void(sqlite3*)> apply;
};

// The migrations of this build, in order: migrations()[i].version == i + 1. Migration 1 is the
// schema of the first release and uses CREATE TABLE IF NOT EXISTS, so that it also completes a
// database of a release before schema versions without changing what it holds.
const std::vector<Migration>& migrations();

// The version a database has after upgrade(): the last migration's.
int latest_version();

// What upgrade() did: the versions before and after, and the copy made first ("" when none
// was needed: a fresh or up-to-date database, or one in memory).
struct Upgrade {
    int from = 0, to = 0;
    std::string backup;
};

// Refuses a database whose user_version is above the last of `steps`, or one with tables of
// another program; reads only. The error names the path and the versions.
core::Status check_version(sqlite3* db, const std::string& path,
                           const std::vector<Migration>& steps = migrations());

// Brings the database at `path` (open on `db`, with no transaction open) to the last of
// `steps`, copying it first when it holds data at an older version (see the top of this file).
// Refuses what check_version refuses. Errors name the path, the versions, and the failed step.
core::Result<Upgrade> upgrade(sqlite3* db, const std::string& path,
                              const std::vector<Migration>& steps = migrations());

}  // namespace kibitz::server::schema
