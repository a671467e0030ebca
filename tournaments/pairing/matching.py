"""Minimum-cost perfect matching with lexicographic costs, on networkx's blossom algorithm.

Each candidate edge carries a tuple of non-negative integer costs, most important first
(say: rematches, bye placement, score difference, Dutch order). The tuples are folded into
one integer per edge with multipliers large enough that no amount of a later cost can pay for
one unit of an earlier one, across a whole matching: ``mult[l]`` exceeds the largest possible
matching total of every later level. Integer weights keep networkx on exact arithmetic.
"""

from __future__ import annotations

from collections.abc import Mapping

import networkx as nx

Edge = tuple[int, int]
Costs = Mapping[Edge, tuple[int, ...]]


def fold_costs(edges: Costs, pairs: int) -> dict[Edge, int]:
    """One integer per edge whose order over matchings of ``pairs`` edges is lexicographic."""
    if not edges:
        return {}
    levels = len(next(iter(edges.values())))
    highest = [max(cost[level] for cost in edges.values()) for level in range(levels)]
    multipliers = [0] * levels
    headroom = 0
    for level in reversed(range(levels)):
        multipliers[level] = headroom + 1
        headroom += pairs * highest[level] * multipliers[level]
    return {
        edge: sum(c * m for c, m in zip(cost, multipliers, strict=True))
        for edge, cost in edges.items()
    }


def min_cost_matching(edges: Costs, pairs: int) -> tuple[Edge, ...] | None:
    """The cheapest matching of exactly ``pairs`` edges, or ``None`` when the graph has none.

    Returned pairs keep the ``(u, v)`` order they have in ``edges`` and come sorted.
    """
    folded = fold_costs(edges, pairs)
    top = max(folded.values(), default=0) + 1
    graph = nx.Graph()
    # Maximum cardinality first, then maximum weight: among matchings of one size, the
    # largest total of (top - cost) is the smallest total cost.
    graph.add_weighted_edges_from((u, v, top - cost) for (u, v), cost in folded.items())
    found = nx.max_weight_matching(graph, maxcardinality=True)
    if len(found) != pairs:
        return None
    return tuple(sorted((u, v) if (u, v) in edges else (v, u) for u, v in found))


def clusters(edges: Costs) -> list[dict[Edge, tuple[int, ...]]]:
    """``edges`` split into connected components, in order of their smallest edge.

    A matching of a graph is the union of matchings of its components, and the blossom
    algorithm slows down much faster than linearly, so components are matched one by one.
    """
    parent: dict[int, int] = {}

    def root(x: int) -> int:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for u, v in edges:
        parent[root(u)] = root(v)
    groups: dict[int, dict[Edge, tuple[int, ...]]] = {}
    for (u, v), cost in sorted(edges.items()):
        groups.setdefault(root(u), {})[(u, v)] = cost
    return list(groups.values())


def node_count(edges: Costs) -> int:
    """How many nodes the edges touch."""
    return len({node for edge in edges for node in edge})
