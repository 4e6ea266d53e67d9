// Lab tournaments through the match runner.
#include "lab/tournament.h"

#include <filesystem>
#include <sstream>
#include <streambuf>

#include "lab/report.h"
#include "match/match.h"

namespace kibitz::lab {

namespace {

std::string openings_file() {
    return std::string(KIBITZ_SOURCE_DIR) + "/data/openings/8moves_200.pgn";
}

// Passes the match runner's output on as progress lines: one step per finished game.
class GameCounter : public std::streambuf {
public:
    explicit GameCounter(Progress& progress) : progress_(progress) {}

protected:
    int overflow(int c) override {
        if (c == '\n') {
            if (line_.rfind("Finished game", 0) == 0) progress_.step(line_.substr(9));
            line_.clear();
        } else if (c != EOF) {
            line_ += char(c);
        }
        return c;
    }

private:
    Progress& progress_;
    std::string line_;
};

std::string quoted(const std::string& s) {
    return s.find(' ') == std::string::npos ? s : '"' + s + '"';
}

}  // namespace

std::string variant_command(const Context& ctx, const std::string& variant) {
    return ctx.options.kibitz_path + " lab uci " + variant;
}

core::Result<Standings> round_robin(Context& ctx, const std::vector<Entrant>& entrants,
                                    const std::string& tc, int games_per_pairing) {
    match::MatchOptions options;
    auto time_control = match::parse_tc(tc);
    if (!time_control) return core::error(time_control.error());
    std::ostringstream command;
    command << "kibitz match";
    for (const auto& e : entrants) {
        match::EngineConfig config;
        config.name = e.name;
        config.command = e.command;
        config.options = e.options;
        config.tc = *time_control;
        options.engines.push_back(config);
        // The report names the binary `kibitz`, not this machine's path to it.
        std::string shown = e.command;
        if (shown.rfind(ctx.options.kibitz_path + " ", 0) == 0)
            shown = "kibitz" + shown.substr(ctx.options.kibitz_path.size());
        command << " -engine cmd=" << quoted(shown) << " name=" << quoted(e.name);
        for (const auto& [key, value] : e.options) command << " option." << key << '=' << value;
    }
    auto openings = match::load_openings(openings_file(), "pgn", 0);
    if (!openings) return core::error(openings.error());
    options.openings = std::move(*openings);
    options.openings_file = openings_file();
    options.openings_format = "pgn";
    options.random_order = true;
    options.srand = 2026;
    options.games = 2;
    options.rounds = std::max(1, games_per_pairing / 2);
    options.repeat = true;
    options.concurrency = std::max(1, ctx.options.concurrency);
    options.draw = {true, 40, 8, 10};
    options.resign = {true, 3, 600, true};
    options.pgnout = ctx.dir + "/games.pgn";
    options.state_file = ctx.dir + "/state.json";
    // Without a state file this is a new tournament: the games of an old one must not mix in.
    std::error_code ec;
    if (!std::filesystem::exists(options.state_file, ec))
        std::filesystem::remove(options.pgnout, ec);
    options.event = "kibitz lab";
    command << " -each tc=" << tc << " -games 2 -rounds " << options.rounds
            << " -repeat -openings file=data/openings/8moves_200.pgn format=pgn order=random"
            << " -srand 2026 -concurrency " << options.concurrency
            << " -draw movenumber=40 movecount=8 score=10 -resign movecount=3 score=600 "
               "twosided=true -pgnout games.pgn -state state.json";

    const int pairings = int(entrants.size() * (entrants.size() - 1) / 2);
    Progress progress(ctx.log, ctx.dir.substr(ctx.dir.rfind('/') + 1),
                      pairings * options.games * options.rounds);
    GameCounter counter(progress);
    std::ostream out(&counter);
    const match::MatchResult result = match::run_match(options, out, &ctx.stop);
    if (result.setup_failed || !result.error.empty())
        return core::error("tournament: " + (result.error.empty() ? "setup failed" : result.error));

    Standings s;
    s.names = result.names;
    s.command = command.str();
    s.total_games = int(result.games.size());
    const int players = int(entrants.size());
    s.ratings = match::fit_ratings(players, result.games, match::Anchor::kFirst);
    s.score.assign(std::size_t(players), 0);
    s.games.assign(std::size_t(players), 0);
    std::vector<int> points(std::size_t(players), 0);
    for (const auto& g : result.games) {
        points[std::size_t(g.first)] += g.points;
        points[std::size_t(g.second)] += 2 - g.points;
        ++s.games[std::size_t(g.first)];
        ++s.games[std::size_t(g.second)];
    }
    for (int i = 0; i < players; ++i)
        s.score[std::size_t(i)] =
            s.games[std::size_t(i)] ? points[std::size_t(i)] / 2.0 / s.games[std::size_t(i)] : 0;
    return s;
}

std::vector<std::vector<std::string>> standings_rows(const Standings& s) {
    std::vector<std::vector<std::string>> rows;
    for (std::size_t i = 0; i < s.names.size(); ++i) {
        const auto& r = s.ratings[i];
        rows.push_back(
            {s.names[i], std::to_string(s.games[i]), percent(s.score[i]),
             i == 0 ? "0 (anchor)"
                    : (r.elo >= 0 ? "+" : "") + fixed(r.elo, 0) + " ± " + fixed(r.error95, 0)});
    }
    return rows;
}

std::string elo_list(const Standings& s) {
    std::string out;
    for (std::size_t i = 1; i < s.names.size(); ++i)
        out += (i > 1 ? ", " : "") + s.names[i] + " " + (s.ratings[i].elo >= 0 ? "+" : "") +
               fixed(s.ratings[i].elo, 0) + " ± " + fixed(s.ratings[i].error95, 0);
    return out;
}

std::string elo_chart(const Standings& s, const std::string& title) {
    BarChart chart;
    chart.title = title;
    chart.y_label = "Elo against " + (s.names.empty() ? std::string("the first") : s.names[0]);
    for (std::size_t i = 0; i < s.names.size(); ++i)
        chart.bars.push_back({s.names[i], s.ratings[i].elo, s.ratings[i].error95});
    return render_svg(chart);
}

}  // namespace kibitz::lab
