// Move ordering as a staged picker: the move from the transposition table, winning and equal
// captures by MVV-LVA, the two killers, the counter move, quiet moves by history (a threatened
// piece's escapes first), and losing captures last. A game with HasStagedGeneration (chess)
// is asked for its moves one stage at a time, so a cutoff by the table move generates
// nothing and a cutoff by a capture never generates the quiet moves; another game's moves
// (and the quiescence search's list) are generated at once and picked in the same order.
#pragma once

#include <array>
#include <cstdint>
#include <utility>

#include "search/features.h"
#include "search/game.h"
#include "search/history.h"

namespace kibitz::search {

// What the search remembers for ordering at a node: the table move and the killers and
// counter move of its ply (raw 16-bit moves, 0 for none), and the divisor of capture history
// in the captures' order (0: MVV-LVA alone).
template <class Move>
struct OrderingHints {
    Move tt{};
    std::uint16_t killer0 = 0, killer1 = 0, counter = 0;
    int capture_divisor = 0;
    int threat_bonus = 0;  // added to a quiet move that attacks a bigger piece
    // Continuation history after the moves 1, 2 and 4 plies back (null: none).
    std::array<const std::int16_t*, 3> continuation{};
};

template <Game G, Features F>
class MovePicker {
public:
    using Move = typename G::Move;
    using MoveList = typename G::MoveList;

    // The main search's moves, generated in stages where the game can.
    MovePicker(const G& g, const MoveHistory& history, const OrderingHints<Move>& hints)
        : g_(g), history_(history), hints_(hints) {
        if constexpr (!kStaged) {
            MoveList list;
            g.generate(list);
            score_all(list);
        }
    }
    // The moves of `list` (quiescence: captures, checks or evasions), all scored at once.
    MovePicker(const G& g, const MoveHistory& history, const OrderingHints<Move>& hints,
               const MoveList& list)
        : g_(g), history_(history), hints_(hints) {
        score_all(list);
    }

    // The next move in order into m; false when none is left.
    bool next(Move& m) {
        if constexpr (kStaged)
            if (stage_ != kAll) return next_staged(m);
        if (cur_ == end_) return false;
        m = pick_best(cur_++, end_);
        ++given_;
        return true;
    }

    // How many moves next() has given so far (0 after the last one: the game is over).
    int given() const { return given_; }

private:
    static constexpr bool kStaged = HasStagedGeneration<G> && HasTacticalInfo<G>;
    enum Stage {
        kTableMove,
        kGenerateTactical,
        kGoodTactical,
        kKiller0,
        kKiller1,
        kCounter,
        kGenerateQuiet,
        kQuiet,
        kBadTactical,
        kDone,
        kAll,  // one list scored at once
    };
    // The scores of the one-list order, above any history value.
    static constexpr int kTTScore = 1 << 30, kGoodScore = 1 << 28, kKillerScore = 1 << 27,
                         kCounterScore = 1 << 26;
    struct Scored {
        Move move;
        int score;
    };

    bool is_tt(Move m) const { return F.tt && hints_.tt.raw() != 0 && m == hints_.tt; }

    // The order of the tactical moves: MVV-LVA, and capture history.
    int tactical_score(Move m) const {
        int s = g_.capture_order(m);
        if constexpr (F.capture_history && HasCaptureIndex<G>)
            if (hints_.capture_divisor > 0)
                s += history_.capture(g_.capture_index(m)) / hints_.capture_divisor;
        return s;
    }

    // The order of the quiet moves: history and continuation history, a threatened piece's
    // escapes first, and a bonus for attacking a bigger piece.
    int quiet_score(Move m, std::uint64_t threatened) const {
        int s = 0;
        if constexpr (HasMoveIndex<G> && (F.history || F.continuation_history)) {
            const int index = g_.move_index(m);
            if constexpr (F.history) s = history_.quiet(index);
            if constexpr (F.continuation_history)
                for (const std::int16_t* row : hints_.continuation)
                    if (row) s += row[index];
        }
        if constexpr (HasThreats<G>)
            if (threatened && g_.escapes(m, threatened)) s += 2 * kHistoryMax;
        if constexpr (HasQuietThreats<G>)
            if (hints_.threat_bonus && g_.threatens(m)) s += hints_.threat_bonus;
        return s;
    }

    // Scores every move of list in one order (table move, good tacticals, killers, counter
    // move, quiets, bad tacticals), to be picked by selection.
    void score_all(const MoveList& list) {
        stage_ = kAll;
        std::uint64_t threatened = 0;
        if constexpr (HasThreats<G>) threatened = g_.threatened();
        for (const Move m : list) {
            int s = 0;
            bool tactical = false;
            if constexpr (HasTacticalInfo<G>) tactical = g_.is_tactical(m);
            if (is_tt(m)) {
                s = kTTScore;
            } else if (tactical) {
                // Winning and equal captures by MVV-LVA above killers; losing ones last.
                if constexpr (HasTacticalInfo<G>)
                    s = (g_.see_ge(m, 0) ? kGoodScore : -kGoodScore) + tactical_score(m);
            } else if (m.raw() == hints_.killer0) {
                s = kKillerScore;
            } else if (m.raw() == hints_.killer1) {
                s = kKillerScore - 1;
            } else if (m.raw() == hints_.counter) {
                s = kCounterScore;
            } else {
                s = quiet_score(m, threatened);
            }
            moves_[end_++] = Scored{m, s};
        }
    }

    // Selection, one step: the best move of [from, to) comes to `from`.
    Move pick_best(int from, int to) {
        int best = from;
        for (int j = from + 1; j < to; ++j)
            if (moves_[j].score > moves_[best].score) best = j;
        std::swap(moves_[from], moves_[best]);
        return moves_[from].move;
    }

    // A killer or the counter move, when it is a legal quiet move not given before.
    bool special(std::uint16_t raw, Move& m) const {
        if (raw == 0) return false;
        const Move k = Move::from_raw(raw);
        if (is_tt(k) || !g_.is_legal(k) || g_.is_tactical(k)) return false;
        m = k;
        return true;
    }
    bool is_special(Move m) const {
        const std::uint16_t r = m.raw();
        return r == hints_.killer0 || r == hints_.killer1 || r == hints_.counter;
    }

    bool give() {
        ++given_;
        return true;
    }

    bool next_staged(Move& m) {
        switch (stage_) {
            case kTableMove:
                stage_ = kGenerateTactical;
                if (F.tt && hints_.tt.raw() != 0 && g_.is_legal(hints_.tt)) {
                    m = hints_.tt;
                    return give();
                }
                [[fallthrough]];
            case kGenerateTactical: {
                MoveList list;
                g_.generate_tactical(list);
                // Good ones from the front, losing ones (by SEE) from the back.
                int bad = int(list.size());
                for (const Move t : list) {
                    if (is_tt(t)) continue;
                    if (g_.see_ge(t, 0))
                        moves_[end_++] = Scored{t, tactical_score(t)};
                    else
                        moves_[--bad] = Scored{t, tactical_score(t)};
                }
                bad_begin_ = bad;
                bad_end_ = int(list.size());
                stage_ = kGoodTactical;
                [[fallthrough]];
            }
            case kGoodTactical:
                if (cur_ < end_) {
                    m = pick_best(cur_++, end_);
                    return give();
                }
                stage_ = kKiller0;
                [[fallthrough]];
            case kKiller0:
                stage_ = kKiller1;
                if (special(hints_.killer0, m)) return give();
                [[fallthrough]];
            case kKiller1:
                stage_ = kCounter;
                if (hints_.killer1 != hints_.killer0 && special(hints_.killer1, m)) return give();
                [[fallthrough]];
            case kCounter:
                stage_ = kGenerateQuiet;
                if (hints_.counter != hints_.killer0 && hints_.counter != hints_.killer1 &&
                    special(hints_.counter, m))
                    return give();
                [[fallthrough]];
            case kGenerateQuiet: {
                MoveList list;
                g_.generate_quiet(list);
                std::uint64_t threatened = 0;
                if constexpr (HasThreats<G>) threatened = g_.threatened();
                // Quiet moves go after the bad tacticals' slots, sorted at once by insertion
                // (at most nodes all of them are searched or pruned in turn).
                cur_ = end_ = bad_end_;
                for (const Move q : list) {
                    if (is_tt(q) || is_special(q)) continue;
                    const Scored x{q, quiet_score(q, threatened)};
                    int j = end_++;
                    for (; j > cur_ && moves_[j - 1].score < x.score; --j)
                        moves_[j] = moves_[j - 1];
                    moves_[j] = x;
                }
                stage_ = kQuiet;
                [[fallthrough]];
            }
            case kQuiet:
                if (cur_ < end_) {
                    m = moves_[cur_++].move;
                    return give();
                }
                stage_ = kBadTactical;
                [[fallthrough]];
            case kBadTactical:
                if (bad_begin_ < bad_end_) {
                    m = pick_best(bad_begin_++, bad_end_);
                    return give();
                }
                stage_ = kDone;
                [[fallthrough]];
            default: return false;
        }
    }

    const G& g_;
    const MoveHistory& history_;
    OrderingHints<Move> hints_;
    Stage stage_ = kTableMove;
    int cur_ = 0, end_ = 0;            // the moves of the stage being picked
    int bad_begin_ = 0, bad_end_ = 0;  // losing tacticals, kept for the last stage
    int given_ = 0;
    Scored moves_[MoveList::capacity()];
};

}  // namespace kibitz::search
