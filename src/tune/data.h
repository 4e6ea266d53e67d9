// Labelled positions for tuning: the compact file of `kibitz datagen` (32 bytes a position) and
// labelled EPD files (`c9 "1-0";` as in the quiet-labeled sets, or a trailing [1.0] / "1-0").
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "chess/position.h"
#include "core/files.h"
#include "core/result.h"

namespace kibitz::tune {

// A game result from White's view: 1 win, 0.5 draw, 0 loss.
using Result = double;

// One record of the compact file: the position (FEN fields packed: occupancy, 4 bits a piece,
// side, castling rights, en passant, counters), the game's result and the search score.
constexpr int kRecordSize = 32;
using Record = std::array<std::uint8_t, kRecordSize>;

// The file starts with these 16 bytes; records follow.
constexpr int kHeaderSize = 16;
inline constexpr char kMagic[kHeaderSize + 1] = "KIBITZ-DATA-v1\n\n";

// Packs pos (standard chess, at most 32 pieces) with its result and the search score in
// centipawns from White's view (clamped to +-32000).
Record pack(const chess::Position& pos, Result result, int score_white);

struct Unpacked {
    chess::Position pos;
    Result result = 0.5;
    int score_white = 0;
};
// The position of a record; an error when the bytes are no legal position.
core::Result<Unpacked> unpack(const Record& record);

// Appends records to a compact file, creating it with its header (atomically: a new file is
// never left without its whole header). An existing file is checked (header) and cut back to
// whole records, so that a run stopped mid-write resumes cleanly. Every write is checked.
class DataWriter {
public:
    // Opens path (creating it when missing); the error names the file and the reason.
    core::Status open(const std::string& path);
    // Writes n records at the end of the file; the error names the file and the OS error.
    core::Status append(const Record* records, std::size_t n);
    // Syncs and closes the file; the error names the file.
    core::Status close() { return file_.close(); }
    std::uint64_t count() const { return count_; }

private:
    core::AppendFile file_;
    std::uint64_t count_ = 0;
};

// Calls visit(position, result, score) for each labelled position of a compact file or an EPD
// file (score: the search score from White's view when the file has one), up to max positions
// (0 = all). Errors name the file and the record or line; an EPD line may hold at most
// core::kMaxLineBytes.
using Visitor = std::function<void(const chess::Position&, Result, std::optional<int>)>;
core::Status read_labelled(const std::string& path, const Visitor& visit, std::uint64_t max = 0);

// The number of records in a compact file; an error when it is none.
core::Result<std::uint64_t> count_records(const std::string& path);

}  // namespace kibitz::tune
