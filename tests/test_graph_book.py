"""The chapter's two example graphs give exactly the chapter's shortest path listings."""

from __future__ import annotations

import itertools
import re

import pytest

from tansuo.graph import bundled_graph, parse_edge_list, shortest_paths
from tansuo.search import GraphProblem, dijkstra_distances

# Copied from the chapter (shared/seeds/003_*.txt), "Shortest path listing:" output of
# (solve 'S edge-list) and (solve 'v edges); the chapter prints them in hash order.
BOOK_FIGURE_7_3 = """
  S: (S)
  e: (S b a e)
  a: (S b a)
  d: (S b d)
  c: (S c)
  b: (S b)
"""

BOOK_FIGURE_7_19 = """
  d: (v a d)
  w: (v a d e b g h w)
  f: (v a f)
  c: (v c)
  v: (v)
  a: (v a)
  e: (v a d e)
  g: (v a d e b g)
  h: (v a d e b g h)
  b: (v a d e b)
"""

# The chapter's Racket edge lists, as they appear in the text.
RACKET_FIGURE_7_3 = (
    """'((S a 12) (S b 8) (S c 6) (a b 1) (b c 9) (a e 8) (e d 5) (b d 10) (c d 13))"""
)
RACKET_FIGURE_7_19 = """'((v a 4) (v b 15) (v c 6) (a b 12) (b c 9) (b d 8) (a f 10) (
     c v 6) (c g 13) (g h 6) (h w 3) (a d 3) (d e 5) (b e 2) (e w 16) (b g 4)
     (g e 8) (e h 16) (e f 3) (f w 14))"""

CASES = [
    ("figure-7-3", "S", BOOK_FIGURE_7_3, RACKET_FIGURE_7_3),
    ("figure-7-19", "v", BOOK_FIGURE_7_19, RACKET_FIGURE_7_19),
]


def book_paths(listing: str) -> dict[str, list[str]]:
    out = {}
    for line in listing.strip().splitlines():
        node, path = re.fullmatch(r"\s*(\S+): \((.*)\)", line).groups()
        out[node] = path.split()
    return out


def racket_edges(text: str) -> list[tuple[str, str, int]]:
    return [(u, v, int(w)) for u, v, w in re.findall(r"\(\s*(\w+)\s+(\w+)\s+(\d+)\)", text)]


def listed_paths(out: str) -> dict[str, tuple[int, list[str]]]:
    lines = out.strip().splitlines()
    assert lines[0] == "Shortest path listing:"
    found = {}
    for line in lines[1:]:
        node, dist, path = re.fullmatch(r"  (\S+): (\d+) \((.*)\)", line).groups()
        found[node] = (int(dist), path.split())
    return found


def path_weight(edges: list[tuple[str, str, int]], path: list[str]) -> int:
    weight = {}
    for u, v, w in edges:
        for key in ((u, v), (v, u)):
            weight[key] = min(w, weight.get(key, w))
    return sum(weight[(a, b)] for a, b in itertools.pairwise(path))


@pytest.mark.parametrize(("sample", "start", "listing", "racket"), CASES)
def test_bundled_graph_is_the_chapters_edge_list(sample, start, listing, racket):
    graph = bundled_graph(sample)
    expected = parse_edge_list("\n".join(" ".join(map(str, e)) for e in racket_edges(racket)))
    assert graph.adjacency() == expected.adjacency()


@pytest.mark.parametrize("algorithm", ["auto", "dijkstra", "reference"])
@pytest.mark.parametrize(("sample", "start", "listing", "racket"), CASES)
def test_cli_listing_matches_the_chapter(run_cli, sample, start, listing, racket, algorithm):
    r = run_cli("graph", "--sample", sample, "--from", start, "--algo", algorithm)
    assert r.code == 0, r.err
    found = listed_paths(r.out)
    expected = book_paths(listing)
    assert {node: path for node, (_d, path) in found.items()} == expected
    edges = racket_edges(racket)
    for _node, (dist, path) in found.items():
        assert dist == path_weight(edges, path)


@pytest.mark.parametrize(("sample", "start", "listing", "racket"), CASES)
def test_listing_from_a_file_in_the_documents_format(
    run_cli, tmp_path, sample, start, listing, racket
):
    text = "# from the chapter\n" + "\n".join(f"{u} {v} {w}" for u, v, w in racket_edges(racket))
    path = tmp_path / f"{sample}.txt"
    path.write_text(text + "\n")
    r = run_cli("graph", path, "--from", start)
    assert r.code == 0, r.err
    assert {n: p for n, (_d, p) in listed_paths(r.out).items()} == book_paths(listing)


@pytest.mark.parametrize(("sample", "start", "listing", "racket"), CASES)
def test_distances_agree_with_the_generic_engine(sample, start, listing, racket):
    graph = bundled_graph(sample)
    reference, _parents, _stats = dijkstra_distances(GraphProblem(racket_edges(racket), start))
    assert shortest_paths(graph, start).distances() == reference
    assert shortest_paths(graph, start).paths() == book_paths(listing)


def test_single_pair_listing_line(run_cli):
    r = run_cli("graph", "--sample", "figure-7-3", "--from", "S", "--to", "e")
    assert r.code == 0
    assert r.out.strip() == "e: 17 (S b a e)"
    r = run_cli(
        "graph", "--sample", "figure-7-19", "--from", "v", "--to", "w", "--algo", "bidirectional"
    )
    assert r.code == 0
    assert r.out.strip() == "w: 27 (v a d e b g h w)"
