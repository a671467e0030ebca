"""The circle (Berger) method: a 1-factorisation of an even number of places.

With ``count`` places (even), place ``count - 1`` stays put and the others turn round it; in
round ``r`` place ``x`` meets place ``y`` when ``x + y = 2r`` (mod ``count - 1``), and the
fixed place meets place ``r``. Over ``count - 1`` rounds every two places meet exactly once.
Round robin uses it for opponents; progressive uses it for partners.
"""

from __future__ import annotations


def circle_round(count: int, round_index: int) -> tuple[tuple[int, int], ...]:
    """The ``count // 2`` place pairs of 0-based ``round_index`` (taken mod ``count - 1``).

    Within each pair the first place is the "home" one; homes alternate from round to round so
    no place is home every time. The caller guarantees ``count`` is even and at least 2.
    """
    if count < 2 or count % 2:
        raise ValueError(f"the circle method needs an even number of places, not {count}")
    turn = count - 1
    r = round_index % turn
    fixed = (turn, r) if r % 2 else (r, turn)
    pairs = [fixed]
    for k in range(1, count // 2):
        a, b = (r + k) % turn, (r - k) % turn
        pairs.append((a, b) if k % 2 else (b, a))
    return tuple(pairs)
