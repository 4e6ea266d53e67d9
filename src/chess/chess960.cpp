// Chess960 start positions: the number picks, in turn, the light-squared bishop's file, the
// dark-squared bishop's, the queen's place among the six free squares and the knights' pair
// among the five left; rook, king and rook fill the last three, king in the middle.
#include "chess/chess960.h"

#include <cctype>

namespace kibitz::chess {

std::string chess960_fen(int number) {
    int n = ((number % 960) + 960) % 960;
    char rank[8] = {};
    rank[2 * (n % 4) + 1] = 'B';  // light squares: b, d, f, h
    n /= 4;
    rank[2 * (n % 4)] = 'B';  // dark squares: a, c, e, g
    n /= 4;
    // Puts `piece` on the k-th still empty file.
    auto place = [&rank](int k, char piece) {
        for (int f = 0; f < 8; ++f)
            if (!rank[f] && k-- == 0) {
                rank[f] = piece;
                return;
            }
    };
    place(n % 6, 'Q');
    n /= 6;
    static constexpr int kKnights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                            {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    // The second knight's index counts the free squares after the first one is placed.
    place(kKnights[n][0], 'N');
    place(kKnights[n][1] - 1, 'N');
    place(0, 'R');
    place(0, 'K');
    place(0, 'R');
    std::string white(rank, 8), black;
    for (const char c : white) black += char(std::tolower(static_cast<unsigned char>(c)));
    return black + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1";
}

}  // namespace kibitz::chess
