// One Syzygy table file (.rtbw: win/draw/loss; .rtbz: distance to zeroing), mapped read-only
// and checked as it is parsed: every offset the probe will use lies inside the file.
//
// Layout (little-endian unless said): a 4-byte magic; a flags byte (1: two sides to move
// stored, 2: pawns); per leading-pawn file (a-d with pawns, else one) the group order
// nibbles and one piece-code byte per piece (low nibble: side 0, high: side 1); then per
// sub-table a compression header (flags; block size and span as powers of two; padding and
// block count; the longest and shortest Huffman code lengths and the first symbol of each
// length; the pair tree of 3-byte symbol pairs); for DTZ the value maps; then every
// sub-table's sparse index (6 bytes an entry), its block lengths (2 bytes each) and, aligned
// to 64 bytes, its blocks. A value is found through the sparse index, decoded with the
// canonical Huffman code and expanded through the pair tree (recursive pairing).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "tb/syzygy_index.h"

namespace kibitz::tb::syzygy {

enum class Kind { kWdl, kDtz };

// A read-only memory map of a whole file.
class MappedFile {
public:
    static core::Result<std::unique_ptr<MappedFile>> open(const std::string& path);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    const std::uint8_t* data() const { return data_; }
    std::size_t size() const { return size_; }

private:
    MappedFile() = default;
    const std::uint8_t* data_ = nullptr;
    std::size_t size_ = 0;
};

// The compressed values of one sub-table and how to decode them.
struct Pairs {
    Encoding enc;
    std::uint8_t flags = 0;        // 1 side to move (DTZ), 2 mapped, 4/8 wins/losses in plies,
                                   // 16 wide map, 128 a single value
    int single_value = 0;          // when flags & 128
    std::uint64_t block_size = 0;  // bytes per block
    std::uint64_t span = 0;        // values per sparse-index entry
    std::uint64_t sparse_count = 0, length_count = 0, blocks = 0;
    int min_len = 0;                         // shortest code in bits
    std::vector<std::uint64_t> base;         // [len - min_len]: the smallest code, left-aligned
    std::vector<std::uint16_t> lowest;       // [len - min_len]: the first symbol of that length
    std::vector<std::uint32_t> expands;      // [symbol]: values it stands for, less one
    std::vector<std::uint16_t> left, right;  // [symbol]: the pair (right 0xFFF: a value)
    std::size_t sparse = 0, lengths = 0, data = 0;  // file offsets
    std::size_t map[4] = {};  // DTZ value maps (wins, losses, cursed, blessed)
    std::size_t map_len[4] = {};
};

class Table {
public:
    // Maps and checks the file `path` of the given kind. `white` and `black` are the piece
    // codes the file name gives each side (White first); the file's pieces must match them.
    // The error names the file and what is wrong.
    static core::Result<std::unique_ptr<Table>> load(const std::string& path, Kind kind,
                                                     const std::vector<std::uint8_t>& codes,
                                                     const Shape& shape, bool symmetric);

    Kind kind() const { return kind_; }
    int sides() const { return sides_; }
    // The sub-table of a side to move (0 for a one-sided table) and a leading-pawn file.
    const Pairs& pairs(int side, int file) const { return pairs_[side][file]; }

    // The raw value at idx of a sub-table, or -1 when the data do not hold one (a damaged
    // block).
    int value(const Pairs& p, std::uint64_t idx) const;
    // A DTZ table's stored value mapped by the win/draw/loss of the position (-2..2) to
    // plies, as the standard probe reports them (before its 100 for cursed results); -1 when
    // the map does not hold it.
    int dtz_plies(const Pairs& p, int value, int wdl) const;

private:
    Table() = default;
    core::Status parse(const std::vector<std::uint8_t>& codes, const Shape& shape, bool symmetric);

    std::unique_ptr<MappedFile> file_;
    std::string path_;
    Kind kind_ = Kind::kWdl;
    int sides_ = 1;
    int files_ = 1;
    Pairs pairs_[2][4];
};

}  // namespace kibitz::tb::syzygy
