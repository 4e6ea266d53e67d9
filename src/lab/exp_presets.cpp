// Experiment 8: the thesis's three kinds of engine, as Kibitz's evaluation presets: a "fast
// searcher" (the thesis's own few-term evaluation), a "knowledge-based" one (the Cornell
// report's 25 weights of mobility, threats and protection per piece type) and a "hybrid" (the
// full tapered evaluation). Nodes per second at a fixed time, against playing strength in a
// round-robin at a fast time control.
#include "engine/chess_engine.h"
#include "eval/presets.h"
#include "lab/experiments.h"
#include "lab/report.h"
#include "lab/tournament.h"

namespace kibitz::lab {

namespace {

struct PresetRow {
    eval::Preset preset;
    std::string kind;
    std::uint64_t nodes = 0;
    std::int64_t ms = 0;
    std::int64_t depth = 0;
};

Status run(Context& ctx) {
    const bool quick = ctx.options.quick;
    const std::int64_t movetime =
        ctx.options.movetime_ms > 0 ? ctx.options.movetime_ms : (quick ? 20 : 200);
    const int games = ctx.options.games > 0 ? ctx.options.games : (quick ? 2 : 40);
    std::vector<PresetRow> rows = {{eval::Preset::kThesis, "fast searcher"},
                                   {eval::Preset::kFranaszczuk, "knowledge-based"},
                                   {eval::Preset::kFull, "hybrid"}};
    const int n = int(ctx.positions.size());
    Progress progress(ctx.log, "presets", int(rows.size()) * n);
    for (auto& row : rows) {
        for (const auto& pos : ctx.positions) {
            if (ctx.stopped()) return Done{};
            engine::ChessEngine e(engine::ChessEvaluator(row.preset));
            e.set_position(engine::ChessGame(pos));
            search::Limits limits;
            limits.soft_ms = limits.hard_ms = movetime;
            int depth = 0;
            e.on_info = [&depth](const search::Iteration<chess::Move>& it) {
                if (it.bound == search::kBoundExact) depth = it.depth;
            };
            core::Stopwatch clock;
            e.search_now(limits);
            row.ms += clock.elapsed_ms();
            row.nodes += e.stats().nodes;
            row.depth += depth;
            progress.step(std::string(eval::to_string(row.preset)));
        }
    }

    std::vector<Entrant> entrants;
    for (const auto& row : rows)
        entrants.push_back({std::string(eval::to_string(row.preset)),
                            ctx.options.kibitz_path + " uci",
                            {{"EvalPreset", std::string(eval::to_string(row.preset))}}});
    std::swap(entrants[0], entrants[2]);  // the full evaluation is the anchor
    const std::string tc = quick ? "0.5+0.01" : "1+0.01";
    auto standings = round_robin(ctx, entrants, tc, games);
    if (!standings) return core::error(standings.error());
    if (ctx.stopped()) return Done{};

    Report r(ctx, "8. Fast searcher vs knowledge-based vs hybrid");
    r.text(
        "The thesis sorts engines into three kinds: *fast searchers* with a minimal evaluation "
        "(150–200k nodes/s on a Pentium 200), *knowledge-based* ones 10–100× slower with better "
        "positional play, and *hybrids* 2–5× slower than fast searchers. Kibitz has all three "
        "as evaluation presets under the same search: `thesis` (material and the thesis's 8 "
        "simple terms), `franaszczuk` (the Cornell report's 25 weights: mobility, threats and "
        "protection for every piece type, which costs attack maps for every piece) and `full` "
        "(the tapered evaluation with pawn structure, king safety, threats and more, with a "
        "pawn hash table). Speed: each position searched for " +
        std::to_string(movetime) + " ms, one thread.");
    std::vector<std::vector<std::string>> table;
    BarChart speed;
    speed.title = "Nodes per second by evaluation";
    speed.y_label = "nodes/s";
    const double fast_nps = rows[0].ms ? double(rows[0].nodes) * 1000.0 / double(rows[0].ms) : 0;
    for (const auto& row : rows) {
        const double nps = row.ms ? double(row.nodes) * 1000.0 / double(row.ms) : 0;
        table.push_back({"`" + std::string(eval::to_string(row.preset)) + "`", row.kind,
                         with_commas(std::uint64_t(nps)),
                         fixed(fast_nps / std::max(1.0, nps), 2) + "×",
                         fixed(double(row.depth) / n, 1)});
        speed.bars.push_back({std::string(eval::to_string(row.preset)), nps, 0});
    }
    r.table({"preset", "kind", "nodes/s", "slower than `thesis`", "mean depth reached"}, table);
    r.plot("speed", render_svg(speed), "Nodes per second by evaluation preset");

    r.heading("Strength");
    r.text("A round-robin at " + tc + " (seconds + increment), " + std::to_string(games) +
           " games per pairing (each opening with both colours), through the match runner:");
    r.text("`" + standings->command + "`");
    r.table({"preset", "games", "score", "Elo (95%)"}, standings_rows(*standings));
    r.plot("elo", elo_chart(*standings, "Elo by evaluation preset (full = 0)"), "Elo by preset");

    auto nps_of = [](const PresetRow& row) {
        return row.ms ? double(row.nodes) * 1000.0 / double(row.ms) : 0.0;
    };
    r.headline("knowledge-based engines are 10–100× slower than fast searchers, hybrids 2–5×",
               "10–100× / 2–5×",
               "`franaszczuk` " + fixed(nps_of(rows[0]) / std::max(1.0, nps_of(rows[1])), 2) +
                   "×, `full` " + fixed(nps_of(rows[0]) / std::max(1.0, nps_of(rows[2])), 2) +
                   "× slower than `thesis`");
    const std::string elo = elo_list(*standings);
    r.headline("knowledge makes up for speed", "better positional play",
               "Elo against `full`: " + elo);
    r.why(
        "Node rates here are for the whole search, where move generation, make/unmake, the "
        "table and ordering take most of the time, so the evaluation's cost is diluted: the "
        "thesis's ratios compare evaluation-bound programs of 1999, and a bitboard evaluation "
        "with a pawn hash table is cheap next to the search around it. The games decide: the "
        "full evaluation's knowledge (pawn structure, king safety, passed pawns, tapering) is "
        "worth far more than the small speed it costs.");
    return r.save();
}

}  // namespace

Experiment experiment_presets() {
    return {"presets", "Fast searcher vs knowledge-based vs hybrid",
            "thesis: knowledge-based engines are 10–100× slower, hybrids 2–5× slower", run};
}

}  // namespace kibitz::lab
