"""Feature kernels: the feature cell of a position, and one skew heap of open states per cell.

The feature search (after FESS, Shoham and Schaeffer's Feature Space Search)
projects each position onto a small grid of features and spreads the search
over that grid instead of following one priority queue:

* *packing*: boxes on goals, counted in the packing order (a box on a goal
  that the order fills later than a goal still empty does not count), and
  none at all while those boxes shut an empty goal off from every other box
  (:func:`goal_cut_off`: a goal area filled in an order that leaves a goal
  out of reach is no progress, however many boxes it holds);
* *connectivity*: the regions the boxes cut the free floor into (1 when the
  player can walk everywhere);
* *doorways* (``P_GATES``, a simple form of FESS's room connectivity): the
  boxes that stand in a one-wide passage between walls, off the goals
  (``LevelTables.gate``), each blocking a way between two parts of the level
  even when the player can still go round.

Every open state waits in the heap of its cell; the search takes the best
state of each non-empty cell in turn (:func:`cell_pop`), so that progress on
either feature gets its share of the expansions, however the lower bound
ranks it. A greedy dive that takes a few thousand expansions is slowed down
by the number of cells, so the solver can run the one-queue search beside
this one (``Plan.greedy``).

A push that packs a box, joins two regions or clears a doorway is an *advised* push (FESS's
advisors propose such moves): it adds nothing to the state's path cost
inside the cell, any other push adds ``P_ADVICE``.

The heaps are skew heaps threaded through per-state arrays (``States.left``,
``States.right``, keys in ``States.skey``), so that any number of cells
costs one root per cell and no array per cell.
"""

from __future__ import annotations

from tansuo._jit import NRT_OPTION, njit_one_version
from tansuo.sokoban._kernels.board import ring_runs
from tansuo.sokoban._kernels.state import (
    C_CUT_OFF,
    C_CYCLE,
    C_SUBSTAMP,
    FEATURE_GATES,
    FEATURE_REGIONS,
)


@njit_one_version(**NRT_OPTION)
def packed(goals, rank, occ):
    """Boxes on goals in the packing order: on a goal no later than the first empty one."""
    low = 1 << 30
    for g in goals:
        if occ[g] == 0 and rank[g] < low:
            low = rank[g]
    count = 0
    for g in goals:
        if occ[g] > 0 and rank[g] <= low:
            count += 1
    return count


@njit_one_version(**NRT_OPTION)
def goal_cut_off(goals, rank, walls, occ, seen, queue, deltas, ctl):
    """Whether the boxes packed in order (those :func:`packed` counts) shut an empty goal.

    For each empty goal, a box is pulled back from it over the floor, the
    packed boxes counting as walls (the player's walk to each pull is not
    checked); when no other box is met, no box can reach that goal unless a
    packed one leaves its goal again. Boxes on goals out of order are on
    their way, not packed, and are met like any other: solutions often stand
    boxes on goals in passing, and a check that took every box on a goal for
    a wall would flag much of their way (docs/logs/sokoban.md). A flood that
    comes to an empty goal already found to be reached stops there: a box
    that reaches that goal can be pushed on from it. Floods ``seen`` with
    fresh stamps of ``ctl[C_SUBSTAMP]``, using ``queue``.
    """
    low = 1 << 30
    for g in goals:
        if occ[g] == 0 and rank[g] < low:
            low = rank[g]
    ctl[C_SUBSTAMP] += 1
    reached = ctl[C_SUBSTAMP]  # seen[g] == reached: an empty goal some box can reach
    for g in goals:
        if occ[g] > 0:
            continue
        ctl[C_SUBSTAMP] += 1
        stamp = ctl[C_SUBSTAMP]
        seen[g] = stamp
        queue[0] = g
        head = 0
        tail = 1
        met = False
        while head < tail and not met:
            c = queue[head]
            head += 1
            for k in range(4):
                d = deltas[k]
                x = c + d  # a box pulled from c onto x leaves the player on x + d
                y = x + d
                if seen[x] == stamp or walls[x] or walls[y]:
                    continue
                if occ[y] > 0 and 0 <= rank[y] <= low:
                    continue  # the player cannot stand on a packed box
                if occ[x] > 0:
                    if 0 <= rank[x] <= low:
                        continue
                    met = True  # a box not packed: pushed from x + d, it goes on to g
                    break
                if seen[x] == reached:
                    met = True  # an empty goal some box reaches: it can go on to g
                    break
                seen[x] = stamp
                queue[tail] = x
                tail += 1
        if not met:
            return True
        seen[g] = reached
    return False


@njit_one_version(**NRT_OPTION)
def packing(lv, occ, w, ctl):
    """The packing feature of the position ``occ``: :func:`packed`, or 0 while the boxes
    it counts shut an empty goal (:func:`goal_cut_off`, counted in ``ctl[C_CUT_OFF]``)."""
    pack = packed(lv.goals, lv.rank, occ)
    if pack > 0 and goal_cut_off(lv.goals, lv.rank, lv.walls, occ, w.rseen, w.queue, lv.deltas,
                                 ctl):  # fmt: skip
        ctl[C_CUT_OFF] += 1
        return 0
    return pack


@njit_one_version(**NRT_OPTION)
def label_regions(walls, occ, lab, lseen, stamp, queue, deltas):
    """Label the regions of the free floor (``occ == 0``): ``lab[c]`` where ``lseen[c] ==
    stamp``, 0, 1, ...; how many there are."""
    count = 0
    for start in range(walls.size):
        if walls[start] or occ[start] > 0 or lseen[start] == stamp:
            continue
        lseen[start] = stamp
        lab[start] = count
        queue[0] = start
        head = 0
        tail = 1
        while head < tail:
            c = queue[head]
            head += 1
            for k in range(4):
                x = c + deltas[k]
                if lseen[x] != stamp and not walls[x] and occ[x] == 0:
                    lseen[x] = stamp
                    lab[x] = count
                    queue[tail] = x
                    tail += 1
        count += 1
    return count


@njit_one_version(**NRT_OPTION)
def regions(walls, occ, lab, rseen, queue, deltas, ctl):
    """How many regions the boxes (``occ > 0``) cut the free floor into.

    Labels them (:func:`label_regions`) in the scratch ``lab``, marking ``rseen``
    with a fresh stamp of ``ctl[C_SUBSTAMP]`` and using ``queue``.
    """
    ctl[C_SUBSTAMP] += 1
    return label_regions(walls, occ, lab, rseen, ctl[C_SUBSTAMP], queue, deltas)


@njit_one_version(**NRT_OPTION)
def moved_regions(b, t, before, walls, occ, lab, deltas):
    """The regions of the free floor after the box on ``b`` moved to ``t``, from the
    labels of the position before (:func:`label_regions`, ``before`` regions); -1 when
    that cannot tell (``t`` may have cut its region in two: flood then).

    ``occ`` is the position after the move. The cells round ``t`` say whether ``t``'s
    region stays one piece without it (its free neighbours are joined round ``t``,
    ``b`` not counted as free), or was ``t`` alone; ``b`` then joins the regions next
    to it into one, or is a region of its own.
    """
    count = before
    runs = ring_runs(t, b, walls, occ, deltas)  # b not counted as free
    if runs > 1:
        return -1
    if runs == 0:
        count -= 1  # t was a region of its own
    first = -1
    second = -1
    third = -1
    joined = 0
    for k in range(4):
        x = b + deltas[k]
        if walls[x] or occ[x] > 0:
            continue
        label = lab[x]
        if label != first and label != second and label != third:
            joined += 1
            if first < 0:
                first = label
            elif second < 0:
                second = label
            else:
                third = label
    if joined == 0:
        return count + 1
    return count - joined + 1


@njit_one_version(**NRT_OPTION)
def cell_regions(cell):
    """The regions of a feature cell (the second argument of :func:`cell_index`); exact
    below :data:`FEATURE_REGIONS`, where the cells stop counting."""
    return (cell // FEATURE_GATES) % FEATURE_REGIONS + 1


@njit_one_version(**NRT_OPTION)
def player_side_regions(b, t, before, walls, occ, seen, stamp, rseen, queue, deltas, ctl):
    """The regions of the free floor after the box on ``b`` moved to ``t``, from the
    parent's count ``before`` and its player's region alone (``seen[c] == stamp``); -1
    when that cannot tell (two of the cells the move touches lie outside the player's
    region: they may be one region or two, which the labels say, :func:`moved_regions`).

    ``occ`` is the position after the move. The regions the move touches are ``t``'s
    and those of ``b``'s free neighbours; with at most one of those cells outside the
    player's region, how many regions they were is known without labels. When ``t``'s
    free neighbours may no longer be joined round it, a flood from each of them (``b``
    among them) counts the pieces, stopping as soon as it has met all of them (marks
    ``rseen`` with a fresh stamp of ``ctl[C_SUBSTAMP]``, uses ``queue``).
    """
    outside = 0
    inside = 0
    if seen[t] == stamp:
        inside = 1
    else:
        outside = 1
    joined_in = 0
    joined_out = 0
    for k in range(4):
        x = b + deltas[k]
        if walls[x] or occ[x] > 0:
            continue
        if seen[x] == stamp:
            joined_in = 1
        else:
            joined_out = 1
            outside += 1
    if outside > 1:
        return -1
    runs = ring_runs(t, b, walls, occ, deltas)  # b not counted as free
    if runs <= 1:  # t's region stays one piece without t (or t was a region alone)
        count = before - 1 if runs == 0 else before
        joined = joined_in + joined_out
        return count + 1 if joined == 0 else count - joined + 1
    # t may have cut its region: the regions touched, less one each, plus the pieces
    # now holding t's free neighbours and b (every cell they held is in one of those:
    # its way to t, or to b's neighbour, in the parent ends at one of them)
    touched = (inside or joined_in) + (outside > 0)
    ctl[C_SUBSTAMP] += 1
    mark = ctl[C_SUBSTAMP]
    w = deltas[3]
    apart = abs(b - t) != 1 and abs(b - t) != w  # b not beside t (a macro's jump)
    left = 1 if apart else 0
    for k in range(4):
        x = t + deltas[k]
        if not walls[x] and occ[x] == 0:
            left += 1
    pieces = 0
    for k in range(5):
        seed = t + deltas[k] if k < 4 else b
        if walls[seed] or occ[seed] > 0 or rseen[seed] == mark:
            continue
        pieces += 1
        rseen[seed] = mark
        left -= 1
        queue[0] = seed
        head = 0
        tail = 1
        while head < tail and left > 0:
            c = queue[head]
            head += 1
            for j in range(4):
                x = c + deltas[j]
                if rseen[x] == mark or walls[x] or occ[x] > 0:
                    continue
                rseen[x] = mark
                queue[tail] = x
                tail += 1
                if abs(x - t) == 1 or abs(x - t) == w or (apart and x == b):
                    left -= 1
        if left == 0:
            break
    return before - touched + pieces


@njit_one_version(kernels_only=True, **NRT_OPTION)
def gated(gate, row, nb):
    """How many of the boxes ``row[:nb]`` stand in doorways (``gate``)."""
    count = 0
    for q in range(nb):
        count += gate[row[q]]
    return count


@njit_one_version(**NRT_OPTION)
def cell_index(pack, cut, gates):
    """The feature cell of ``pack`` boxes packed, ``cut`` regions and ``gates`` boxes in
    doorways (the last two capped)."""
    if cut > FEATURE_REGIONS:
        cut = FEATURE_REGIONS
    if gates >= FEATURE_GATES:
        gates = FEATURE_GATES - 1
    return (pack * FEATURE_REGIONS + cut - 1) * FEATURE_GATES + gates


@njit_one_version(**NRT_OPTION)
def cell_packing(cell):
    """The packing feature of a feature cell (the first argument of :func:`cell_index`)."""
    return cell // (FEATURE_REGIONS * FEATURE_GATES)


@njit_one_version(**NRT_OPTION)
def feature_cell(lv, occ, w, ctl, gates):
    """The feature cell of the position ``occ`` (packed boxes, regions, and boxes in
    doorways when ``gates``)."""
    pack = packing(lv, occ, w, ctl)
    cut = regions(lv.walls, occ, w.lab2, w.rseen, w.queue, lv.deltas, ctl)
    blocked = 0
    if gates:
        for c in range(occ.size):
            if occ[c] > 0:
                blocked += lv.gate[c]
    return cell_index(pack, cut, blocked)


@njit_one_version(**NRT_OPTION)
def advised(parent_cell, child_cell):
    """Whether the push from a state in ``parent_cell`` packed a box, joined regions or
    cleared a doorway."""
    parent = parent_cell // FEATURE_GATES
    child = child_cell // FEATURE_GATES
    return (
        child // FEATURE_REGIONS > parent // FEATURE_REGIONS
        or child % FEATURE_REGIONS < parent % FEATURE_REGIONS
        or child_cell % FEATURE_GATES < parent_cell % FEATURE_GATES
    )


@njit_one_version(kernels_only=True, **NRT_OPTION)
def _merge(st, a, b):
    """The skew heap holding the heaps rooted at ``a`` and ``b`` (-1: empty); its root."""
    if a < 0:
        return b
    if b < 0:
        return a
    key, left, right = st.skey, st.left, st.right
    if key[b] < key[a]:
        a, b = b, a
    root = a
    while True:  # a is the smaller root: b merges into its right heap, then the two swap
        r = right[a]
        right[a] = left[a]
        if r < 0:
            left[a] = b
            break
        if key[b] < key[r]:
            r, b = b, r
        left[a] = r
        a = r
    return root


@njit_one_version(**NRT_OPTION)
def cell_push(st, idx, cell, key):
    """Put state ``idx`` with priority ``key`` (smaller first) in the heap of ``cell``."""
    st.cell[idx] = cell
    st.skey[idx] = key
    st.left[idx] = -1
    st.right[idx] = -1
    st.croot[cell] = _merge(st, st.croot[cell], idx)


@njit_one_version(kernels_only=True, **NRT_OPTION)
def cell_pop(st, ctl):
    """The best state of the next non-empty cell after ``ctl[C_CYCLE]`` (taken from its
    heap), -1 when every cell is empty."""
    ncell = st.croot.size
    c = ctl[C_CYCLE]
    for _ in range(ncell):
        c += 1
        if c >= ncell:
            c = 0
        top = st.croot[c]
        if top >= 0:
            st.croot[c] = _merge(st, st.left[top], st.right[top])
            ctl[C_CYCLE] = c
            return top
    return -1
