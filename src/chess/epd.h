// EPD records: a position (the first four FEN fields, optionally the counters) followed by
// operations such as `bm Qg6; id "WAC.001";`.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "chess/position.h"
#include "core/result.h"

namespace kibitz::chess {

// The largest EPD file Kibitz reads (test suites, perft suites, openings, lab positions): 64 MiB,
// some 800,000 positions (docs/files.md). Such files are read whole.
inline constexpr std::uint64_t kMaxEpdFileBytes = std::uint64_t(64) << 20;

struct EpdRecord {
    Position position;
    // Operations in file order: opcode and its operands (quotes removed from strings).
    std::vector<std::pair<std::string, std::vector<std::string>>> operations;

    // The operands of the first operation with this opcode, or none.
    const std::vector<std::string>* find(std::string_view opcode) const;
    // The id operand, or "" when there is none.
    std::string id() const;
};

// Parses one EPD line. Errors name what is wrong (the FEN part, or an unterminated string).
core::Result<EpdRecord> parse_epd(std::string_view line, bool chess960 = false);

// Reads the moves of a `bm`/`am` operation in SAN (or UCI) notation; an error names the move.
core::Result<std::vector<Move>> epd_moves(const EpdRecord& record, std::string_view opcode);

}  // namespace kibitz::chess
