// Standings and the crosstable; see crosstable.h.
#include "match/crosstable.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <tuple>

namespace kibitz::match {

namespace {

// Per player: games, half-points, draws, and wins/losses/draws against each opponent.
struct Record {
    int games = 0, half_points = 0, draws = 0;
    std::vector<int> wins, losses, drawn;
};

std::vector<Record> records(int players, const std::vector<ScoredGame>& games) {
    std::vector<Record> rec(players);
    for (auto& r : rec) r.wins = r.losses = r.drawn = std::vector<int>(players, 0);
    for (const auto& g : games) {
        Record& a = rec[g.first];
        Record& b = rec[g.second];
        ++a.games;
        ++b.games;
        a.half_points += g.points;
        b.half_points += 2 - g.points;
        if (g.points == 1) {
            ++a.draws;
            ++b.draws;
            ++a.drawn[g.second];
            ++b.drawn[g.first];
        } else {
            ++(g.points == 2 ? a.wins : a.losses)[g.second];
            ++(g.points == 2 ? b.losses : b.wins)[g.first];
        }
    }
    return rec;
}

// Half-points as points: 7 -> "3.5", 4 -> "2".
std::string points_text(int half_points) {
    return std::to_string(half_points / 2) + (half_points % 2 ? ".5" : "");
}

std::string percent(int part, int whole) {
    char text[16];
    std::snprintf(text, sizeof text, "%.1f%%", whole ? 100.0 * part / whole : 0.0);
    return text;
}

std::string pad_right(std::string s, std::size_t width) {
    if (s.size() < width) s.append(width - s.size(), ' ');
    return s;
}

std::string pad_left(const std::string& s, std::size_t width) {
    return s.size() < width ? std::string(width - s.size(), ' ') + s : s;
}

}  // namespace

std::string crosstable(const std::vector<std::string>& names, const std::vector<ScoredGame>& games,
                       Anchor anchor) {
    const int n = static_cast<int>(names.size());
    const auto ratings = fit_ratings(n, games, anchor);
    const auto rec = records(n, games);

    // 1. Rank: rated players by Elo, then by score; players without games last.
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    const auto key = [&](int p) {
        const double score = rec[p].games ? double(rec[p].half_points) / rec[p].games : 0;
        return std::make_tuple(ratings[p].rated, ratings[p].rated ? ratings[p].elo : 0.0, score);
    };
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return key(x) > key(y); });

    // 2. Cells and column widths.
    std::vector<std::vector<std::string>> cells(n, std::vector<std::string>(n));
    std::vector<std::size_t> width(n);
    for (int col = 0; col < n; ++col) width[col] = names[order[col]].size();
    for (int row = 0; row < n; ++row)
        for (int col = 0; col < n; ++col) {
            const int p = order[row], q = order[col];
            const Record& r = rec[p];
            std::string& cell = cells[row][col];
            if (p == q)
                cell = "*";
            else if (r.wins[q] + r.losses[q] + r.drawn[q] == 0)
                cell = "-";
            else
                cell = std::to_string(r.wins[q]) + "-" + std::to_string(r.losses[q]) + "-" +
                       std::to_string(r.drawn[q]);
            width[col] = std::max(width[col], cell.size());
        }
    std::size_t name_width = 4;
    for (const auto& name : names) name_width = std::max(name_width, name.size());

    // 3. The text.
    std::string out = "Ratings: maximum likelihood, logistic Elo; ";
    out += anchor == Anchor::kFirst ? names[0] + " is anchored at 0"
                                    : "the average of the players is 0";
    out += "; +/-: 95% interval\n";
    std::string line =
        "Rank " + pad_right("Name", name_width) + "    Elo    +/-  Games   Score" + "    Draw  |";
    for (int col = 0; col < n; ++col) line += " " + pad_right(names[order[col]], width[col]);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
    for (int row = 0; row < n; ++row) {
        const int p = order[row];
        const Rating& rating = ratings[p];
        char numbers[64];
        if (rating.rated)
            // Rounded first, so that -0.3 shows as 0, not -0.
            std::snprintf(numbers, sizeof numbers, " %6.0f %6.0f", std::round(rating.elo) + 0.0,
                          rating.error95);
        else
            std::snprintf(numbers, sizeof numbers, " %6s %6s", "-", "-");
        line = pad_left(std::to_string(row + 1), 4) + " " + pad_right(names[p], name_width) +
               numbers + pad_left(std::to_string(rec[p].games), 7) +
               pad_left(percent(rec[p].half_points, 2 * rec[p].games), 8) +
               pad_left(percent(rec[p].draws, rec[p].games), 8) + "  |";
        for (int col = 0; col < n; ++col) line += " " + pad_right(cells[row][col], width[col]);
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + "\n";
    }
    return out;
}

std::string standings_line(const std::vector<std::string>& names,
                           const std::vector<ScoredGame>& games, int total) {
    const int n = static_cast<int>(names.size());
    const auto rec = records(n, games);
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
        return std::make_pair(rec[x].half_points, -rec[x].games) >
               std::make_pair(rec[y].half_points, -rec[y].games);
    });
    std::string out = "Standings after " + std::to_string(games.size()) + " of " +
                      std::to_string(total) + " games:";
    for (int i = 0; i < n; ++i) {
        const int p = order[i];
        out += (i ? ", " : " ") + names[p] + " " + points_text(rec[p].half_points) + "/" +
               std::to_string(rec[p].games);
    }
    return out + "\n";
}

}  // namespace kibitz::match
