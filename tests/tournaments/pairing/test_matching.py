"""Lexicographic costs folded into one integer keep their order over whole matchings."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing.matching import clusters, fold_costs, min_cost_matching, node_count

Costs = dict[tuple[int, int], tuple[int, ...]]


def perfect_matchings(nodes: list[int]) -> Iterator[list[tuple[int, int]]]:
    if not nodes:
        yield []
        return
    first, rest = nodes[0], nodes[1:]
    for i, other in enumerate(rest):
        for tail in perfect_matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *tail]


@st.composite
def complete_graphs(draw: st.DrawFn) -> Costs:
    n = draw(st.sampled_from([2, 4, 6, 8]))
    levels = draw(st.integers(1, 4))
    cost = st.tuples(*[st.integers(0, 9)] * levels)
    return {(a, b): draw(cost) for a in range(n) for b in range(a + 1, n)}


def total(edges: Costs, matching: list[tuple[int, int]]) -> tuple[int, ...]:
    levels = len(next(iter(edges.values())))
    return tuple(sum(edges[e][level] for e in matching) for level in range(levels))


@settings(max_examples=150, deadline=None)
@given(complete_graphs())
def test_folded_order_is_lexicographic(edges: Costs) -> None:
    nodes = sorted({v for e in edges for v in e})
    folded = fold_costs(edges, len(nodes) // 2)
    matchings = list(perfect_matchings(nodes))
    for m1 in matchings[:20]:
        for m2 in matchings:
            lexi = total(edges, m1) < total(edges, m2)
            assert lexi == (sum(folded[e] for e in m1) < sum(folded[e] for e in m2))


@settings(max_examples=150, deadline=None)
@given(complete_graphs())
def test_min_cost_matching_is_the_cheapest(edges: Costs) -> None:
    nodes = sorted({v for e in edges for v in e})
    found = min_cost_matching(edges, len(nodes) // 2)
    assert found is not None
    best = min(total(edges, m) for m in perfect_matchings(nodes))
    assert total(edges, list(found)) == best


def test_no_perfect_matching_gives_none() -> None:
    # A star: the centre can take only one of its three leaves.
    edges: Costs = {(0, 1): (0,), (0, 2): (0,), (0, 3): (0,)}
    assert min_cost_matching(edges, 2) is None


def test_clusters_split_components() -> None:
    edges: Costs = {(0, 1): (1,), (2, 3): (2,), (1, 4): (3,), (5, 3): (4,)}
    parts = clusters(edges)
    assert [sorted(p) for p in parts] == [[(0, 1), (1, 4)], [(2, 3), (5, 3)]]
    assert [node_count(p) for p in parts] == [3, 3]
