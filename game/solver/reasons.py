"""Explanations as data (:class:`Reason`): what the solver says about a position, as a kind
and the facts it rests on, never a sentence. The interface words a Reason
(game.commands.explain_text) in the language in use, so the solver knows no language. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# the kinds of a Reason (see its docstring for the facts of each)
SAFE_BY_ZERO, SAFE_BY_FLAGS = "safe_by_zero", "safe_by_flags"
SAFE_BY_PAIR_MINES, SAFE_BY_PAIR_SHARE = "safe_by_pair_mines", "safe_by_pair_share"
SAFE_BY_NUMBERS, SAFE_BY_COUNT, SAFE_BY_LAYOUTS = "safe_by_numbers", "safe_by_count", "safe_by_layouts"
NOTHING_LEFT, SAFE_MOVE, ENDGAME, BEST_GUESS = "nothing_left", "safe_move", "endgame", "best_guess"
FIFTY_FIFTY, CLOSED_AREA, TOO_BIG = "fifty_fifty", "closed_area", "too_big"
ESTIMATED_GROUP = "estimated_group"
# why a cell is certainly a mine (a mistake's explanation in the review)
MINE_BY_NUMBER, MINE_BY_NUMBERS, MINE_BY_LAYOUTS = "mine_by_number", "mine_by_numbers", "mine_by_layouts"
# why a position is impossible (the Reason of an InconsistentPosition; facts in its docstring)
TOO_MANY_FLAGS, OVER_FLAGGED, TOO_FEW_COVERED = "too_many_flags", "over_flagged", "too_few_covered"
NO_FIT, COUNT_MISMATCH = "no_fit", "count_mismatch"
IMPOSSIBLE = (TOO_MANY_FLAGS, OVER_FLAGGED, TOO_FEW_COVERED, NO_FIT, COUNT_MISMATCH)
REASONS = (SAFE_BY_ZERO, SAFE_BY_FLAGS, SAFE_BY_PAIR_MINES, SAFE_BY_PAIR_SHARE, SAFE_BY_NUMBERS,
           SAFE_BY_COUNT, SAFE_BY_LAYOUTS, NOTHING_LEFT, SAFE_MOVE, ENDGAME, BEST_GUESS,
           FIFTY_FIFTY, CLOSED_AREA, TOO_BIG, ESTIMATED_GROUP, MINE_BY_NUMBER, MINE_BY_NUMBERS, MINE_BY_LAYOUTS)


@dataclass(frozen=True)
class Reason:
    """An explanation as data: its ``kind`` (one of REASONS, a short stable name) and
    ``facts``, the plain values it rests on (cells as (row, col), counts as ints, chances
    as floats 0..1, a proof as a :class:`Proof`, a move's note as a Reason). The words are
    the interface's (game.commands.explain_text), in the language in use.

    The kinds and their facts (``cell`` is the cell explained):

    - SAFE_BY_ZERO: the 0 ``at`` touches no mine.
    - SAFE_BY_FLAGS: the ``number`` ``at`` already touches its ``flagged`` flagged mines, ``flags``.
    - SAFE_BY_PAIR_MINES: the ``number`` ``at`` has only its ``covered`` cells left, all mines;
      the ``other`` number ``other_at`` already touches its ``other_need`` mines, ``shared``.
    - SAFE_BY_PAIR_SHARE: the ``number`` ``at`` needs ``need`` more mines ``among`` cells,
      ``outside`` of them at most outside the ``shared`` cells it shares with the ``other``
      number ``other_at``, which gets its ``other_need`` mines among those.
    - SAFE_BY_NUMBERS: ``numbers`` ((number, cell) each) leave no room for a mine among
      their ``covered`` covered neighbours.
    - SAFE_BY_COUNT: all ``total`` mines are accounted for (``flagged`` flagged, ``needed``
      the numbers need); the cell touches no number.
    - SAFE_BY_LAYOUTS: with ``total`` mines (``flagged`` flagged) every one of the
      ``layouts`` layouts leaves the cell empty.
    - NOTHING_LEFT: every covered cell is a mine.
    - SAFE_MOVE: the move is the certain-safe ``cell``, ``proof`` why.
    - ENDGAME: only ``layouts`` layouts remain; revealing ``cell`` (safe with chance
      ``survival``) wins with chance ``win`` with best play.
    - BEST_GUESS: ``cell`` survives with chance ``survival``; ``safest`` True when that is
      the lowest mine probability, else the safest cell survives with ``safest_survival``;
      with a look-ahead ``progress``, ``next_safety`` and ``weighed`` (candidates), and with
      a runner-up ``runner``, ``runner_survival``, ``runner_progress``.
    - A move's ``note`` (in the facts of the three above): FIFTY_FIFTY (``cell`` and
      ``other`` hold one mine between them), CLOSED_AREA (``layouts`` searched, ``win`` the
      chance of clearing it), TOO_BIG (``covered`` cells, no look-ahead).
    - ESTIMATED_GROUP (an approximation): a frontier group of ``cells`` cells too big to count.
    - MINE_BY_NUMBER: the ``number`` ``at`` touches ``known`` mines already shown (none in a
      review, which ignores flags) and has exactly as many ``covered`` cells as it needs: all mines.
    - MINE_BY_NUMBERS: ``numbers`` ((number, cell) each) leave no layout of their ``covered``
      covered neighbours without a mine at the cell.
    - MINE_BY_LAYOUTS: with ``total`` mines (``flagged`` flagged) every one of the ``layouts``
      layouts puts a mine at the cell.
    
    Why a position is impossible (an InconsistentPosition's ``reason``):

    - TOO_MANY_FLAGS: ``flags`` flags but only ``mines`` mines.
    - OVER_FLAGGED: the ``number`` ``at`` touches ``flagged`` flags, more than it shows.
    - TOO_FEW_COVERED: the ``number`` ``at`` needs ``need`` more mines but has only ``room``
      covered unflagged neighbours.
    - NO_FIT: no layout fits the ``numbers`` ((number, cell) each, the first six) and
      ``more`` others.
    - COUNT_MISMATCH: the numbers need ``low``..``high`` mines on the frontier, ``others``
      other covered cells hold 0..``others``, but ``left`` mines remain unflagged.
    """

    kind: str
    facts: dict = field(default_factory=dict)

    __hash__ = None  # its facts are a dict: compared, never hashed

    def __getitem__(self, name: str):
        return self.facts[name]

    def get(self, name: str, default=None):
        return self.facts.get(name, default)
