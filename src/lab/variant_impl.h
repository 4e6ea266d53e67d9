// The body of every variant: included by the variant_*.cpp files, each of which instantiates
// it for one feature set (one compile unit each, so the two cores build them in parallel).
#pragma once

#include <istream>
#include <ostream>

#include "core/timer.h"
#include "engine/chess_engine.h"
#include "lab/variant_list.h"
#include "lab/variants.h"
#include "uci/session_impl.h"

namespace kibitz::lab {

template <search::Features F>
VariantSearch search_variant(const chess::Position& pos, const search::Limits& limits,
                             std::size_t hash_mb) {
    engine::Engine<engine::ChessGame, engine::ChessEvaluator, F> e;
    e.set_hash_mb(hash_mb);
    e.set_position(engine::ChessGame(pos));
    VariantSearch out;
    e.on_info = [&out](const search::Iteration<chess::Move>& it) {
        if (it.bound != search::kBoundExact || it.multipv != 1) return;
        out.score = it.score;
        out.depth = it.depth;
        out.nodes_by_depth.resize(std::size_t(it.depth), it.nodes);
        out.nodes_by_depth.back() = it.nodes;
    };
    core::Stopwatch clock;
    out.best = e.search_now(limits);
    out.ms = clock.elapsed_ms();
    out.stats = e.stats();
    return out;
}

// The variant as a UCI engine until "quit" or the end of input.
template <search::Features F>
int uci_variant(const std::string& name, std::istream& in, std::ostream& out) {
    uci::BasicSession<engine::Engine<engine::ChessGame, engine::ChessEvaluator, F>> session(
        out, "Kibitz " + name);
    uci::serve(session, in);
    return 0;
}

}  // namespace kibitz::lab

// Defines search_<id> and uci_<id> (declared in variant_list.h) for the feature set.
#define KIBITZ_DEFINE_VARIANT(id, features)                                             \
    VariantSearch search_##id(const chess::Position& pos, const search::Limits& limits, \
                              std::size_t hash_mb) {                                    \
        return search_variant<features>(pos, limits, hash_mb);                          \
    }                                                                                   \
    int uci_##id(const std::string& name, std::istream& in, std::ostream& out) {        \
        return uci_variant<features>(name, in, out);                                    \
    }
