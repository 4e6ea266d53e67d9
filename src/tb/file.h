// The table file <dir>/<NAME>.ktb: a header, a block table and zlib-compressed blocks of the
// value bytes (all positions with side 0 to move, then all with side 1 to move).
//
// Header (160 bytes, little-endian): "KIBITZTB", version, header size, material name (16
// bytes, zero-padded), positions per side, block size, block count, CRC-32 of the uncompressed
// values, then per side: wins, draws, losses, illegal (u64 each), longest win in plies (u32),
// reserved (u32), index of a longest win (u64); last the CRC-32 of the header's first 156
// bytes. Then one u32 per block (its compressed size) and the blocks.
#pragma once

#include <cstdint>
#include <string>

#include "core/result.h"
#include "tb/bytes.h"
#include "tb/material.h"

namespace kibitz::tb {

// The values of one side to move, counted when the table was made (value.h gives the bytes'
// meaning); kept in the header so that listing needs no decompression.
struct SideStats {
    std::uint64_t wins = 0, draws = 0, losses = 0, illegal = 0;
    std::uint32_t longest = 0;        // the longest win in plies (0: no win)
    std::uint64_t longest_index = 0;  // the smallest index with that win
};

// What a table file's header says.
struct TableInfo {
    Material material;
    std::uint64_t size = 0;  // positions per side to move
    SideStats stats[2];
    std::uint64_t file_bytes = 0;
};

// The path of a table: <dir>/<NAME>.ktb.
std::string table_path(const std::string& dir, const Material& m);

// Writes values (2 * size bytes) to table_path(dir, info.material) through a temporary file
// and a rename; threads compress blocks side by side. Sets info.file_bytes.
core::Status write_table(const std::string& dir, TableInfo& info, const std::uint8_t* values,
                         int threads);

// Reads and checks a table file: header, sizes (expected_size positions per side), every
// block, the CRC. With values == nullptr only the header is read and checked. Errors name
// the file and what is wrong.
core::Result<TableInfo> read_table(const std::string& path, const Material& expected,
                                   std::uint64_t expected_size, Bytes* values);

}  // namespace kibitz::tb
