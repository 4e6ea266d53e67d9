// The chess engine's search, compiled here once (chess_engine.h declares it extern).
#include "engine/chess_engine.h"

template class kibitz::search::Searcher<kibitz::engine::ChessGame, kibitz::engine::ChessEvaluator>;
