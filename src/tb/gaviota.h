// Gaviota endgame tables, probed through Debian's libgaviotatb. The library keeps one set of
// tables per process, so this is a process-wide set: opening a new path replaces it.
#pragma once

#include <optional>
#include <string>

#include "chess/position.h"
#include "core/result.h"
#include "tb/tables.h"

namespace kibitz::tb::gaviota {

// Opens the tables in `paths` (directories separated by ';'), replacing the set before. The
// compression scheme (cp1..cp4) is taken from the file names in the directories. An empty
// string closes the set. The error names the directory and what is missing.
core::Status open(const std::string& paths, std::size_t cache_mb = 32);
void close();
bool is_open();
// Whether any directory in `paths` (';'-separated) holds a *.gtb.cp1..4 file: a folder a GUI
// fills in by default, without tables, is no error (the caller says so once and goes on).
bool holds_tables(const std::string& paths);
// The directories of the open set ("" when closed).
std::string paths();
// The most men of the open set: 3, 4 or 5 when every table of that size is present (the
// library's own report), else 0.
int max_men();

// The value of pos from the side to move, or nullopt when the open set does not cover it
// (no table, castling rights, more than five men).
std::optional<Value> probe(const chess::Position& pos);

}  // namespace kibitz::tb::gaviota
