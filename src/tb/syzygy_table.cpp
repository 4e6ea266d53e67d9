// One Syzygy table file: mapping, checking and decompressing (see syzygy_table.h).
#include "tb/syzygy_table.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace kibitz::tb::syzygy {

namespace {

constexpr std::uint8_t kWdlMagic[4] = {0x71, 0xE8, 0x23, 0x5D};
constexpr std::uint8_t kDtzMagic[4] = {0xD7, 0x66, 0x0C, 0xA5};
constexpr std::uint8_t kSingleValue = 128;
constexpr std::uint8_t kMapped = 2, kWinPlies = 4, kLossPlies = 8, kWide = 16;
constexpr int kMaxSymbols = 4096;

std::uint16_t le16(const std::uint8_t* p) { return std::uint16_t(p[0] | p[1] << 8); }
std::uint32_t le32(const std::uint8_t* p) { return std::uint32_t(le16(p)) | le16(p + 2) << 16; }

// A cursor over the file that reads nothing past its end (ok() turns false instead).
class Reader {
public:
    Reader(const std::uint8_t* data, std::size_t size, std::size_t pos)
        : data_(data), size_(size), pos_(pos) {}
    bool ok() const { return ok_; }
    std::size_t pos() const { return pos_; }
    std::size_t needed() const { return needed_; }
    std::uint8_t u8() { return take(1) ? data_[pos_ - 1] : 0; }
    std::uint16_t u16() { return take(2) ? le16(data_ + pos_ - 2) : 0; }
    std::uint32_t u32() { return take(4) ? le32(data_ + pos_ - 4) : 0; }
    void skip(std::uint64_t n) { take(n); }
    void align(std::size_t to) { skip((to - pos_ % to) % to); }

private:
    bool take(std::uint64_t n) {
        if (!ok_ || n > size_ - std::min(pos_, size_)) {
            if (ok_) needed_ = pos_ + n;
            ok_ = false;
            return false;
        }
        pos_ += std::size_t(n);
        return true;
    }
    const std::uint8_t* data_;
    std::size_t size_, pos_;
    std::size_t needed_ = 0;
    bool ok_ = true;
};

// The number of values each symbol stands for, less one, through the pair tree; false on a
// symbol whose expansion reaches itself.
bool set_expansions(Pairs& p) {
    const int count = int(p.left.size());
    p.expands.assign(count, 0);
    std::vector<std::uint8_t> state(count, 0);  // 0 new, 1 in progress, 2 done
    std::vector<int> stack;
    for (int s0 = 0; s0 < count; ++s0) {
        if (state[s0]) continue;
        stack.push_back(s0);
        while (!stack.empty()) {
            const int s = stack.back();
            if (p.right[s] == 0xFFF) {  // a value
                state[s] = 2;
                stack.pop_back();
                continue;
            }
            const int l = p.left[s], r = p.right[s];
            if (state[s] == 0) {
                state[s] = 1;
                for (int c : {l, r}) {
                    if (state[c] == 1) return false;
                    if (state[c] == 0) stack.push_back(c);
                }
                continue;
            }
            if (state[l] != 2 || state[r] != 2) return false;
            p.expands[s] = std::min<std::uint64_t>(std::uint64_t(p.expands[l]) + p.expands[r] + 1,
                                                   0xFFFFFFFFu);
            state[s] = 2;
            stack.pop_back();
        }
    }
    return true;
}

}  // namespace

core::Result<std::unique_ptr<MappedFile>> MappedFile::open(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return core::error(path + ": cannot open: " + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0 || st.st_size <= 0) {
        ::close(fd);
        return core::error(path + ": empty or unreadable file");
    }
    void* map = ::mmap(nullptr, std::size_t(st.st_size), PROT_READ, MAP_SHARED, fd, 0);
    ::close(fd);
    if (map == MAP_FAILED) return core::error(path + ": cannot map: " + std::strerror(errno));
    ::madvise(map, std::size_t(st.st_size), MADV_RANDOM);
    std::unique_ptr<MappedFile> f(new MappedFile);
    f->data_ = static_cast<const std::uint8_t*>(map);
    f->size_ = std::size_t(st.st_size);
    return f;
}

MappedFile::~MappedFile() {
    if (data_) ::munmap(const_cast<std::uint8_t*>(data_), size_);
}

core::Result<std::unique_ptr<Table>> Table::load(const std::string& path, Kind kind,
                                                 const std::vector<std::uint8_t>& codes,
                                                 const Shape& shape, bool symmetric) {
    auto file = MappedFile::open(path);
    if (!file) return core::error(file.error());
    std::unique_ptr<Table> t(new Table);
    t->file_ = std::move(*file);
    t->path_ = path;
    t->kind_ = kind;
    const std::uint8_t* magic = kind == Kind::kWdl ? kWdlMagic : kDtzMagic;
    if (t->file_->size() < 8 || std::memcmp(t->file_->data(), magic, 4) != 0)
        return core::error(path + ": not a Syzygy " +
                           (kind == Kind::kWdl ? "WDL (.rtbw)" : "DTZ (.rtbz)") +
                           " file (wrong magic number)");
    if (auto st = t->parse(codes, shape, symmetric); !st)
        return core::error(path + ": " + st.error());
    return t;
}

core::Status Table::parse(const std::vector<std::uint8_t>& codes, const Shape& shape,
                          bool symmetric) {
    const std::uint8_t* d = file_->data();
    Reader r(d, file_->size(), 4);
    const std::uint8_t flags = r.u8();
    if (bool(flags & 2) != shape.pawns)
        return core::error(std::string("the file says the table has ") +
                           (flags & 2 ? "pawns" : "no pawns") + ", its name says otherwise");
    if (kind_ == Kind::kWdl && bool(flags & 1) == symmetric)
        return core::error("the file's two-sided flag does not match its material");
    sides_ = kind_ == Kind::kWdl && !symmetric ? 2 : 1;
    files_ = shape.pawns ? 4 : 1;
    const bool two_pawn_groups = shape.pawns && shape.other_pawns > 0;
    const int n = int(codes.size());
    std::vector<std::uint8_t> want(codes), have;
    std::sort(want.begin(), want.end());

    // 1. Pieces and group order of each sub-table.
    for (int f = 0; f < files_; ++f) {
        const std::uint8_t b0 = r.u8();
        const std::uint8_t b1 = two_pawn_groups ? r.u8() : 0xFF;
        for (int k = 0; k < n; ++k) {
            const std::uint8_t b = r.u8();
            for (int s = 0; s < sides_; ++s) {
                pairs_[s][f].enc.n = n;
                pairs_[s][f].enc.pieces[k] = s ? b >> 4 : b & 0xF;
            }
        }
        if (!r.ok()) break;
        for (int s = 0; s < sides_; ++s) {
            Encoding& e = pairs_[s][f].enc;
            have.assign(e.pieces, e.pieces + n);
            std::sort(have.begin(), have.end());
            if (have != want) return core::error("its pieces do not match its name");
            const int o0 = s ? b0 >> 4 : b0 & 0xF, o1 = s ? b1 >> 4 : b1 & 0xF;
            if (!set_groups(e, shape, o0, o1, f))
                return core::error("a group order that no table has (file " + std::to_string(f) +
                                   ")");
        }
    }
    r.align(2);

    // 2. The compression header of each sub-table.
    for (int f = 0; f < files_ && r.ok(); ++f)
        for (int s = 0; s < sides_ && r.ok(); ++s) {
            Pairs& p = pairs_[s][f];
            p.flags = r.u8();
            if (p.flags & kSingleValue) {
                p.single_value = r.u8();
                continue;
            }
            const int block_shift = r.u8(), span_shift = r.u8();
            if (block_shift > 30 || span_shift > 40 || span_shift < 1)
                return core::error("a block size or span out of range");
            p.block_size = std::uint64_t(1) << block_shift;
            p.span = std::uint64_t(1) << span_shift;
            const std::uint64_t size = p.enc.weight[p.enc.groups];
            p.sparse_count = (size + p.span - 1) / p.span;
            const int padding = r.u8();
            p.blocks = r.u32();
            p.length_count = p.blocks + padding;
            const int max_len = r.u8();
            p.min_len = r.u8();
            if (!r.ok()) break;
            if (p.min_len < 1 || max_len < p.min_len || max_len > 32)
                return core::error("Huffman code lengths out of range");
            const int lengths = max_len - p.min_len + 1;
            p.lowest.resize(lengths);
            for (auto& l : p.lowest) l = r.u16();
            // Canonical Huffman: longer codes have smaller values; base[i] is the smallest
            // code of length min_len + i, left-aligned in 64 bits.
            p.base.assign(lengths, 0);
            for (int i = lengths - 2; i >= 0; --i)
                p.base[i] = (p.base[i + 1] + p.lowest[i] - p.lowest[i + 1]) / 2;
            for (int i = 0; i < lengths; ++i) p.base[i] <<= 64 - i - p.min_len;
            const int symbols = r.u16();
            if (!r.ok()) break;
            if (symbols < 1 || symbols > kMaxSymbols)
                return core::error("a symbol count out of range");
            p.left.resize(symbols);
            p.right.resize(symbols);
            for (int i = 0; i < symbols; ++i) {
                const std::uint8_t a = r.u8(), b = r.u8(), c = r.u8();
                p.left[i] = std::uint16_t((b & 0xF) << 8 | a);
                p.right[i] = std::uint16_t(c << 4 | b >> 4);
                if (p.right[i] != 0xFFF && (p.left[i] >= symbols || p.right[i] >= symbols))
                    return core::error("a symbol pair names a symbol that does not exist");
            }
            if (symbols & 1) r.u8();
            if (r.ok() && !set_expansions(p)) return core::error("a symbol pair loop");
        }

    // 3. DTZ: the value maps of the sub-tables that use them.
    if (kind_ == Kind::kDtz)
        for (int f = 0; f < files_ && r.ok(); ++f) {
            Pairs& p = pairs_[0][f];
            if (!(p.flags & kMapped)) continue;
            if (p.flags & kWide) r.align(2);
            for (int i = 0; i < 4; ++i) {
                const std::size_t len = p.flags & kWide ? r.u16() : r.u8();
                p.map[i] = r.pos();
                p.map_len[i] = len;
                r.skip(p.flags & kWide ? 2 * len : len);
            }
        }
    r.align(2);

    // 4. Sparse indices, block lengths and, 64-byte aligned, the blocks.
    for (int f = 0; f < files_; ++f)
        for (int s = 0; s < sides_; ++s) {
            pairs_[s][f].sparse = r.pos();
            r.skip(pairs_[s][f].sparse_count * 6);
        }
    for (int f = 0; f < files_; ++f)
        for (int s = 0; s < sides_; ++s) {
            pairs_[s][f].lengths = r.pos();
            r.skip(pairs_[s][f].length_count * 2);
        }
    for (int f = 0; f < files_; ++f)
        for (int s = 0; s < sides_; ++s) {
            Pairs& p = pairs_[s][f];
            r.align(64);
            p.data = r.pos();
            if (p.blocks > (std::uint64_t(1) << 40) / std::max<std::uint64_t>(p.block_size, 1))
                return core::error("a block count out of range");
            r.skip(p.blocks * p.block_size);
        }
    if (!r.ok())
        return core::error("truncated: the tables need at least " + std::to_string(r.needed()) +
                           " bytes, the file has " + std::to_string(file_->size()));
    return core::Done{};
}

int Table::value(const Pairs& p, std::uint64_t idx) const {
    if (p.flags & kSingleValue) return p.single_value;
    const std::uint8_t* d = file_->data();
    const std::size_t file_size = file_->size();
    // 1. The sparse index gives a block and an offset near idx; walk to the right block.
    const std::uint64_t k = idx / p.span;
    if (k >= p.sparse_count) return -1;
    const std::uint8_t* entry = d + p.sparse + 6 * k;
    std::uint64_t block = le32(entry);
    std::int64_t offset = le16(entry + 4);
    offset += std::int64_t(idx % p.span) - std::int64_t(p.span / 2);
    auto length = [&](std::uint64_t b) { return std::int64_t(le16(d + p.lengths + 2 * b)); };
    if (block >= p.length_count) return -1;
    while (offset < 0) {
        if (block == 0) return -1;
        offset += length(--block) + 1;
    }
    while (offset > length(block)) {
        offset -= length(block++) + 1;
        if (block >= p.length_count) return -1;
    }
    if (block >= p.blocks) return -1;

    // 2. Decode Huffman symbols from the block start until the one that holds the value.
    std::size_t at = p.data + std::size_t(block * p.block_size);
    auto be32 = [&](std::size_t a) {
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i) v = v << 8 | (a + i < file_size ? d[a + i] : 0);
        return v;
    };
    std::uint64_t buf = std::uint64_t(be32(at)) << 32 | be32(at + 4);
    at += 8;
    int bits = 64;
    int sym = 0;
    const int symbols = int(p.left.size());
    for (;;) {
        int len = 0;
        while (buf < p.base[len]) ++len;  // base.back() is 0: this stops
        sym = int((buf - p.base[len]) >> (64 - len - p.min_len)) + p.lowest[len];
        if (sym >= symbols) return -1;
        if (offset <= std::int64_t(p.expands[sym])) break;
        offset -= std::int64_t(p.expands[sym]) + 1;
        const int used = len + p.min_len;
        buf <<= used;
        bits -= used;
        if (bits <= 32) {
            bits += 32;
            buf |= std::uint64_t(be32(at)) << (64 - bits);
            at += 4;
        }
    }
    // 3. Expand the symbol through the pair tree to the value at offset.
    for (int steps = 0; p.expands[sym] != 0; ++steps) {
        if (steps > kMaxSymbols) return -1;
        const int l = p.left[sym];
        if (offset <= std::int64_t(p.expands[l])) {
            sym = l;
        } else {
            offset -= std::int64_t(p.expands[l]) + 1;
            sym = p.right[sym];
        }
    }
    return p.left[sym];
}

int Table::dtz_plies(const Pairs& p, int value, int wdl) const {
    static constexpr int kMapOf[5] = {1, 3, 0, 2, 0};  // by wdl + 2: loss, blessed, -, cursed, win
    if (p.flags & kMapped) {
        const int m = kMapOf[wdl + 2];
        if (value < 0 || std::size_t(value) >= p.map_len[m]) return -1;
        const std::uint8_t* d = file_->data() + p.map[m];
        value = p.flags & kWide ? le16(d + 2 * value) : d[value];
    }
    const bool in_plies =
        (wdl == 2 && (p.flags & kWinPlies)) || (wdl == -2 && (p.flags & kLossPlies));
    return (in_plies ? value : 2 * value) + 1;
}

}  // namespace kibitz::tb::syzygy
