"""Plain Python rules and threat search: the slow, readable reference the kernels are tied to.

Nothing here uses the pattern tables or the incremental state: a five is found
by walking the line, a four by trying every empty cell, an open three by
trying to make a straight four. Tests check that the compiled threat search
and the renju rules of :mod:`tansuo.gomoku._kernels` give the same answers.

>>> ref = RefBoard(9, 9, "freestyle", {(2, 4): 1, (3, 4): 1, (4, 4): 1, (5, 4): 1})
>>> sorted(ref.five_points(1))
[(1, 4), (6, 4)]
"""

from __future__ import annotations

EMPTY, BLACK, WHITE = 0, 1, 2
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (-1, 1))
WIN, FAIL = 1, 2


class RefBoard:
    """A board as a dict ``{(x, y): colour}`` with the rules written out longhand."""

    def __init__(
        self, width: int, height: int, rule: str, stones: dict[tuple[int, int], int]
    ) -> None:
        self.width, self.height, self.rule = width, height, rule
        self.stones = dict(stones)

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def at(self, x: int, y: int) -> int:
        """The colour at a cell; 3 off the board."""
        return self.stones.get((x, y), EMPTY) if self.inside(x, y) else 3

    def empties(self) -> list[tuple[int, int]]:
        return [
            (x, y)
            for y in range(self.height)
            for x in range(self.width)
            if (x, y) not in self.stones
        ]

    # -- fives -------------------------------------------------------------

    def _exact(self, c: int) -> bool:
        return self.rule == "standard" or (self.rule == "renju" and c == BLACK)

    def five_through(self, c: int, cell: tuple[int, int], d: tuple[int, int]) -> bool:
        """Whether the stones of ``c`` through ``cell`` along ``d`` make a winning five."""
        (x, y), (dx, dy) = cell, d
        lo = 0
        while self.at(x - (lo + 1) * dx, y - (lo + 1) * dy) == c:
            lo += 1
        hi = 0
        while self.at(x + (hi + 1) * dx, y + (hi + 1) * dy) == c:
            hi += 1
        run = lo + hi + 1
        if run < 5 or (run > 5 and self._exact(c)):
            return False
        if self.rule == "caro":
            before = self.at(x - (lo + 1) * dx, y - (lo + 1) * dy)
            after = self.at(x + (hi + 1) * dx, y + (hi + 1) * dy)
            if before not in (EMPTY, c) and after not in (EMPTY, c):
                return False
        return True

    def overline_through(self, c: int, cell: tuple[int, int], d: tuple[int, int]) -> bool:
        (x, y), (dx, dy) = cell, d
        run = 1
        for sign in (1, -1):
            k = 1
            while self.at(x + sign * k * dx, y + sign * k * dy) == c:
                run += 1
                k += 1
        return run > 5

    def makes_five(self, c: int, cell: tuple[int, int]) -> bool:
        if cell in self.stones:
            return False
        self.stones[cell] = c
        try:
            return any(self.five_through(c, cell, d) for d in DIRECTIONS)
        finally:
            del self.stones[cell]

    def five_points(self, c: int) -> list[tuple[int, int]]:
        return [cell for cell in self.empties() if self.makes_five(c, cell)]

    # -- renju ---------------------------------------------------------------

    def _line_five_points(self, c: int, center: tuple[int, int], d: tuple[int, int]) -> list[int]:
        """Offsets along ``d`` of the empty cells whose five (with c) contains ``center``."""
        (x, y), (dx, dy) = center, d
        found = []
        for k in range(-4, 5):
            cell = (x + k * dx, y + k * dy)
            if k == 0 or self.at(*cell) != EMPTY:
                continue
            self.stones[cell] = c
            if self.five_through(c, center, d):
                found.append(k)
            del self.stones[cell]
        return found

    def _fours_in_line(self, c: int, center: tuple[int, int], d: tuple[int, int]) -> int:
        """0, 1 (a four, or a straight four) or 2 (two fours in the line), ``center`` placed."""
        points = self._line_five_points(c, center, d)
        if len(points) < 2:
            return len(points)
        straight = any(b - a == 5 for a in points for b in points)
        return 1 if straight else 2

    def _straight_four(self, c: int, center: tuple[int, int], d: tuple[int, int]) -> bool:
        points = self._line_five_points(c, center, d)
        return any(b - a == 5 for a in points for b in points)

    def forbidden(self, cell: tuple[int, int]) -> bool:
        """Renju: black may not play an overline, a double-four or a double-three (five wins)."""
        if self.rule != "renju" or cell in self.stones:
            return False
        self.stones[cell] = BLACK
        try:
            if any(self.five_through(BLACK, cell, d) for d in DIRECTIONS):
                return False
            if any(self.overline_through(BLACK, cell, d) for d in DIRECTIONS):
                return True
            if sum(self._fours_in_line(BLACK, cell, d) for d in DIRECTIONS) >= 2:
                return True
            threes = 0
            for d in DIRECTIONS:
                if self._fours_in_line(BLACK, cell, d):
                    continue
                if self._open_three(cell, d) and self._real_three(cell, d):
                    threes += 1
            return threes >= 2
        finally:
            del self.stones[cell]

    def _open_three(self, cell: tuple[int, int], d: tuple[int, int]) -> bool:
        """With ``cell`` placed: some empty cell in the line makes a straight four through it."""
        (x, y), (dx, dy) = cell, d
        for k in range(-4, 5):
            e = (x + k * dx, y + k * dy)
            if k == 0 or self.at(*e) != EMPTY:
                continue
            self.stones[e] = BLACK
            ok = self._straight_four(BLACK, cell, d)
            del self.stones[e]
            if ok:
                return True
        return False

    def _real_three(self, cell: tuple[int, int], d: tuple[int, int]) -> bool:
        """Some straight-four point of the three is itself a legal move."""
        (x, y), (dx, dy) = cell, d
        for k in range(-4, 5):
            e = (x + k * dx, y + k * dy)
            if k == 0 or self.at(*e) != EMPTY:
                continue
            if self.makes_five(BLACK, e):
                continue
            self.stones[e] = BLACK
            straight = self._straight_four(BLACK, e, d)
            del self.stones[e]
            if straight and not self.forbidden(e):
                return True
        return False

    def legal(self, c: int, cell: tuple[int, int]) -> bool:
        return cell not in self.stones and not (c == BLACK and self.forbidden(cell))

    # -- threats -------------------------------------------------------------

    def threat_points(self, c: int) -> list[tuple[int, int]]:
        """Legal moves after which ``c`` has two or more five points."""
        found = []
        for cell in self.empties():
            if not self.legal(c, cell):
                continue
            self.stones[cell] = c
            if len(self.five_points(c)) >= 2:
                found.append(cell)
            del self.stones[cell]
        return found


def threat_search(ref: RefBoard, attacker: int, depth: int, vct: bool) -> int:
    """WIN if ``attacker`` (to move) forces a five with at most ``depth`` threats, else FAIL.

    The same definitions as the kernel: an attacker move is a four, or (VCT) a
    move after which the attacker has a winning threat point; the defender
    answers a four by blocking it, and a three by any move that leaves no
    threat point or by a four of its own (answered by a block that costs the
    attacker no depth).
    """
    return _attack(ref, attacker, depth, vct)


def _attack(ref: RefBoard, a: int, depth: int, vct: bool) -> int:
    d = 3 - a
    if ref.five_points(a):
        return WIN
    if depth <= 0:
        return FAIL
    theirs = ref.five_points(d)
    if theirs:
        if len(theirs) > 1 or not ref.legal(a, theirs[0]):
            return FAIL
        ref.stones[theirs[0]] = a
        try:
            if ref.five_points(a) or (vct and ref.threat_points(a)):
                return _defend(ref, a, depth - 1, vct)
            return FAIL
        finally:
            del ref.stones[theirs[0]]
    for cell in ref.empties():
        if not ref.legal(a, cell):
            continue
        ref.stones[cell] = a
        try:
            threat = ref.five_points(a) or (vct and ref.threat_points(a))
            if threat and _defend(ref, a, depth - 1, vct) == WIN:
                return WIN
        finally:
            del ref.stones[cell]
    return FAIL


def _defend(ref: RefBoard, a: int, depth: int, vct: bool) -> int:
    d = 3 - a
    if ref.five_points(d):
        return FAIL
    fives = ref.five_points(a)
    if fives:
        for cell in fives:  # every legal block must lose
            if not ref.legal(d, cell):
                continue
            ref.stones[cell] = d
            try:
                if not ref.five_points(a) and _attack(ref, a, depth, vct) != WIN:
                    return FAIL
            finally:
                del ref.stones[cell]
        return WIN
    if not ref.threat_points(a):
        return FAIL
    for cell in ref.empties():
        if not ref.legal(d, cell):
            continue
        ref.stones[cell] = d
        try:
            theirs = ref.five_points(d)
            if theirs:
                if len(theirs) > 1 or not ref.legal(a, theirs[0]):
                    return FAIL
                ref.stones[theirs[0]] = a
                try:
                    result = _defend(ref, a, depth, vct)
                finally:
                    del ref.stones[theirs[0]]
            elif not ref.threat_points(a):
                result = _attack(ref, a, depth, vct)
            else:
                continue  # the threat stands: the attacker wins next move
            if result != WIN:
                return FAIL
        finally:
            del ref.stones[cell]
    return WIN
