// Counters that the search keeps for the lab and for UCI info lines.
#pragma once

#include <cstdint>

namespace kibitz::search {

struct Stats {
    std::uint64_t nodes = 0;   // positions visited (interior and leaves)
    std::uint64_t leaves = 0;  // positions scored by the evaluator
    std::uint64_t qnodes = 0;  // quiescence positions
    std::uint64_t tt_probes = 0, tt_hits = 0, tt_cutoffs = 0;
    std::uint64_t beta_cutoffs = 0, first_move_cutoffs = 0, first3_cutoffs = 0;
    std::uint64_t researches = 0;    // PVS and aspiration re-searches
    std::uint64_t tb_hits = 0;       // positions valued by the endgame tables
    std::uint64_t solver_nodes = 0;  // positions visited by the game's exact solver
    std::uint64_t singular_extensions = 0, multi_cuts = 0;
    std::uint64_t double_extensions = 0, negative_extensions = 0;
    std::uint64_t history_prunes = 0;            // quiet moves left out for their bad history
    std::uint64_t probcuts = 0;                  // nodes ended by ProbCut's capture search
    std::uint64_t bad_capture_reductions = 0;    // losing captures searched shallower first
    std::uint64_t qsearch_checks = 0;            // quiet checks tried in the quiescence search
    std::uint64_t mpc_checks = 0, mpc_cuts = 0;  // Multi-ProbCut's shallow searches, its cuts
    int seldepth = 0;

    void add(const Stats& o) {
        nodes += o.nodes, leaves += o.leaves, qnodes += o.qnodes;
        tt_probes += o.tt_probes, tt_hits += o.tt_hits, tt_cutoffs += o.tt_cutoffs;
        beta_cutoffs += o.beta_cutoffs, first_move_cutoffs += o.first_move_cutoffs;
        first3_cutoffs += o.first3_cutoffs, researches += o.researches;
        tb_hits += o.tb_hits, solver_nodes += o.solver_nodes;
        singular_extensions += o.singular_extensions, multi_cuts += o.multi_cuts;
        double_extensions += o.double_extensions, negative_extensions += o.negative_extensions;
        history_prunes += o.history_prunes, probcuts += o.probcuts;
        bad_capture_reductions += o.bad_capture_reductions, qsearch_checks += o.qsearch_checks;
        mpc_checks += o.mpc_checks, mpc_cuts += o.mpc_cuts;
        if (o.seldepth > seldepth) seldepth = o.seldepth;
    }
};

}  // namespace kibitz::search
