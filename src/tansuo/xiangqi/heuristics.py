"""The evaluation: every number the engine knows about Xiangqi, in one readable table.

A position is scored from the side to move's point of view, in points where
a pawn that has not crossed the river is worth 30 and a rook 570. The score
is the sum, for each side, of

* **material and placement**: each piece's value plus a bonus for the point
  it stands on (:data:`PLACEMENT`, drawn from Red's side of the board and
  mirrored for Black; the horse, rook and cannon tables count
  ``piece_placement`` percent, 100 by default);
* **mobility**: points for each move of a rook, horse or cannon
  (``*_mobility``), so that a blocked horse or a buried rook counts less;
* **king safety**: a penalty for each missing advisor and elephant, scaled by
  how hard the opponent attacks (its rooks, horses, cannons and pawns across
  the river, and its extra force): an advisor or elephant is worth little
  (60) while nothing threatens its king and nearly twice that against a
  full attack;
* **pins**: a bonus for each undefended enemy horse or cannon held on a
  line to its own king by a rook, or by a cannon over one other piece
  (``pins``; the values are in the kernel, ``PIN_NEAR`` and ``PIN_STEP``);

Red's sum minus Black's, negated for Black, plus a small bonus for having the
move (``tempo``).

The values were set by hand from the usual Xiangqi wisdom (a rook is worth
about two horses; horse and cannon are close, the cannon slightly more with
many pieces on the board; a crossed pawn is worth two to four times a home
one, most in front of the palace) and then checked in self-play, the engine
with these values against variants of itself (40 games each at 0.05 s per
move, two at a time on a loaded two-core machine; 95% intervals about
+-100 Elo): placement tables +636 Elo over material alone; mobility terms 0;
king safety +26; a horse-mobility weight of 8 instead of 5: -9; a rook of
650: 0; cannon 270 and horse 285: -35; king-safety weights doubled: +98 in
that match but 0 in a second one of 60 games at 30,000 nodes per move, so
the values stayed. ``tansuo bench xiangqi`` (suite ``xiangqi-features``)
repeats the per-term matches.

>>> from tansuo.xiangqi import Position
>>> evaluate(Position())   # the initial position: equal, plus the tempo bonus
10
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from tansuo.xiangqi._kernels import board as kb
from tansuo.xiangqi._kernels import search as ks

if TYPE_CHECKING:
    from tansuo.xiangqi.model import Position

# fmt: off
PLACEMENT: dict[str, tuple[tuple[int, ...], ...]] = {
    # Rows from Black's back rank (top, row 0) to Red's (bottom, row 9), seen by Red.
    "K": (  # the king: home on its back rank, on the central file
        (0, 0, 0,   0,   0,   0, 0, 0, 0),
        (0, 0, 0,   0,   0,   0, 0, 0, 0),
        (0, 0, 0,   0,   0,   0, 0, 0, 0),
        (0, 0, 0,   0,   0,   0, 0, 0, 0),
        (0, 0, 0,   0,   0,   0, 0, 0, 0),
        (0, 0, 0,   0,   0,   0, 0, 0, 0),
        (0, 0, 0,   0,   0,   0, 0, 0, 0),
        (0, 0, 0, -16, -16, -16, 0, 0, 0),
        (0, 0, 0,  -8,  -6,  -8, 0, 0, 0),
        (0, 0, 0,   2,   6,   2, 0, 0, 0),
    ),
    "A": (  # advisors: best in the palace centre
        (0, 0, 0,  0, 0,  0, 0, 0, 0),
        (0, 0, 0,  0, 0,  0, 0, 0, 0),
        (0, 0, 0,  0, 0,  0, 0, 0, 0),
        (0, 0, 0,  0, 0,  0, 0, 0, 0),
        (0, 0, 0,  0, 0,  0, 0, 0, 0),
        (0, 0, 0,  0, 0,  0, 0, 0, 0),
        (0, 0, 0,  0, 0,  0, 0, 0, 0),
        (0, 0, 0, -2, 0, -2, 0, 0, 0),
        (0, 0, 0,  0, 6,  0, 0, 0, 0),
        (0, 0, 0,  0, 0,  0, 0, 0, 0),
    ),
    "B": (  # elephants: best in front of the king
        ( 0, 0,  0, 0, 0, 0,  0, 0,  0),
        ( 0, 0,  0, 0, 0, 0,  0, 0,  0),
        ( 0, 0,  0, 0, 0, 0,  0, 0,  0),
        ( 0, 0,  0, 0, 0, 0,  0, 0,  0),
        ( 0, 0,  0, 0, 0, 0,  0, 0,  0),
        ( 0, 0, -2, 0, 0, 0, -2, 0,  0),
        ( 0, 0,  0, 0, 0, 0,  0, 0,  0),
        (-4, 0,  0, 0, 6, 0,  0, 0, -4),
        ( 0, 0,  0, 0, 0, 0,  0, 0,  0),
        ( 0, 0,  0, 0, 0, 0,  0, 0,  0),
    ),
    "N": (  # horses: forward and central; the "lying in the trough" points (row 1) are deadly
        ( 0, -3,  2,  0,  2,  0,  2, -3,  0),
        (-3,  2, 24, 12,  2, 12, 24,  2, -3),
        ( 5, 20, 20, 24, 14, 24, 20, 20,  5),
        ( 4, 10, 18, 20, 22, 20, 18, 10,  4),
        ( 2, 12, 16, 18, 16, 18, 16, 12,  2),
        ( 0,  8, 12, 14, 12, 14, 12,  8,  0),
        ( 0,  4, 10,  8, 12,  8, 10,  4,  0),
        (-2,  2,  8,  6,  8,  6,  8,  2, -2),
        (-4, -2,  4,  0, -4,  0,  4, -2, -4),
        (-6, -4,  0, -4, -6, -4,  0, -4, -6),
    ),
    "R": (  # rooks: the opponent's second rank, the river banks, the central files
        ( 6,  8,  6, 12, 14, 12,  6,  8,  6),
        ( 6, 12, 10, 16, 28, 16, 10, 12,  6),
        ( 4,  8,  6, 12, 16, 12,  6,  8,  4),
        ( 4, 10,  8, 12, 14, 12,  8, 10,  4),
        ( 6, 12, 10, 14, 16, 14, 10, 12,  6),
        ( 4, 10,  8, 12, 14, 12,  8, 10,  4),
        ( 0,  6,  4,  8, 10,  8,  4,  6,  0),
        (-2,  4,  2,  8,  4,  8,  2,  4, -2),
        ( 2,  6,  4,  8,  0,  8,  4,  6,  2),
        (-4,  4,  2,  8, -6,  8,  2,  4, -4),
    ),
    "C": (  # cannons: the central file, and the far corners behind the palace
        ( 6,  4,  0, -4, -6, -4,  0,  4,  6),
        ( 2,  2,  0, -4, -6, -4,  0,  2,  2),
        ( 2,  2,  0, -4,  0, -4,  0,  2,  2),
        ( 0,  0, -2,  2,  6,  2, -2,  0,  0),
        ( 0,  0,  0,  2,  8,  2,  0,  0,  0),
        (-2,  0,  4,  2,  8,  2,  4,  0, -2),
        ( 0,  0,  0,  2,  8,  2,  0,  0,  0),
        ( 2,  2,  0, -2, 14, -2,  0,  2,  2),
        ( 0,  2,  4,  6,  6,  6,  4,  2,  0),
        ( 0,  0,  2,  6,  6,  6,  2,  0,  0),
    ),
    "P": (  # pawns: little at home, much across the river, most before the palace
        ( 0,  3,  6,  9, 12,  9,  6,  3,  0),
        (18, 36, 56, 80, 90, 80, 56, 36, 18),
        (14, 26, 42, 60, 80, 60, 42, 26, 14),
        (10, 20, 30, 34, 40, 34, 30, 20, 10),
        ( 6, 12, 18, 18, 20, 18, 18, 12,  6),
        ( 2,  0,  8,  0,  8,  0,  8,  0,  2),
        ( 0,  0, -2,  0,  4,  0, -2,  0,  0),
        ( 0,  0,  0,  0,  0,  0,  0,  0,  0),
        ( 0,  0,  0,  0,  0,  0,  0,  0,  0),
        ( 0,  0,  0,  0,  0,  0,  0,  0,  0),
    ),
}
# fmt: on


@dataclass(frozen=True, slots=True)
class EvalWeights:
    """The evaluation's numbers other than the placement tables (points; pawn at home = 30).

    Every field is a term the tuning matches can switch off (set to 0).

    Attributes
    ----------
    king, advisor, elephant, horse, rook, cannon, pawn : int
        Material, per piece.
    rook_mobility, horse_mobility, cannon_mobility : int
        Per move of the piece (a cannon's non-capturing moves).
    missing_advisor, missing_elephant : int
        Per defender lost, against a full attack.
    full_attack : int
        The attack units of a full attack: each rook or horse across the
        river 2, each cannon or pawn across it 1, and 2 for each rook (2) or
        horse or cannon (1) more than the other side has, at most 8.
    tempo : int
        For the side to move.
    palace_threats : int
        Percent of the palace-threat terms (hollow, central and back-rank
        cannons, advisor leaks).
    pawn_attack : int
        Percent of a crossed pawn's bonus added again when it attacks.
    crossed_pawn : int
        Points added to the placement of a pawn across the river (its last
        rank excepted), so a crossed pawn is worth more than the table alone
        says: ElephantEye's scores of the positions of the seventh declared
        match valued each crossed pawn about a home pawn more than tansuo's.
    piece_placement : int
        Percent of the placement tables of horses, rooks and cannons.
    pins : int
        Percent of the pin values: an undefended horse or cannon held on a
        line to its king by a rook, or by a cannon over one other piece.
    endgame : int
        Percent of the ending's value changes: as the material thins (the
        phase of ElephantEye: rooks 6, horses and cannons 3, the rest 1,
        taken quadratically), a rook is worth up to 70 points less, a cannon
        15 more and a crossed pawn's placement bonus 40% more.
    ending_knowledge : int
        1: with few rooks, horses and cannons left, the lead of a side whose
        material can hardly win (a lone horse, cannon or pawn against
        defenders, a horse or cannon more without pawns, ...) is scaled
        down, and a side whose opponent has no rook, horse or cannon left
        is paid for bringing its pieces near the other king (0: off).
    material_only : bool
        Ignore placement, mobility and king safety.

    Examples
    --------
    >>> from tansuo.xiangqi import Position
    >>> plain = build_tables(EvalWeights(material_only=True))
    >>> evaluate(Position(), plain)  # equal material: the tempo bonus only
    10
    """

    king: int = 0  # the king is never captured: only its placement counts
    advisor: int = 60  # a defender: worth little unless the king is attacked
    elephant: int = 60
    horse: int = 270
    rook: int = 570  # fitted against the horse to ElephantEye's scores (docs/strength/xiangqi.md)
    cannon: int = 285
    pawn: int = 30
    rook_mobility: int = 3  # per move of a rook
    horse_mobility: int = 5  # per move of a horse (a blocked leg costs)
    cannon_mobility: int = 2  # per non-capturing move of a cannon
    missing_advisor: int = 50  # per advisor lost, against a full attack
    missing_elephant: int = 45  # per elephant lost, against a full attack
    full_attack: int = 8  # attack units (see the class docstring) of a full attack
    tempo: int = 10  # for the side to move
    palace_threats: int = 100  # percent: hollow, central and back-rank cannons, advisor leaks
    pawn_attack: int = 100  # percent of a crossed pawn's bonus added again when attacking
    crossed_pawn: int = 40  # points more for a pawn across the river, its last rank excepted
    pins: int = 0  # percent: undefended horses and cannons pinned to their king (off: see docs)
    piece_placement: int = 100  # percent of the horse, rook and cannon placement tables
    endgame: int = 0  # percent: rooks less, cannons and crossed pawns more as material thins
    ending_knowledge: int = 1  # drawish endings scaled down, won ones driven home (0: off)
    material_only: bool = field(default=False)  # ignore placement, mobility and king safety

    def values(self) -> tuple[int, ...]:
        """Piece values in the kernel's type order (king, advisor, ... pawn)."""
        return (
            self.king,
            self.advisor,
            self.elephant,
            self.horse,
            self.rook,
            self.cannon,
            self.pawn,
        )


DEFAULT_WEIGHTS = EvalWeights()


def build_tables(weights: EvalWeights = DEFAULT_WEIGHTS) -> np.ndarray:
    """Pack material, placement tables and weights into the kernel's ``ev`` array.

    ``ev[(side * 7 + type) * 256 + cell]`` is the piece's value plus its
    placement bonus there (Black's tables are Red's, mirrored top to bottom);
    the weights follow at ``ev[W_*]``.
    """
    ev = np.zeros(ks.EV_SIZE, np.int32)
    for kind, letter in enumerate("KABNRCP"):
        table = PLACEMENT[letter]
        value = weights.values()[kind]
        for row in range(10):
            for file in range(9):
                bonus = 0 if weights.material_only else table[row][file]
                if letter in "NRC":
                    bonus = bonus * weights.piece_placement // 100
                elif letter == "P" and 1 <= row <= 4 and not weights.material_only:
                    bonus += weights.crossed_pawn  # rows 1-4: across the river, not the last rank
                red = (kb.RED * kb.PIECE_TYPES + kind) * 256 + kb.cell_of(row, file)
                ev[red] = value + bonus
                # Black sees the board from the other end: its row r is Red's row 9 - r.
                black = (kb.BLACK * kb.PIECE_TYPES + kind) * 256 + kb.cell_of(9 - row, file)
                ev[black] = value + bonus
    on = 0 if weights.material_only else 1
    ev[ks.W_ROOK_MOBILITY] = weights.rook_mobility * on
    ev[ks.W_HORSE_MOBILITY] = weights.horse_mobility * on
    ev[ks.W_CANNON_MOBILITY] = weights.cannon_mobility * on
    ev[ks.W_MISSING_ADVISOR] = weights.missing_advisor * on
    ev[ks.W_MISSING_ELEPHANT] = weights.missing_elephant * on
    ev[ks.W_FULL_ATTACK] = max(1, weights.full_attack)
    ev[ks.W_TEMPO] = weights.tempo
    ev[ks.W_PALACE_THREATS] = weights.palace_threats * on
    ev[ks.W_PAWN_ATTACK] = weights.pawn_attack * on
    ev[ks.W_PINS] = weights.pins * on
    ev[ks.W_ENDGAME] = weights.endgame * on
    ev[ks.W_ENDING_KNOWLEDGE] = weights.ending_knowledge * on
    return ev


def weight_names() -> list[str]:
    """The names of the tunable fields of :class:`EvalWeights`."""
    return [f.name for f in fields(EvalWeights)]


def with_weights(**changes: Any) -> EvalWeights:
    """:data:`DEFAULT_WEIGHTS` with some fields changed (for tuning)."""
    return replace(DEFAULT_WEIGHTS, **changes)


_DEFAULT_TABLES: np.ndarray | None = None


def default_tables() -> np.ndarray:
    """The packed default evaluation (built once; do not change it)."""
    global _DEFAULT_TABLES
    if _DEFAULT_TABLES is None:
        _DEFAULT_TABLES = build_tables(DEFAULT_WEIGHTS)
    return _DEFAULT_TABLES


def evaluate(position: Position, tables: np.ndarray | None = None) -> int:
    """The static evaluation of ``position`` from the side to move's point of view.

    Parameters
    ----------
    position : Position
    tables : numpy.ndarray, optional
        A packed evaluation from :func:`build_tables` (default: the engine's own).

    Returns
    -------
    int
        Points (a pawn at home is 30, a horse 270); positive favours the side to move.

    Raises
    ------
    IndexError
        ``tables`` is not an array of the packed evaluation's size.

    Examples
    --------
    >>> from tansuo.xiangqi import Position, parse_position
    >>> evaluate(Position())
    10
    >>> evaluate(parse_position("startpos moves h2e2 h7e7 e2e6"))  # Black, a pawn down
    -20
    """
    ev = default_tables() if tables is None else tables
    return int(ks.evaluate(position.pos, int(position.pos[kb.SIDE]), ev))
