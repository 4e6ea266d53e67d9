// Material names, canonical orientation, keys and the dependency closure.
#include "tb/material.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "core/bits.h"

namespace kibitz::tb {

using chess::PieceType;

namespace {

constexpr int kValue[6] = {1, 3, 3, 5, 9, 0};  // by PieceType: P N B R Q K

int type_of_letter(char c) {
    switch (c) {
        case 'Q': return chess::kQueen;
        case 'R': return chess::kRook;
        case 'B': return chess::kBishop;
        case 'N': return chess::kKnight;
        case 'P': return chess::kPawn;
        default: return -1;
    }
}

char letter_of(PieceType pt) { return "PNBRQK"[pt]; }

// The strength of one side as a tuple compared lexicographically (see is_canonical).
std::array<int, 7> strength(const std::array<std::uint8_t, 6>& c) {
    int value = 0, count = 0;
    for (int pt = 0; pt < 5; ++pt) value += kValue[pt] * c[pt], count += c[pt];
    return {value,
            count,
            c[chess::kQueen],
            c[chess::kRook],
            c[chess::kBishop],
            c[chess::kKnight],
            c[chess::kPawn]};
}

}  // namespace

core::Result<Material> Material::parse(std::string_view name) {
    const std::string quoted = "table name '" + std::string(name) + "'";
    std::string upper(name);
    for (char& c : upper) c = char(std::toupper(static_cast<unsigned char>(c)));
    if (upper.empty() || upper[0] != 'K')
        return core::error(quoted + ": must start with K (the first side's king)");
    const auto second = upper.find('K', 1);
    if (second == std::string::npos)
        return core::error(quoted + ": needs a second K (the second side's king)");
    if (upper.find('K', second + 1) != std::string::npos)
        return core::error(quoted + ": has more than two kings");
    Material m;
    for (std::size_t i = 1; i < upper.size(); ++i) {
        if (i == second) continue;
        const int pt = type_of_letter(upper[i]);
        if (pt < 0)
            return core::error(quoted + ": '" + std::string(1, name[i]) +
                               "' is not a piece (K Q R B N P)");
        m.add(i < second ? 0 : 1, PieceType(pt));
    }
    if (m.men() > kMaxMen)
        return core::error(quoted + ": has " + std::to_string(m.men()) + " men; at most " +
                           std::to_string(kMaxMen) + " are supported");
    return m;
}

Material Material::of(const chess::Position& pos) {
    Material m;
    for (int side = 0; side < 2; ++side)
        for (int pt = 0; pt < 5; ++pt)
            m.counts_[side][pt] =
                std::uint8_t(core::popcount(pos.pieces(chess::Color(side), PieceType(pt))));
    return m;
}

int Material::men() const { return 2 + pieces(0) + pieces(1); }

int Material::pieces(int side) const {
    int n = 0;
    for (int pt = 0; pt < 5; ++pt) n += counts_[side][pt];
    return n;
}

std::string Material::name() const {
    std::string s;
    for (int side = 0; side < 2; ++side) {
        s += 'K';
        for (PieceType pt : kNameOrder) s.append(counts_[side][pt], letter_of(pt));
    }
    return s;
}

Material Material::swapped() const {
    Material m;
    m.counts_[0] = counts_[1];
    m.counts_[1] = counts_[0];
    return m;
}

bool Material::is_canonical() const { return strength(counts_[0]) >= strength(counts_[1]); }

std::uint32_t Material::key() const {
    std::uint32_t k = 0;
    for (int side = 0; side < 2; ++side)
        for (int pt = 0; pt < 5; ++pt)
            k |= std::uint32_t(counts_[side][pt] & 7) << (3 * (side * 5 + pt));
    return k;
}

std::uint32_t material_key(const chess::Position& pos) {
    std::uint32_t k = 0;
    for (int side = 0; side < 2; ++side)
        for (int pt = 0; pt < 5; ++pt)
            k |= std::uint32_t(core::popcount(pos.pieces(chess::Color(side), PieceType(pt))) & 7)
                 << (3 * (side * 5 + pt));
    return k;
}

std::vector<Material> Material::successors() const {
    std::vector<Material> out;
    auto push = [&](const Material& m) {
        if (m.men() > 2) out.push_back(m.canonical());
    };
    for (int side = 0; side < 2; ++side) {
        const int other = 1 - side;
        // Captures by side of any piece of the other side.
        for (int victim = 0; victim < 5; ++victim) {
            if (counts_[other][victim] == 0) continue;
            Material m = *this;
            m.remove(other, PieceType(victim));
            push(m);
        }
        // Promotions, with or without a capture.
        if (counts_[side][chess::kPawn] == 0) continue;
        for (PieceType promo : {chess::kQueen, chess::kRook, chess::kBishop, chess::kKnight}) {
            Material m = *this;
            m.remove(side, chess::kPawn);
            m.add(side, promo);
            push(m);
            for (int victim = 1; victim < 5; ++victim) {  // a pawn never stands on rank 1/8
                if (counts_[other][victim] == 0) continue;
                Material c = m;
                c.remove(other, PieceType(victim));
                push(c);
            }
        }
    }
    std::sort(out.begin(), out.end(), generation_order);
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

bool generation_order(const Material& a, const Material& b) {
    const int pa = a.count(0, chess::kPawn) + a.count(1, chess::kPawn);
    const int pb = b.count(0, chess::kPawn) + b.count(1, chess::kPawn);
    if (a.men() != b.men()) return a.men() < b.men();
    if (pa != pb) return pa < pb;
    return a.name() < b.name();
}

std::vector<Material> closure(const std::vector<Material>& tables) {
    std::vector<Material> todo, out;
    for (const auto& m : tables) todo.push_back(m.canonical());
    std::set<std::string> seen;
    while (!todo.empty()) {
        const Material m = todo.back();
        todo.pop_back();
        if (m.men() <= 2 || !seen.insert(m.name()).second) continue;
        out.push_back(m);
        for (const auto& s : m.successors()) todo.push_back(s);
    }
    std::sort(out.begin(), out.end(), generation_order);
    return out;
}

std::vector<Material> all_with_men(int men) {
    std::vector<Material> out;
    std::set<std::string> seen;
    const int pieces = men - 2;
    if (pieces < 1 || men > kMaxMen) return out;
    // Every sequence of piece kinds and every split of it between the sides; the many orders
    // that give the same material are removed by name.
    int combos = 1;
    for (int i = 0; i < pieces; ++i) combos *= 5;
    for (int code = 0; code < combos; ++code) {
        for (int split = 0; split <= pieces; ++split) {
            Material m;
            int rest = code;
            for (int j = 0; j < pieces; ++j, rest /= 5)
                m.add(j < split ? 0 : 1, kNameOrder[rest % 5]);
            const Material c = m.canonical();
            if (seen.insert(c.name()).second) out.push_back(c);
        }
    }
    std::sort(out.begin(), out.end(),
              [](const Material& a, const Material& b) { return a.name() < b.name(); });
    return out;
}

}  // namespace kibitz::tb
