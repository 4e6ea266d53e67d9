// PGN: a game model with comments, NAGs and variations; a streaming, tolerant reader that
// names the line of every error and resynchronises at the next game; an export-format writer.
#pragma once

#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "chess/position.h"
#include "core/files.h"
#include "core/result.h"

namespace kibitz::chess {

// The reader's limits, so that no input, however hostile, crashes it or fills the memory
// (docs/files.md). Real files stay far below them: in the 786 games of data/games/ the deepest
// nesting is 3, the longest line 1,021 bytes and the largest game 28 KB.
//
// Variations nested deeper than this are an error (the game is skipped). Everything that walks
// a game's variations (writing, counting, freeing) recurses once per level.
inline constexpr int kMaxVariationDepth = 256;
// A longer line stops the reading of the input: no line end in sight, as in /dev/zero.
inline constexpr std::size_t kMaxPgnLineBytes = core::kMaxLineBytes;  // 1 MiB
// A larger game (tags, moves, comments) is an error; reading resumes at the next game.
inline constexpr std::size_t kMaxPgnGameBytes = std::size_t(16) << 20;  // 16 MiB
// A longer {comment} or tag value is an error; reading resumes at the next game.
inline constexpr std::size_t kMaxPgnCommentBytes = std::size_t(1) << 20;    // 1 MiB
inline constexpr std::size_t kMaxPgnTagValueBytes = std::size_t(64) << 10;  // 64 KiB

// One move of a game or variation, with what is written around it.
struct PgnMove {
    Move move;              // Move::null() for a null move ("--", read only with allow_null_moves)
    std::string san;        // canonical SAN (as move_to_san writes it); "--" for a null move
    std::vector<int> nags;  // $n, and ! ? !! ?? !? ?! as 1..6
    // NAGs written before the move where no earlier move of its line can take them: at the
    // start of a variation ("( $140 1... c5 )").
    std::vector<int> nags_before;
    // Whitespace collapsed to single spaces. The first comment after a move is its
    // comment_after; more comments before the next move are that move's comment_before
    // ("1. e4 {after e4} {before e5} 1... e5"), as pre-move comments are written.
    std::string comment_before, comment_after;
    std::vector<std::vector<PgnMove>> variations;  // alternatives to this move
};

struct PgnGame {
    std::vector<std::pair<std::string, std::string>> tags;  // in file order
    std::string start_fen;  // empty = standard start position; else the FEN tag
    std::vector<PgnMove> moves;
    std::string result = "*";  // "1-0", "0-1", "1/2-1/2" or "*"
    int first_line = 0;        // line of the game's first tag (or movetext) in the input
    std::string comment;       // comment before the first move
    std::vector<int> nags;     // NAGs before the first move ("$14 1. e4"), of the start

    // The value of the tag `name` (first one, exact name), or "" when absent.
    std::string_view tag(std::string_view name) const;
    // Sets tag `name` to value, replacing the first tag of that name or appending it.
    void set_tag(std::string_view name, std::string_view value);
    // True when the Variant tag says Chess960 ("chess960", "fischerandom", ...).
    bool chess960() const;
    // The main line's moves.
    std::vector<Move> mainline() const;
};

// The position the game starts from: start_fen (or the standard one), Chess960 per its Variant
// tag. The error names the FEN or the unsupported variant.
core::Result<Position> start_position(const PgnGame& game);

// Where and why the last game failed to read.
struct PgnError {
    int line = 0;
    int column = 0;
    std::string reason;
};

// Reads games one at a time from a stream or a whole text: huge files need little memory.
// Tolerant of common looseness (1/2, "1 e4", 0-0, e.p., ;-comments, %-lines, nested quotes in
// tags); a broken game yields an error and reading resumes at the next tag section. A line over
// kMaxPgnLineBytes or a read error yields an error and ends the reading (stopped()).
class PgnReader {
public:
    // Reads from `in`, which must outlive the reader.
    explicit PgnReader(std::istream& in);
    // Reads from `text`, which must outlive the reader (no copy is made).
    explicit PgnReader(std::string_view text);
    PgnReader(const PgnReader&) = delete;  // line_ views buffer_
    PgnReader& operator=(const PgnReader&) = delete;

    // The next game, an error naming its line ("line 12, column 5: ..."), or nullopt at the end.
    std::optional<core::Result<PgnGame>> next();

    // Games returned so far, good and bad (the number of the last one returned).
    int games() const { return games_; }
    // Reads the null moves of analysis files (--, Z0, 0000, @@@@) as Move::null() when on; off
    // by default, since most readers replay moves with Position::make. A null move is
    // refused in check, with the move number.
    void allow_null_moves(bool on) { null_moves_ = on; }
    // Details of the last error returned by next().
    const PgnError& last_error() const { return error_; }
    // True when reading stopped before the end of the input: a line longer than
    // kMaxPgnLineBytes, or a read error. The last error returned by next() says which.
    bool stopped() const { return stopped_; }

private:
    struct Level;
    bool load_line();
    void stop(std::string reason);
    bool game_too_large(const PgnGame& game);
    bool at_end();
    void skip_to_next_game();
    core::Result<PgnGame> fail(int line, int column, std::string reason, bool resync);
    core::Result<PgnGame> read_game();
    bool read_tags(PgnGame& game, std::vector<int>& tag_lines);
    bool read_movetext(PgnGame& game, Position start);

    std::optional<core::LineReader> lines_;  // when reading a stream
    std::string_view text_;                  // when reading a text
    std::size_t text_pos_ = 0;
    std::string_view line_;  // the current line, without its end-of-line characters
    std::size_t col_ = 0;    // read position in line_
    bool have_line_ = false;
    int line_no_ = 0;
    std::uint64_t game_bytes_ = 0;  // bytes of the lines of the game being read
    std::string stop_reason_;       // why reading stopped, until next() reports it
    int stop_line_ = 0;
    bool stopped_ = false;
    bool null_moves_ = false;
    int games_ = 0;
    PgnError error_;
    std::string error_text_;
    bool error_set_ = false;
    bool error_resync_ = false;
};

// The game in PGN export format: the Seven Tag Roster first ("?" defaults, Result = result),
// SetUp/FEN when start_fen is set, the other tags; movetext wrapped at 80 columns with move
// numbers, comments, $n NAGs and variations; ends with the result and a newline.
std::string write_pgn(const PgnGame& game);

// Maps a suffix annotation (! ? !! ?? !? ?!) to its NAG 1..6, or a few evaluation symbols
// (= += =+ +/- -/+ +- -+) to theirs; 0 when the text is none of these.
int nag_from_symbol(std::string_view symbol);

}  // namespace kibitz::chess
