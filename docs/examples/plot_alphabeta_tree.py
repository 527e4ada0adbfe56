"""
An alpha-beta tree
==================

The tree of the textbooks: MAX to move at the root, three moves, three
replies each, scores at the leaves from MAX's point of view. Any class with
``legal_moves``, ``play``, ``undo``, ``is_terminal``, ``evaluate`` and
``hash`` is a game for :mod:`tansuo.adversarial`; this one is a tree of
nested lists, searched to depth 2 (its leaves), and it remembers which
leaves the search looked at.
"""

from PIL import Image, ImageDraw

from tansuo.adversarial import alphabeta, minimax

TREE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


class Tree:
    """A game over a nested list: a move is a child's index."""

    def __init__(self, tree):
        self.tree, self.path, self.seen = tree, [], set()

    def node(self):
        node = self.tree
        for move in self.path:
            node = node[move]
        return node

    def legal_moves(self):
        node = self.node()
        return [] if isinstance(node, int) else list(range(len(node)))

    def play(self, move):
        self.path.append(move)
        self.seen.add(tuple(self.path))

    def undo(self):
        self.path.pop()

    def is_terminal(self):
        # no leaf ends the game: the search stops at depth 2 and scores a leaf by evaluate()
        return False

    def evaluate(self):
        # negamax: the score is for the side to move, MAX at even depths
        value = self.node() if isinstance(self.node(), int) else 0
        return value if len(self.path) % 2 == 0 else -value

    def hash(self):
        return hash(tuple(self.path))


game = Tree(TREE)
full = minimax(game, 2)
print("minimax:   move", full.move, "score", full.score, "nodes", full.stats.nodes)
game = Tree(TREE)
cut = alphabeta(game, 2)
print("alphabeta: move", cut.move, "score", cut.score, "nodes", cut.stats.nodes)
print("leaves never looked at:", [p for p in ((i, j) for i in range(3) for j in range(3))
                                  if p not in game.seen])

# %%
# The picture: the pruned leaves are grey. After the first reply of the
# second move scores 2, MAX already has 3 from the first move, so MIN's other
# replies there cannot matter.

W, H = 540, 230
image = Image.new("RGB", (W, H), "white")
draw = ImageDraw.Draw(image)
root = (W // 2, 30)


def dot(centre, text, colour):
    x, y = centre
    draw.ellipse([x - 14, y - 14, x + 14, y + 14], outline=colour, width=2)
    draw.text((x - 6, y - 6), text, fill=colour)


for i, subtree in enumerate(TREE):
    mid = (90 + i * 180, 110)
    draw.line([root, mid], fill="black")
    values = [v for j, v in enumerate(subtree) if (i, j) in game.seen]
    dot(mid, str(min(values)), "black")
    for j, leaf in enumerate(subtree):
        seen = (i, j) in game.seen
        colour = "black" if seen else (170, 170, 170)
        spot = (mid[0] - 55 + j * 55, 195)
        draw.line([mid, spot], fill=colour)
        dot(spot, str(leaf), colour)
dot(root, str(cut.score), "black")
image.save("alphabeta_tree.png")
