"""The cost model of a Swiss round: ranks, score groups, the ideal pairing, candidate edges.

Everything here works on ranks (0 = top of the standings); an odd field adds a bye node
``n`` that pairs with whoever gets the bye. An edge's cost is a tuple compared
lexicographically (see ``tournaments.pairing.matching``):

``(meetings so far, bye placement, squared score-group distance, distance from the ideal)``

Only entrants with the fewest byes so far have a bye edge at all, so the bye rule is a hard
constraint; the bye placement cost counts the eligible entrants below the recipient in the
standings the players see (``Entrant.place``; the pairing's own rank when not given).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tournaments.pairing.matching import clusters, min_cost_matching, node_count
from tournaments.pairing.types import Entrant, History, pair

Cost = tuple[int, int, int, int]
Edges = dict[tuple[int, int], tuple[int, ...]]
Matching = tuple[tuple[int, int], ...]


class SwissField:
    """The ranked field and its costs. Built once per round; never mutated after."""

    def __init__(self, order: Sequence[Entrant], history: History) -> None:
        self.order = tuple(order)
        self.n = len(order)
        self.ids = [e.id for e in order]
        scores = sorted({e.score for e in order}, reverse=True)
        group_of_score = {score: g for g, score in enumerate(scores)}
        self.group = [group_of_score[e.score] for e in order]
        self.met = {p: c for p, c in history.opponent_counts().items() if c}
        bye_counts = history.bye_counts()
        self.byes = [bye_counts.get(i, 0) for i in self.ids]
        self.bye_node = self.n if self.n % 2 else None
        self.pairs = (self.n + 1) // 2
        fewest = min(self.byes)
        self.eligible = bye_order(order, [r for r in range(self.n) if self.byes[r] == fewest])
        self.ideal_bye = self.eligible[-1] if self.bye_node is not None else None
        self.ideal = dutch_ideal(self.group, self.ideal_bye)
        self.fresh = not self.met and len(scores) == 1
        self.conflicts = [a for a, b in self.ideal.items() if a < b and self.meetings(a, b)]

    def meetings(self, a: int, b: int) -> int:
        """How often the entrants ranked ``a`` and ``b`` have met."""
        return self.met.get(pair(self.ids[a], self.ids[b]), 0)

    def cost(self, a: int, b: int) -> Cost:
        distance = self.group[a] - self.group[b]
        dutch = abs(b - self.ideal.get(a, b)) + abs(a - self.ideal.get(b, a))
        return (self.meetings(a, b), 0, distance * distance, dutch)

    def edges(
        self, within: set[int] | None = None, size: int | None = None, bye_near: Sequence[int] = ()
    ) -> Edges:
        """Candidate edges among ``within`` (default: everyone): every pair, or with ``size``
        only pairs within ``size`` places of one end or of that end's ideal partner, and bye
        edges only for entrants within ``size`` places of a rank in ``bye_near`` (otherwise
        the bye node would join every cluster into one)."""
        edges: Edges = {}
        members = range(self.n) if within is None else sorted(r for r in within if r < self.n)
        for a in members:
            if size is None:
                near: Iterable[int] = range(a + 1, self.n)
            else:
                centres = (a, self.ideal.get(a, a))
                near = [b for c in centres for b in range(c - size, c + size + 1) if a < b]
            for b in near:
                if b < self.n and (within is None or b in within) and (a, b) not in edges:
                    edges[(a, b)] = self.cost(a, b)
        if self.bye_node is not None and (within is None or self.bye_node in within):
            self._add_bye_edges(edges, self.bye_node, within, size, bye_near)
        return edges

    def _add_bye_edges(
        self,
        edges: Edges,
        bye_node: int,
        within: set[int] | None,
        size: int | None,
        bye_near: Sequence[int],
    ) -> None:
        """Bye edges for the eligible entrants among ``within``, those near ``bye_near`` when
        ``size`` is given; the lower an entrant ranks, the cheaper its bye."""
        below = len(self.eligible)
        for r in self.eligible:
            below -= 1
            if within is not None and r not in within:
                continue
            if size is None or any(abs(r - c) <= size for c in bye_near):
                edges[(r, bye_node)] = (0, below, 0, 0)

    def exact(self) -> Matching:
        """The cheapest pairing over the complete graph."""
        found = min_cost_matching(self.edges(), self.pairs)
        assert found is not None, "the complete graph always has a perfect matching"
        return found

    def ideal_matching(self) -> dict[int, int]:
        """The ideal pairing as a partner map (both ways, the bye node included)."""
        partner = dict(self.ideal)
        if self.ideal_bye is not None and self.bye_node is not None:
            partner[self.ideal_bye], partner[self.bye_node] = self.bye_node, self.ideal_bye
        return partner

    def troubles(self, partner: dict[int, int]) -> list[int]:
        """Ranks where ``partner`` may be worse than the complete graph on rematches or on the
        bye (it may still be worse on score difference: that is the price of speed)."""
        found: list[int] = []
        for a, b in partner.items():
            if b == self.bye_node:
                if self.ideal_bye is not None and a != self.ideal_bye:
                    found += [a, self.ideal_bye]
            elif a < b and b != self.bye_node and self.meetings(a, b):
                found += [a, b]
        return found

    def repair(self, partner: dict[int, int], troubles: list[int], size: int) -> dict[int, int]:
        """``partner`` re-matched near ``troubles``.

        Entrants within ``size`` places of a trouble (with their current partners, the bye node
        included, so the set can always be paired) are re-matched among themselves over the
        windowed edges, each connected cluster on its own; everyone else keeps their partner.
        """
        loose: set[int] = set()
        for c in troubles:
            loose.update(range(max(0, c - size), min(self.n, c + size + 1)))
        loose.update([partner[r] for r in loose])
        bye_near: list[int] = []
        if self.bye_node is not None and self.ideal_bye is not None:
            bye_near = [self.ideal_bye, partner[self.bye_node]]
        edges = self.edges(loose, size, bye_near)
        for a in loose:
            b = partner[a]
            if a < b and b != self.bye_node and (a, b) not in edges:
                edges[(a, b)] = self.cost(a, b)
        repaired = dict(partner)
        for cluster in clusters(edges):
            found = min_cost_matching(cluster, node_count(cluster) // 2)
            assert found is not None, "a cluster always holds its current pairing"
            for a, b in found:
                repaired[a], repaired[b] = b, a
        return repaired


def bye_order(order: Sequence[Entrant], ranks: list[int]) -> list[int]:
    """``ranks`` (positions in ``order``) by standings place, best first: the bye goes to the
    last. Without a place for everyone, the pairing's own order."""
    if any(order[r].place is None for r in ranks):
        return ranks
    return sorted(ranks, key=lambda r: (order[r].place, r))


def dutch_ideal(group: Sequence[int], skip: int | None) -> dict[int, int]:
    """Ideal partner by rank, ignoring history.

    Each score group (ranks with equal ``group``, in order) pairs its top half against its
    bottom half; an odd group's lowest entrant floats down and meets the top of the next group.
    ``skip`` (the ideal bye) takes no part. With one group this is the seeded round 1 pairing.
    The result minimises score-group distance: it floats exactly once across each boundary
    that has an odd number of entrants above it, which any pairing must.
    """
    ideal: dict[int, int] = {}
    carry: list[int] = []
    start = 0
    n = len(group)
    while start < n:
        end = start
        while end < n and group[end] == group[start]:
            end += 1
        residents = [r for r in range(start, end) if r != skip]
        if carry and residents:
            floater, top = carry.pop(), residents.pop(0)
            ideal[floater], ideal[top] = top, floater
        pool = carry + residents
        carry = [pool.pop()] if len(pool) % 2 else []
        half = len(pool) // 2
        for k in range(half):
            ideal[pool[k]], ideal[pool[k + half]] = pool[k + half], pool[k]
        start = end
    return ideal
