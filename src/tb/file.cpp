// Reading and writing table files (zlib blocks, CRC-32, temporary file and rename).
#include "tb/file.h"

#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

#include "core/files.h"

namespace kibitz::tb {

namespace {

constexpr char kMagic[8] = {'K', 'I', 'B', 'I', 'T', 'Z', 'T', 'B'};
constexpr std::uint32_t kVersion = 1;
constexpr std::size_t kHeaderBytes = 160;
constexpr std::uint32_t kBlockSize = 1 << 20;

void put32(std::uint8_t* p, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) p[i] = std::uint8_t(v >> (8 * i));
}
void put64(std::uint8_t* p, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) p[i] = std::uint8_t(v >> (8 * i));
}
std::uint32_t get32(const std::uint8_t* p) {
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = v << 8 | p[i];
    return v;
}
std::uint64_t get64(const std::uint8_t* p) {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = v << 8 | p[i];
    return v;
}

// CRC-32 of a long buffer (zlib's crc32 takes 32-bit lengths).
std::uint32_t crc_of(const std::uint8_t* data, std::uint64_t n) {
    uLong crc = crc32(0L, Z_NULL, 0);
    while (n > 0) {
        const uInt chunk = uInt(std::min<std::uint64_t>(n, 1u << 30));
        crc = crc32(crc, data, chunk);
        data += chunk;
        n -= chunk;
    }
    return std::uint32_t(crc);
}

void encode_header(std::uint8_t* h, const TableInfo& info, std::uint32_t blocks,
                   std::uint32_t crc) {
    std::memset(h, 0, kHeaderBytes);
    std::memcpy(h, kMagic, 8);
    put32(h + 8, kVersion);
    put32(h + 12, kHeaderBytes);
    const std::string name = info.material.name();
    std::memcpy(h + 16, name.data(), std::min<std::size_t>(name.size(), 15));
    put64(h + 32, info.size);
    put32(h + 40, kBlockSize);
    put32(h + 44, blocks);
    put32(h + 48, crc);
    for (int side = 0; side < 2; ++side) {
        std::uint8_t* p = h + 56 + 48 * side;
        const SideStats& s = info.stats[side];
        put64(p, s.wins);
        put64(p + 8, s.draws);
        put64(p + 16, s.losses);
        put64(p + 24, s.illegal);
        put32(p + 32, s.longest);
        put64(p + 40, s.longest_index);
    }
    put32(h + 156, crc_of(h, 156));
}

}  // namespace

std::string table_path(const std::string& dir, const Material& m) {
    return (std::filesystem::path(dir) / (m.name() + ".ktb")).string();
}

core::Status write_table(const std::string& dir, TableInfo& info, const std::uint8_t* values,
                         int threads) {
    const std::string path = table_path(dir, info.material);
    const std::uint64_t total = 2 * info.size;
    const std::uint32_t blocks = std::uint32_t((total + kBlockSize - 1) / kBlockSize);

    // Compress the blocks, threads taking every threads-th block.
    std::vector<std::vector<std::uint8_t>> packed(blocks);
    std::atomic<bool> failed{false};
    auto work = [&](int t) {
        std::vector<std::uint8_t> scratch(compressBound(kBlockSize));
        for (std::uint32_t b = std::uint32_t(t); b < blocks; b += std::uint32_t(threads)) {
            const std::uint64_t begin = std::uint64_t(b) * kBlockSize;
            const uLong len = uLong(std::min<std::uint64_t>(kBlockSize, total - begin));
            uLongf out_len = uLongf(scratch.size());
            if (compress2(scratch.data(), &out_len, values + begin, len, 6) != Z_OK) failed = true;
            packed[b].assign(scratch.begin(), scratch.begin() + std::ptrdiff_t(out_len));
        }
    };
    threads = std::max(1, std::min<int>(threads, int(blocks)));
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
    work(0);
    for (auto& th : pool) th.join();
    if (failed) return core::error(path + ": zlib could not compress the table");

    std::uint8_t header[kHeaderBytes];
    encode_header(header, info, blocks, crc_of(values, total));
    std::vector<std::uint8_t> sizes(4 * std::size_t(blocks));
    for (std::uint32_t b = 0; b < blocks; ++b)
        put32(&sizes[4 * b], std::uint32_t(packed[b].size()));

    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return core::error(dir + ": cannot create the directory: " + ec.message());
    // Atomic: the table appears whole or not at all (core::AtomicFile), every write checked.
    core::AtomicFile out;
    auto write = [&](const void* p, std::size_t n) {
        return out.write(std::string_view(static_cast<const char*>(p), n));
    };
    if (auto s = out.open(path); !s) return s;
    (void)write(header, kHeaderBytes);
    (void)write(sizes.data(), sizes.size());
    for (const auto& p : packed) (void)write(p.data(), p.size());
    if (auto s = out.commit(); !s) return s;  // the first error of any write, or of the commit
    info.file_bytes = std::filesystem::file_size(path, ec);
    return core::Done{};
}

core::Result<TableInfo> read_table(const std::string& path, const Material& expected,
                                   std::uint64_t expected_size, Bytes* values) {
    auto fail = [&](const std::string& what) { return core::error(path + ": " + what); };
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail("cannot open the file");
    std::error_code ec;
    const std::uint64_t file_bytes = std::filesystem::file_size(path, ec);
    if (ec) return fail("cannot read the file size: " + ec.message());

    std::uint8_t h[kHeaderBytes];
    if (!in.read(reinterpret_cast<char*>(h), kHeaderBytes))
        return fail("truncated: " + std::to_string(file_bytes) + " bytes, shorter than the header");
    if (std::memcmp(h, kMagic, 8) != 0) return fail("not a Kibitz table (bad magic)");
    if (get32(h + 8) != kVersion)
        return fail("version " + std::to_string(get32(h + 8)) + ", expected " +
                    std::to_string(kVersion));
    if (get32(h + 12) != kHeaderBytes) return fail("bad header size");
    if (get32(h + 156) != crc_of(h, 156)) return fail("header checksum mismatch (corrupt header)");
    char name[17] = {};
    std::memcpy(name, h + 16, 16);
    if (std::string(name) != expected.name())
        return fail("holds table '" + std::string(name) + "', expected '" + expected.name() + "'");

    TableInfo info;
    info.material = expected;
    info.size = get64(h + 32);
    info.file_bytes = file_bytes;
    if (info.size != expected_size)
        return fail("has " + std::to_string(info.size) + " positions per side, expected " +
                    std::to_string(expected_size));
    const std::uint32_t block_size = get32(h + 40), blocks = get32(h + 44);
    const std::uint64_t total = 2 * info.size;
    if (block_size != kBlockSize || blocks != (total + block_size - 1) / block_size)
        return fail("bad block layout");
    const std::uint32_t crc = get32(h + 48);
    for (int side = 0; side < 2; ++side) {
        const std::uint8_t* p = h + 56 + 48 * side;
        SideStats& s = info.stats[side];
        s.wins = get64(p);
        s.draws = get64(p + 8);
        s.losses = get64(p + 16);
        s.illegal = get64(p + 24);
        s.longest = get32(p + 32);
        s.longest_index = get64(p + 40);
    }

    std::vector<std::uint8_t> sizes_raw(4 * std::size_t(blocks));
    if (!in.read(reinterpret_cast<char*>(sizes_raw.data()), std::streamsize(sizes_raw.size())))
        return fail("truncated in the block table");
    std::uint64_t expected_bytes = kHeaderBytes + sizes_raw.size();
    std::vector<std::uint32_t> sizes(blocks);
    for (std::uint32_t b = 0; b < blocks; ++b) {
        sizes[b] = get32(&sizes_raw[4 * b]);
        expected_bytes += sizes[b];
    }
    if (file_bytes < expected_bytes)
        return fail("truncated: " + std::to_string(file_bytes) + " bytes, expected " +
                    std::to_string(expected_bytes));
    if (file_bytes > expected_bytes)
        return fail(std::to_string(file_bytes - expected_bytes) + " bytes of trailing garbage");
    if (!values) return info;

    *values = Bytes(total);
    if (values->empty() && total > 0)
        return fail("not enough memory for " + std::to_string(total >> 20) + " MB");
    std::vector<std::uint8_t> packed;
    for (std::uint32_t b = 0; b < blocks; ++b) {
        packed.resize(sizes[b]);
        if (!in.read(reinterpret_cast<char*>(packed.data()), sizes[b]))
            return fail("read error in block " + std::to_string(b));
        const std::uint64_t begin = std::uint64_t(b) * block_size;
        const uLong want = uLong(std::min<std::uint64_t>(block_size, total - begin));
        uLongf got = want;
        if (uncompress(values->data() + begin, &got, packed.data(), sizes[b]) != Z_OK ||
            got != want)
            return fail("block " + std::to_string(b) + " does not decompress (corrupt data)");
    }
    if (crc_of(values->data(), total) != crc) return fail("checksum mismatch (corrupt data)");
    return info;
}

}  // namespace kibitz::tb
