// Kibitz's own 3-man tables against Gaviota's (Debian's gaviotatb package, probed through
// libgaviotatb): the same result and distance to mate on every legal position, both sides to
// move. Skipped, saying so, when the Gaviota tables are not installed.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "chess/notation.h"
#include "chess/position.h"
#include "core/sanitizer.h"
#include "tb/gaviota.h"
#include "tb/generate.h"
#include "tb/tables.h"
#include "temp_dir.h"

namespace kibitz::tb {
namespace {

constexpr const char* kGaviotaDir = "/usr/share/gaviotatb/gtb4";

std::string describe_or_none(const std::optional<Value>& v) {
    return v ? describe(*v) + " (" + std::to_string(v->plies) + " plies)" : "not covered";
}

// The FEN of White's king, Black's king and one piece (letter as in FEN) on the given squares.
std::string fen_of(int wk, int bk, char piece, int sq, chess::Color stm) {
    char board[64] = {};
    board[wk] = 'K';
    board[bk] = 'k';
    board[sq] = piece;
    return chess::fen_placement(board) + (stm == chess::kWhite ? " w - - 0 1" : " b - - 0 1");
}

TEST(TbGaviota, OwnThreeManTablesEqualGaviotasEverywhere) {
    if (!std::filesystem::is_directory(kGaviotaDir))
        GTEST_SKIP() << "Gaviota's 3-man tables are not installed (" << kGaviotaDir
                     << ", Debian package gaviotatb): nothing to compare with";
    const test::TempDir temp("kibitz_tb_gaviota");
    const std::string& dir = temp.path;
    std::vector<Material> names;
    for (const char* name : {"KQK", "KRK", "KBK", "KNK", "KPK"})
        names.push_back(*Material::parse(name));
    GenerateOptions options;
    options.dir = dir;
    const auto made = generate(names, options);
    ASSERT_TRUE(made.ok()) << made.error();
    ASSERT_TRUE(gaviota::open(kGaviotaDir).ok());
    Tables own(dir);

    // Every placement of the two kings and the piece, both colours of the piece, both sides
    // to move; Position rejects the illegal ones (adjacent kings, the side not to move in
    // check, pawns on the first or last rank). Sanitizer builds check every 7th placement.
    const int step = core::kSanitized ? 7 : 1;
    long compared = 0, differing = 0;
    int counter = 0;
    for (const char piece : {'Q', 'R', 'B', 'N', 'P', 'q', 'r', 'b', 'n', 'p'})
        for (int wk = 0; wk < 64; ++wk)
            for (int bk = 0; bk < 64; ++bk)
                for (int sq = 0; sq < 64; ++sq) {
                    if (wk == bk || sq == wk || sq == bk || ++counter % step) continue;
                    for (const chess::Color stm : {chess::kWhite, chess::kBlack}) {
                        const auto pos = chess::Position::from_fen(fen_of(wk, bk, piece, sq, stm));
                        if (!pos) continue;
                        const auto mine = own.probe(*pos);
                        const auto theirs = gaviota::probe(*pos);
                        ++compared;
                        if (mine == theirs) continue;
                        if (++differing <= 10)
                            ADD_FAILURE() << pos->fen() << ": Kibitz " << describe_or_none(mine)
                                          << ", Gaviota " << describe_or_none(theirs);
                    }
                }
    gaviota::close();
    EXPECT_EQ(differing, 0) << "of " << compared << " positions";
    EXPECT_GT(compared, 1'000'000 / step);
}

}  // namespace
}  // namespace kibitz::tb
