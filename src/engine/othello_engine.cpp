// The Othello engine's search, compiled here once (othello_engine.h declares it extern).
#include "engine/othello_engine.h"

template class kibitz::search::Searcher<kibitz::engine::OthelloGame,
                                        kibitz::engine::OthelloEvaluator,
                                        kibitz::engine::kOthelloFeatures>;
