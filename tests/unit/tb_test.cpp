// Endgame tables: material names, the index, generation of the 3-man tables, probing known
// positions, the best move, a mate search, symmetry, damaged files and verification.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/san.h"
#include "core/rng.h"
#include "fen_helpers.h"
#include "tb/file.h"
#include "tb/generate.h"
#include "tb/index.h"
#include "tb/material.h"
#include "tb/tables.h"
#include "tb/verify.h"

namespace kibitz {
namespace {

namespace fs = std::filesystem;
using tb::Material;
using tb::Value;

Material parse(const std::string& name) {
    auto m = Material::parse(name);
    EXPECT_TRUE(m.ok()) << name;
    return m.ok() ? *m : Material();
}

// ---- Material names and the index ---------------------------------------------------------

TEST(TbMaterial, CanonicalNames) {
    EXPECT_EQ(parse("KRKQ").canonical().name(), "KQKR");
    EXPECT_EQ(parse("krpkr").canonical().name(), "KRPKR");
    EXPECT_EQ(parse("KPRKR").canonical().name(), "KRPKR");
    EXPECT_EQ(parse("KNKB").canonical().name(), "KBKN");
    EXPECT_EQ(parse("KPKP").canonical().name(), "KPKP");
    EXPECT_EQ(parse("KPPKR").canonical().name(), "KRKPP");
    EXPECT_EQ(parse("KBNK").men(), 4);
}

TEST(TbMaterial, BadNamesAreNamed) {
    for (const char* bad : {"KXK", "QK", "K", "KQKQK", "KQRBKN", ""}) {
        const auto m = Material::parse(bad);
        ASSERT_FALSE(m.ok()) << bad;
        EXPECT_NE(m.error().find("'" + std::string(bad) + "'"), std::string::npos) << m.error();
    }
}

TEST(TbMaterial, ClosureAndCounts) {
    std::vector<std::string> names;
    for (const auto& m : tb::closure({parse("KPK")})) names.push_back(m.name());
    EXPECT_EQ(names, (std::vector<std::string>{"KBK", "KNK", "KQK", "KRK", "KPK"}));
    EXPECT_EQ(tb::all_with_men(3).size(), 5u);
    EXPECT_EQ(tb::all_with_men(4).size(), 30u);
    EXPECT_EQ(tb::all_with_men(5).size(), 110u);
    const auto krpkr = tb::closure({parse("KRKRP")});
    EXPECT_EQ(krpkr.back().name(), "KRPKR");
}

TEST(TbIndex, SizesAndRoundTrip) {
    const tb::Indexer kqk(parse("KQK")), kpk(parse("KPK")), knnk(parse("KNNK"));
    EXPECT_EQ(kqk.size(), 462u * 64);
    EXPECT_EQ(kpk.size(), 1806u * 48);
    chess::Square sq[tb::kMaxMen];
    for (const tb::Indexer* ix : {&kqk, &kpk, &knnk}) {
        int canonical = 0;
        for (std::uint64_t i = 0; i < ix->size(); i += 7) {
            ix->decode(i, sq);
            chess::Bitboard occ = 0;
            for (int k = 0; k < ix->men(); ++k) occ |= chess::square_bb(sq[k]);
            if (core::popcount(occ) != ix->men()) continue;
            if (ix->index(sq) == i) ++canonical;
            // Whatever form decode gives, index() gives a form that decodes to an equal index.
            chess::Square again[tb::kMaxMen];
            ix->decode(ix->index(sq), again);
            EXPECT_EQ(ix->index(again), ix->index(sq));
        }
        EXPECT_GT(canonical, 0);
    }
}

// The eight symmetries of the board (and the file mirror alone for pawns) give one index.
TEST(TbIndex, SymmetricPlacementsShareAnIndex) {
    const tb::Indexer ix(parse("KRBK"));
    core::SplitMix64 rng(7);
    for (int n = 0; n < 2000; ++n) {
        chess::Square sq[4];
        chess::Bitboard occ = 0;
        for (auto& s : sq) {
            do s = chess::Square(rng.below(64));
            while (occ & chess::square_bb(s));
            occ |= chess::square_bb(s);
        }
        if (chess::king_attacks(sq[0]) & chess::square_bb(sq[1])) continue;
        const std::uint64_t base = ix.index(sq);
        for (int g = 1; g < 8; ++g) {
            chess::Square t[4];
            for (int k = 0; k < 4; ++k) {
                chess::Square s = sq[k];
                if (g & 1) s = tb::mirror_file(s);
                if (g & 2) s = tb::mirror_rank(s);
                if (g & 4) s = tb::transpose(s);
                t[k] = s;
            }
            EXPECT_EQ(ix.index(t), base);
        }
    }
}

// ---- Generated 3-man tables ---------------------------------------------------------------

class TbTables : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = new std::string(
            (fs::temp_directory_path() / ("kibitz_tb_test_" + std::to_string(::getpid())))
                .string());
        fs::remove_all(*dir_);
        tb::GenerateOptions o;
        o.dir = *dir_;
        o.threads = 2;
        const auto r = tb::generate({parse("KQK"), parse("KRK"), parse("KPK")}, o);
        ASSERT_TRUE(r.ok()) << r.error();
        tables_ = new tb::Tables(*dir_);
    }
    static void TearDownTestSuite() {
        delete tables_;
        std::error_code ec;
        fs::remove_all(*dir_, ec);
        delete dir_;
    }
    static const tb::Tables& tables() { return *tables_; }
    static const std::string& dir() { return *dir_; }

    static Value probe(const std::string& fen) {
        const auto v = tables().probe(test::from_fen(fen));
        EXPECT_TRUE(v.has_value()) << fen << ": " << tables().last_error();
        return v.value_or(Value{});
    }
    // Positions of a table, legal ones only, sampled with a fixed seed.
    static std::vector<chess::Position> sample(const std::string& name, int count,
                                               std::uint64_t seed) {
        const tb::Indexer ix(parse(name));
        core::SplitMix64 rng(seed);
        std::vector<chess::Position> out;
        while (int(out.size()) < count) {
            const auto fen = tb::fen_of(ix, rng.below(ix.size()), chess::Color(rng.below(2)));
            auto pos = chess::Position::from_fen(fen);
            if (pos) out.push_back(*pos);
        }
        return out;
    }

    static std::string* dir_;
    static tb::Tables* tables_;
};

std::string* TbTables::dir_ = nullptr;
tb::Tables* TbTables::tables_ = nullptr;

Value win(int moves) { return {Value::kWin, 2 * moves - 1}; }
Value loss(int moves) { return {Value::kLoss, 2 * moves}; }
const Value kDraw{};

TEST_F(TbTables, AvailableAndDescribe) {
    EXPECT_EQ(tables().available(), (std::vector<std::string>{"KBK", "KNK", "KPK", "KQK", "KRK"}));
    EXPECT_EQ(tables().max_men(), 3);
    EXPECT_EQ(tb::describe(win(10)), "win, mate in 10");
    EXPECT_EQ(tb::describe(loss(3)), "loss, mated in 3");
    EXPECT_EQ(tb::describe(kDraw), "draw");
}

TEST_F(TbTables, LongestMates) {
    // The published maxima: KQK 10, KRK 16, KPK 28 moves, the strong side to move.
    for (const auto& [name, moves] :
         std::vector<std::pair<std::string, int>>{{"KQK", 10}, {"KRK", 16}, {"KPK", 28}}) {
        const Material m = parse(name);
        const auto info =
            tb::read_table(tb::table_path(dir(), m), m, tb::Indexer(m).size(), nullptr);
        ASSERT_TRUE(info.ok()) << info.error();
        EXPECT_EQ((info->stats[0].longest + 1) / 2, std::uint32_t(moves)) << name;
        EXPECT_EQ(info->stats[1].wins, 0u) << name;  // the lone king never wins
        const auto fen = tb::fen_of(tb::Indexer(m), info->stats[0].longest_index, chess::kWhite);
        EXPECT_EQ(probe(fen), win(moves)) << fen;
    }
}

TEST_F(TbTables, KnownPositions) {
    EXPECT_EQ(probe("k7/8/1K6/8/8/8/8/7R w - - 0 1"), win(1));    // Rh8#
    EXPECT_EQ(probe("k7/8/1K6/8/8/8/8/7R b - - 0 1"), loss(1));   // 1... Kb8 2. Rh8#
    EXPECT_EQ(probe("k7/8/1K6/8/8/8/8/6Q1 w - - 0 1"), win(1));   // Qh8#
    EXPECT_EQ(probe("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"), kDraw);    // stalemate
    EXPECT_EQ(probe("k1Q5/8/1K6/8/8/8/8/8 b - - 0 1"), loss(0));  // checkmated
    EXPECT_EQ(probe("k7/1Q6/8/8/8/8/8/7K b - - 0 1"), kDraw);     // Kxb7
    EXPECT_EQ(probe("8/8/8/8/8/2k5/1R6/K7 w - - 0 1"), win(16));  // KRK from the corner
    // KPK: the rook pawn with the defending king in front; the opposition.
    EXPECT_EQ(probe("k7/8/K7/P7/8/8/8/8 w - - 0 1"), kDraw);
    EXPECT_EQ(probe("k7/8/K7/P7/8/8/8/8 b - - 0 1"), kDraw);
    EXPECT_EQ(probe("8/4k3/8/4K3/4P3/8/8/8 w - - 0 1"), kDraw);
    EXPECT_EQ(probe("8/4k3/8/4K3/4P3/8/8/8 b - - 0 1"), loss(14));
    EXPECT_EQ(probe("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1"), win(11));
    EXPECT_EQ(probe("8/8/8/8/8/8/4P3/k3K3 w - - 0 1").kind, Value::kWin);
    // Black has the pawn: the table is read with the colours exchanged.
    EXPECT_EQ(probe("8/8/8/4p3/4k3/8/4K3/8 b - - 0 1"), kDraw);
    EXPECT_EQ(probe("8/8/8/4p3/4k3/8/4K3/8 w - - 0 1"), loss(14));
}

// Pawn on the 7th: the queen stalemates, the rook mates.
TEST_F(TbTables, UnderpromotionBeatsStalemate) {
    for (const char* fen : {"8/k1P5/2K5/8/8/8/8/8 w - - 0 1", "8/6P1/8/8/8/8/2K5/k7 w - - 0 1"}) {
        const auto pos = test::from_fen(fen);
        EXPECT_EQ(probe(fen), win(2)) << fen;
        const auto best = tb::best_move(tables(), pos);
        ASSERT_TRUE(best.has_value());
        EXPECT_EQ(best->move.kind(), chess::Move::kPromotion) << fen;
        EXPECT_EQ(best->move.promotion(), chess::kRook) << fen;
        EXPECT_EQ(best->value, win(2));
        for (const chess::Move m : chess::legal_moves(pos)) {
            if (m.kind() != chess::Move::kPromotion || m.promotion() != chess::kQueen) continue;
            chess::Position child = pos;
            child.make(m);
            EXPECT_TRUE(chess::legal_moves(child).empty() && !child.in_check()) << "stalemate";
            EXPECT_EQ(tables().probe(child), kDraw);
        }
    }
}

// Along the best moves the distance drops by one ply a move, to mate.
TEST_F(TbTables, BestMoveReducesDistance) {
    for (const char* name : {"KQK", "KRK", "KPK"}) {
        for (const auto& pos : sample(name, 150, 11)) {
            const auto v = tables().probe(pos);
            ASSERT_TRUE(v.has_value());
            const auto best = tb::best_move(tables(), pos);
            if (!best) {
                EXPECT_TRUE(chess::legal_moves(pos).empty());
                continue;
            }
            EXPECT_EQ(best->value, *v) << pos.fen();
            chess::Position child = pos;
            child.make(best->move);
            const auto cv = tables().probe(child);
            ASSERT_TRUE(cv.has_value()) << child.fen();
            if (v->kind == Value::kDraw) {
                EXPECT_EQ(cv->kind, Value::kDraw) << pos.fen();
            } else {
                EXPECT_EQ(cv->kind, v->kind == Value::kWin ? Value::kLoss : Value::kWin);
                EXPECT_EQ(cv->plies, v->plies - 1) << pos.fen();
            }
        }
    }
}

// True when the side to move mates in at most n moves (plain exhaustive search).
bool mates_in(chess::Position& pos, int n) {
    for (const chess::Move m : chess::legal_moves(pos)) {
        const chess::Undo u = pos.make(m);
        const auto replies = chess::legal_moves(pos);
        bool mated = replies.empty() && pos.in_check();
        if (!mated && n > 1 && !replies.empty()) {
            mated = true;
            for (const chess::Move r : replies) {
                const chess::Undo ur = pos.make(r);
                const bool ok = mates_in(pos, n - 1);
                pos.unmake(r, ur);
                if (!ok) {
                    mated = false;
                    break;
                }
            }
        }
        pos.unmake(m, u);
        if (mated) return true;
    }
    return false;
}

TEST_F(TbTables, ShortMatesAgreeWithSearch) {
    for (const char* name : {"KQK", "KRK", "KPK"}) {
        // Random positions, and as many that the table calls mates in 1 or 2 (found in the
        // table's bytes: 1 and 2 are wins in 1 and 2 moves).
        std::vector<chess::Position> positions = sample(name, 40, 5);
        const Material m = parse(name);
        const tb::Indexer ix(m);
        tb::Bytes values;
        ASSERT_TRUE(tb::read_table(tb::table_path(dir(), m), m, ix.size(), &values).ok());
        std::vector<chess::Position> short_mates;  // (illegal indices hold filler bytes)
        for (std::uint64_t i = 0; i < ix.size(); ++i) {
            if (values[i] != 1 && values[i] != 2) continue;
            auto pos = chess::Position::from_fen(tb::fen_of(ix, i, chess::kWhite));
            if (pos) short_mates.push_back(*pos);
        }
        ASSERT_GE(short_mates.size(), 40u) << name;
        for (std::size_t k = 0; k < 40; ++k)
            positions.push_back(short_mates[k * short_mates.size() / 40]);
        for (auto& pos : positions) {
            const Value v = tables().probe(pos).value_or(Value{});
            const int moves = v.kind == Value::kWin ? (v.plies + 1) / 2 : 99;
            EXPECT_EQ(mates_in(pos, 1), moves <= 1) << pos.fen();
            EXPECT_EQ(mates_in(pos, 2), moves <= 2) << pos.fen();
        }
    }
}

// A position, its colour-flipped twin, and its left-right mirror have one value.
TEST_F(TbTables, FlippedAndMirroredPositionsAgree) {
    auto transform = [](const chess::Position& pos, bool flip_colours, bool mirror) {
        std::string board[8];
        for (int r = 0; r < 8; ++r) board[r] = std::string(8, '.');
        for (int s = 0; s < 64; ++s) {
            const chess::Piece p = pos.piece_on(chess::Square(s));
            if (p == chess::kNoPiece) continue;
            int f = chess::file_of(chess::Square(s)), r = chess::rank_of(chess::Square(s));
            char c = "PNBRQKpnbrqk"[p];
            if (mirror) f = 7 - f;
            if (flip_colours)
                r = 7 - r, c = char(std::isupper(c) ? std::tolower(c) : std::toupper(c));
            board[r][f] = c;
        }
        std::string fen;
        for (int r = 7; r >= 0; --r) {
            int empty = 0;
            for (char c : board[r]) {
                if (c == '.') {
                    ++empty;
                    continue;
                }
                if (empty) fen += char('0' + empty), empty = 0;
                fen += c;
            }
            if (empty) fen += char('0' + empty);
            if (r) fen += '/';
        }
        const bool white = (pos.side_to_move() == chess::kWhite) != flip_colours;
        return test::from_fen(fen + (white ? " w - - 0 1" : " b - - 0 1"));
    };
    for (const char* name : {"KQK", "KRK", "KPK"}) {
        for (const auto& pos : sample(name, 100, 3)) {
            const auto v = tables().probe(pos);
            EXPECT_EQ(tables().probe(transform(pos, true, false)), v) << pos.fen();
            EXPECT_EQ(tables().probe(transform(pos, false, true)), v) << pos.fen();
            EXPECT_EQ(tables().probe(transform(pos, true, true)), v) << pos.fen();
        }
    }
}

TEST_F(TbTables, NotCovered) {
    EXPECT_FALSE(tables().probe(test::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")).has_value());
    EXPECT_NE(tables().last_error().find("castling"), std::string::npos);
    EXPECT_FALSE(tb::best_move(tables(), test::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")));
    EXPECT_FALSE(tables().probe(test::from_fen("4k3/8/8/8/8/8/8/RR2K3 w - - 0 1")).has_value());
    EXPECT_NE(tables().last_error().find("men"), std::string::npos) << tables().last_error();
    const tb::Tables none(dir() + "/no-such-dir");
    EXPECT_FALSE(none.probe(test::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")).has_value());
    EXPECT_NE(none.last_error().find("no tables"), std::string::npos) << none.last_error();
    EXPECT_EQ(none.max_men(), 0);
    // Bare kings are a draw wherever tables exist.
    EXPECT_EQ(probe("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), kDraw);
}

TEST_F(TbTables, GenerateSkipsValidTablesAndStopsCleanly) {
    tb::GenerateOptions o;
    o.dir = dir();
    o.threads = 1;
    const auto again = tb::generate({parse("KPK")}, o);
    ASSERT_TRUE(again.ok()) << again.error();
    ASSERT_EQ(again->size(), 5u);
    for (const auto& r : *again) EXPECT_TRUE(r.skipped) << r.info.material.name();

    const std::string other = dir() + "/stopped";
    std::atomic<bool> stop{true};
    o.dir = other;
    o.stop = &stop;
    const auto stopped = tb::generate({parse("KRK")}, o);
    EXPECT_FALSE(stopped.ok());
    for (const auto& e : fs::directory_iterator(other))
        ADD_FAILURE() << "left behind: " << e.path();
}

// A damaged file is refused with a message naming it.
TEST_F(TbTables, DamagedFilesAreRefused) {
    const std::string broken = dir() + "/broken";
    fs::create_directories(broken);
    const std::string path = broken + "/KQK.ktb";
    auto damage = [&](auto&& edit) {
        fs::copy_file(dir() + "/KQK.ktb", path, fs::copy_options::overwrite_existing);
        std::string bytes;
        {
            std::ifstream in(path, std::ios::binary);
            bytes.assign(std::istreambuf_iterator<char>(in), {});
        }
        edit(bytes);
        std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
        const tb::Tables t(broken);
        EXPECT_FALSE(t.probe(test::from_fen("k7/8/1K6/8/8/8/8/6Q1 w - - 0 1")).has_value());
        return t.last_error();
    };
    std::string e = damage([](std::string& b) { b.resize(b.size() / 2); });
    EXPECT_NE(e.find("KQK.ktb"), std::string::npos) << e;
    EXPECT_NE(e.find("truncated"), std::string::npos) << e;
    e = damage([](std::string& b) { b[b.size() - 100] ^= 0x5A; });
    EXPECT_NE(e.find("KQK.ktb"), std::string::npos) << e;
    EXPECT_TRUE(e.find("corrupt") != std::string::npos) << e;
    e = damage([](std::string& b) { b[20] = 'X'; });
    EXPECT_NE(e.find("KQK.ktb"), std::string::npos) << e;
    e = damage([](std::string& b) { b[0] = 'X'; });
    EXPECT_NE(e.find("not a Kibitz table"), std::string::npos) << e;
}

TEST_F(TbTables, VerifyKpk) {
    const auto r = tb::verify(dir(), parse("KPK"), 2);
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r->mismatches, 0u);
    for (const auto& e : r->examples) ADD_FAILURE() << e;
    EXPECT_GT(r->checked, 150000u);
}

// Verification notices a value changed behind the generator's back.
TEST_F(TbTables, VerifyFindsAWrongValue) {
    const std::string copy = dir() + "/edited";
    fs::create_directories(copy);
    for (const char* n : {"KQK", "KRK", "KBK", "KNK"})
        fs::copy_file(dir() + "/" + n + ".ktb", copy + "/" + n + ".ktb",
                      fs::copy_options::overwrite_existing);
    const Material m = parse("KRK");
    const tb::Indexer ix(m);
    tb::Bytes values;
    auto info = tb::read_table(tb::table_path(copy, m), m, ix.size(), &values);
    ASSERT_TRUE(info.ok()) << info.error();
    // The longest mate becomes one move longer.
    values[info->stats[0].longest_index] += 1;
    ASSERT_TRUE(tb::write_table(copy, *info, values.data(), 1).ok());
    const auto r = tb::verify(copy, m, 1);
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_GE(r->mismatches, 1u);
    bool named = false;
    for (const auto& e : r->examples)
        named |= e.find("stored win, mate in 17") != std::string::npos;
    EXPECT_TRUE(named);
}

}  // namespace
}  // namespace kibitz
