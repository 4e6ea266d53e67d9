// Experiment 9: a round-robin between configurations of the engine's search, each with one
// technique switched off, through the match runner, with Elo ratings (as the thesis played
// each pair of its implementations against each other).
#include "lab/experiments.h"
#include "lab/report.h"
#include "lab/tournament.h"
#include "lab/variants.h"

namespace kibitz::lab {

namespace {

Status run(Context& ctx) {
    const bool quick = ctx.options.quick;
    const int games = ctx.options.games > 0 ? ctx.options.games : (quick ? 2 : 20);
    const std::vector<std::string> names =
        quick ? std::vector<std::string>{"full", "no-pruning"}
              : std::vector<std::string>{"full",        "no-null-move", "no-lmr",
                                         "no-futility", "no-tt",        "no-pruning"};
    std::vector<Entrant> entrants;
    for (const auto& name : names) entrants.push_back({name, variant_command(ctx, name), {}});
    const std::string tc = quick ? "0.5+0.01" : "1+0.01";
    auto standings = round_robin(ctx, entrants, tc, games);
    if (!standings) return core::error(standings.error());
    if (ctx.stopped()) return Done{};

    Report r(ctx, "9. Tournament between configurations");
    std::string list;
    for (const auto& v : engine_variants())
        for (const auto& name : names)
            if (v.name == name) list += "- `" + v.name + "`: " + v.description + "\n";
    r.text(
        "Kibitz's engine with one technique switched off (`kibitz lab uci VARIANT`, compiled "
        "variants of the same search), a round-robin at " +
        tc + " with " + std::to_string(games) +
        " games per pairing, each opening with both colours. Ratings are anchored on the "
        "full engine (0) and fitted to all games at once (Bradley-Terry, logistic Elo); the "
        "intervals are 95%.\n\n" +
        list);
    r.text("`" + standings->command + "`");
    r.table({"variant", "games", "score", "Elo (95%)"}, standings_rows(*standings));
    r.plot("elo", elo_chart(*standings, "Elo of each variant (full engine = 0)"), "Elo by variant");

    const std::string elo = elo_list(*standings);
    r.headline("tournaments between the implementations rank them", "pairwise matches",
               std::to_string(standings->total_games) + " games at " + tc + "; Elo against " +
                   "the full engine: " + elo);
    r.why(
        "Each technique is worth playing strength, and together the forward pruning is worth "
        "most. The intervals are wide: a round-robin that fits in the lab's time budget has "
        "a few hundred games, enough to rank large differences, not to separate techniques "
        "worth 20–30 Elo each. `kibitz match` with `-sprt` settles a single technique.");
    return r.save();
}

}  // namespace

Experiment experiment_tournament() {
    return {"tournament", "Tournament between configurations",
            "thesis: tournaments between each pair of implementations", run};
}

}  // namespace kibitz::lab
