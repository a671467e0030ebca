"""The search player: perfect-information Monte Carlo over deals the seat cannot rule out.

For a decision it samples deals consistent with everything its seat has seen (``worlds``),
plays each candidate action in each of them, finishes the hand by rule-bot playouts (or by
exact search when few cards are left) and keeps the candidate with the best mean objective.
The same sampled deals serve every candidate, so their comparison is not blurred by the luck
of the draw. Candidates are every legal action, except for discards, where the rule bot's
favourites are tried, auction45's card play, where one card of each class of cards that
play alike is tried (``equivalent``), the auction, where the rule bot's call, pass and the
calls one step either side are tried (``calls.near_calls``), and bid whist's declaration, where
the rule bot's and the next best by its count of books are. Phases it does not search, and
deals it cannot sample (a few rare option combinations), are played as the rule bot plays them.

The rule bot's choice is the first candidate, and in auction45 the search departs from it only
when another candidate beats it by ``keep_z`` standard errors over the deals (``leader``): with
a few dozen deals per decision the best-looking of several candidates is often only the
luckiest, and taking it cost more than the search gained. For the same reason sampling
stops once every other candidate trails the rule bot's choice by ``keep_z`` standard errors
(``standing``): that is most decisions, and the deals after that point only confirmed the
choice (in 200 duplicate deal pairs against the rule bot, stopping there and trying one card
of each class scored +3.2 points per hand against +3.7 before, a difference well inside the
noise, at 40% less CPU). auction45's auction is left to the rules: in duplicate matches
against the rule bot (``bench/bots.py --a-settings``, 100 to 200 deal pairs each) searched
calls lost points with the usual number of deals, and with four times as many, or gated, did
no measurably better than the rule bot's calls while costing as much as the rest of the hand.
The draw is left to the rules too: over the same 200 deal pairs, searching it changed the
margin by -0.2 points per hand (95% interval -1.2 to +0.9) for a fifth of the CPU; twice the
deals per decision (the draw searched) changed it by -0.3 (-1.6 to +1.0) at 210 s of CPU per
100 deal pairs (106 s with the defaults). The declaration and the kitty discard are searched,
gated; the deals are sampled so that the others called and discarded as the rule bot would
(``inference``, ``worlds.clues45``).

In bid whist and pitch the auction is searched, gated (``AUCTION_KEEP_Z``): each near call is
played to the end of the hand in every sampled deal. Over 100 duplicate deal pairs against the
rule bot, searching the auction alone (the rest by the rules) scored +0.83 books per hand in
bid whist (95% interval +0.42 to +1.25) and +1.49 points in pitch (+0.62 to +2.36), at a
fraction of the card play's CPU; bid whist's declaration and kitty discard searched (-0.05,
-0.34 to +0.24) and pitch's trump searched (-0.10, -0.79 to +0.59) gained nothing and are left
to the rules (bench/NOTES.md, "Searching the bidding").

Cost is bounded by the number of deals and a budget of simulated actions per decision, never
by the clock (unless ``time_limit`` is set), so a decision depends only on the view and the
random generator.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence

from engine.bots import rules45, ruleswhist
from engine.bots.base import View, game_of, objective
from engine.bots.calls import near_calls
from engine.bots.dealing import cards_in
from engine.bots.equivalent import card_classes
from engine.bots.fastplay import fast_play
from engine.bots.fastplay.solver import exact_value
from engine.bots.inference import CallReader, plays_agree, soft_agree
from engine.bots.mirror45 import Before45
from engine.bots.playout import Tracker, play_out, playout
from engine.bots.ranking import ranking
from engine.bots.rule_bot import decide
from engine.bots.seen import Seen, read_view
from engine.bots.worlds import World, sample_world
from engine.bots.worlds.world import Keep
from engine.rules import Action, Deal, Game, Phase

#: Phases searched by default, per game; the others are played by the rules.
SEARCHED: dict[str, frozenset[str]] = {
    "auction45": frozenset({Phase.DECLARE, Phase.KITTY_DISCARD, Phase.PLAY}),
    "bidwhist": frozenset({Phase.AUCTION, Phase.PLAY}),
    "pitch52": frozenset({Phase.AUCTION, Phase.PLAY}),
}

#: What a playout from each phase costs before play starts, counted in cards played (the
#: decisions there read views, which costs more than a card played with a ``Tracker``).
PRE_PLAY_COST: dict[str, int] = {
    Phase.AUCTION: 80,
    Phase.DECLARE: 24,
    Phase.TRUMP: 12,
    Phase.KITTY_DISCARD: 18,
    Phase.DRAW: 12,
    Phase.EXCESS_DISCARD: 6,
    Phase.DISCARD: 6,
}
#: ``keep_z`` by game (0 elsewhere: the plain best mean, as measured there before).
KEEP_Z: dict[str, float] = {"auction45": 1.0}
#: ``keep_z`` for the auction, in every game: a call's playouts are whole hands, whose spread
#: is wide, so the best-looking call is often only the luckiest.
AUCTION_KEEP_Z = 1.0
MIN_DEALS = 8
#: Deals tried per deal wanted (some do not fit, some disagree with the calls).
SAMPLE_ATTEMPTS = 3


class SearchBot:
    """Monte Carlo search player; see the module docstring for the method.

    ``samples``: deals per decision at most; ``budget``: simulated actions per decision at
    most (fewer deals are used when candidates and cards left are many); ``exact_cards``:
    exact search once at most this many cards are left in all hands; ``candidates``: discards
    tried; ``phases``: the phases searched, by game id (``SEARCHED``); ``time_limit``: optional
    seconds after which no new deal is started (this makes the choice depend on the machine's
    speed); ``settle_after``, ``settle_z``: sampling stops early, from ``settle_after`` deals
    on, once the leading option is ahead of every other by ``settle_z`` standard errors (or all
    options have scored alike on every deal), and, with ``keep_z``, once every other option
    trails the first by ``keep_z`` standard errors (``standing``); ``read_calls``: prefer
    deals on which the others would have bid as they did (``engine.bots.inference``);
    ``read_discards``: in auction45, only deals in which the others kept their trumps at the
    draw and gave back the rest, as the rule bot does (``worlds.clues45``); ``read_plays``: in
    auction45, prefer deals in which the opponents would have played their cards as the rule
    bot (off: at the same cost it leaves too few deals, and measured worse); ``keep_z``: the
    rule bot's choice stands unless another beats it by this many standard errors (``KEEP_Z``
    by game, ``AUCTION_KEEP_Z`` in the auction, when not given); ``call_spread``: calls tried
    either side of the rule bot's (``calls.near_calls``); ``call_softness``: a sampled deal on
    which the others' calls are some steps from the rule bot's is still kept with this chance
    per step (``inference.soft_agree``; 0: only deals that agree, as measured best).
    """

    name = "search"

    def __init__(
        self,
        game: Game | None = None,
        *,
        samples: int = 100,
        budget: int = 16_000,
        exact_cards: int = 8,
        candidates: int = 3,
        phases: Mapping[str, Iterable[str]] | None = None,
        time_limit: float | None = None,
        settle_after: int = 12,
        settle_z: float = 3.0,
        read_calls: bool = True,
        read_discards: bool = True,
        read_plays: bool = False,
        keep_z: float | None = None,
        call_spread: int = 1,
        call_softness: float = 0.0,
    ) -> None:
        self.game = game
        self.samples = samples
        self.budget = budget
        self.exact_cards = exact_cards
        self.candidates = candidates
        self.phases = SEARCHED if phases is None else {g: frozenset(p) for g, p in phases.items()}
        self.time_limit = time_limit
        self.settle_after = settle_after
        self.settle_z = settle_z
        self.read_calls = read_calls
        self.read_discards = read_discards
        self.read_plays = read_plays
        self.keep_z = keep_z
        self.call_spread = call_spread
        self.call_softness = call_softness

    def choose(self, view: View, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        game = game_of(view, self.game)
        seen = read_view(game, view)
        if len(legal_actions) == 1:
            return legal_actions[0]
        fallback = decide(seen, legal_actions)
        if seen.phase not in self.phases.get(game.id, frozenset()):
            return fallback
        options = self._narrowed(seen, self.options_for(seen, legal_actions, fallback))
        if len(options) == 1:
            return options[0]
        return self._search(game, seen, options, rng) or fallback

    # -- candidates --------------------------------------------------------------------------
    def options_for(self, seen: Seen, legal: Sequence[Action], fallback: Action) -> list[Action]:
        """Every legal action (in auction45's play, one card of each class of equivalent
        cards), or for discards the rule bot's favourites; the rule bot's choice first."""
        if seen.phase == Phase.PLAY and seen.game.id == "auction45" and seen.trump is not None:
            return distinct_plays(seen, legal, fallback)
        if seen.phase in (Phase.PLAY, Phase.DECLARE, Phase.AUCTION, Phase.TRUMP):
            return [fallback, *[a for a in legal if a != fallback]]
        cost = discard_cost(seen)
        if cost is None:
            return [fallback]
        costs = {c: cost(c) for c in cards_in(seen.hand)}
        ranked = sorted(legal, key=lambda a: sum(costs[c] for c in _cards(a)))
        chosen = [fallback, *[a for a in ranked if a != fallback]]
        return chosen[: self.candidates]

    def _narrowed(self, seen: Seen, options: list[Action]) -> list[Action]:
        """The options worth their playouts: in the auction the rule bot's call, pass and the
        calls ``call_spread`` steps either side (``calls.near_calls``); in bid whist's
        declaration the rule bot's and the ``candidates`` next best by its count of books."""
        if seen.phase == Phase.AUCTION:
            return near_calls(options, options[0], self.call_spread)
        if seen.phase == Phase.DECLARE and seen.game.id == "bidwhist":
            books = ruleswhist.declaration_books(seen, seen.hand)
            ranked = sorted(options[1:], key=lambda a: -books.get(_declared(a), -99.0))
            return [options[0], *ranked[: self.candidates]]
        return options

    # -- the search ----------------------------------------------------------------------------
    def _search(
        self, game: Game, seen: Seen, options: list[Action], rng: random.Random
    ) -> Action | None:
        keep_z = self._keep_z(game, seen.phase)
        rows = self.rows(game, seen, options, rng)
        if not rows:
            return None
        return options[leader(rows, keep_z)]

    def _keep_z(self, game: Game, phase: str) -> float:
        if self.keep_z is not None:
            return self.keep_z
        return AUCTION_KEEP_Z if phase == Phase.AUCTION else KEEP_Z.get(game.id, 0.0)

    def rows(
        self, game: Game, seen: Seen, options: list[Action], rng: random.Random
    ) -> list[list[float]]:
        """Per sampled deal, the objective of each of ``options`` played there (empty when no
        deal could be sampled): the search's evidence, also read by ``engine.bots.advice``."""
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        wanted = self._deals(seen, len(options))
        rows: list[list[float]] = []  # per deal, the value of each option
        keep = self._keep(seen, rng)
        keep_z = self._keep_z(game, seen.phase)
        for attempt in range(SAMPLE_ATTEMPTS * wanted):
            if self._enough(rows, wanted, deadline, keep_z):
                break
            if not rows and attempt >= SAMPLE_ATTEMPTS * MIN_DEALS:
                break  # the others did not act as the model says: read nothing
            world = sample_world(seen, rng, self.read_discards, keep)
            if world is not None:
                rows.append(self._values(game, seen, world, options))
        least = min(wanted, MIN_DEALS)
        for _ in range(SAMPLE_ATTEMPTS * (least - len(rows)) if len(rows) < least else 0):
            world = sample_world(seen, rng)
            if world is not None:
                rows.append(self._values(game, seen, world, options))
                if len(rows) >= least:
                    break
        return rows

    def _enough(
        self, rows: list[list[float]], wanted: int, deadline: float | None, keep_z: float
    ) -> bool:
        """Sampling stops at ``wanted`` deals or the deadline, or, checked every fourth deal
        from ``settle_after`` on, once the leading option is settled or the rule bot's choice
        stands."""
        if len(rows) >= wanted or (deadline is not None and time.perf_counter() > deadline):
            return True
        return (
            len(rows) >= self.settle_after
            and len(rows) % 4 == 0
            and (settled(rows, self.settle_z) or (keep_z > 0 and standing(rows, keep_z)))
        )

    def _keep(self, seen: Seen, rng: random.Random) -> Keep | None:
        """The test of a sampled deal against the others' calls and cards (or ``None``)."""
        calls = CallReader(seen) if self.read_calls else None
        read_plays = self.read_plays
        softness = self.call_softness
        if calls is None and not read_plays:
            return None

        def keep(deal: Deal, holdings: list[int]) -> bool:
            if read_plays and not plays_agree(holdings, seen):
                return False
            return calls is None or soft_agree(calls, deal, softness, rng)

        return keep

    def _deals(self, seen: Seen, options: int) -> int:
        """Deals to sample: ``samples``, fewer when each deal costs much to play out."""
        mine = seen.hand.bit_count()
        left = sum(c if isinstance(c, int) else mine for c in seen.view.get("hand_counts") or ())
        per_deal = options * max(left + PRE_PLAY_COST.get(seen.phase, 0), 1)
        return min(self.samples, max(MIN_DEALS, self.budget // per_deal))

    def _values(self, game: Game, seen: Seen, world: World, options: list[Action]) -> list[float]:
        if seen.phase == Phase.PLAY:
            return self._play_values(seen, world, options)
        side = seen.side
        values = []
        for action in options:
            hand = world.hand.copy()
            hand.apply(action)
            before = None
            if game.id == "auction45":
                before = Before45(game, world.holdings, world.kitty, seen.trump, seen.phase)
                before.observe(hand, action)
            values.append(objective(playout(game, hand, None, before), side))
        return values

    def _play_values(self, seen: Seen, world: World, options: list[Action]) -> list[float]:
        """Each card of ``options`` played in ``world`` on a fast play state, the rest of the
        hand played by the rule bot, or searched exactly once few cards are left."""
        side = seen.side
        state = fast_play(world.hand)
        exact = sum(h.bit_count() for h in world.holdings) <= self.exact_cards
        tracker = None if exact else Tracker(seen, world.holdings)
        values = []
        for action in options:
            card: int = action.card  # type: ignore[attr-defined]
            child = state.copy()
            child.play(card)
            if tracker is None:
                values.append(exact_value(child, side))
                continue
            follow = tracker.copy()
            follow.update(seen.seat, card)
            values.append(objective(play_out(child, follow), side))
        return values


def leader(rows: Sequence[Sequence[float]], keep_z: float = 0.0) -> int:
    """The option with the best total (the first on ties: the rule bot's choice comes first).

    With ``keep_z`` the first option is kept unless the best beats it by ``keep_z`` standard
    errors of their paired differences: picking the best of several noisy means favours
    whichever was luckiest, so a departure from the rule bot's choice needs some evidence.
    """
    totals = [sum(row[i] for row in rows) for i in range(len(rows[0]))]
    best = 0
    for i in range(1, len(totals)):
        if totals[i] > totals[best] + 1e-9:
            best = i
    if best and keep_z > 0 and not ahead(rows, best, 0, keep_z):
        return 0
    return best


def ahead(rows: Sequence[Sequence[float]], i: int, j: int, z: float) -> bool:
    """Whether option ``i`` beats option ``j`` by ``z`` standard errors of the paired
    differences (with a single deal, or no spread, by any positive margin)."""
    k = len(rows)
    diffs = [row[i] - row[j] for row in rows]
    mean = sum(diffs) / k
    if k < 2:
        return mean > 0
    spread = sum((d - mean) ** 2 for d in diffs) / (k - 1)
    return mean > 0 and mean > z * (spread / k) ** 0.5


def standing(rows: Sequence[Sequence[float]], z: float) -> bool:
    """Whether the first option (the rule bot's choice) looks sure to be kept: every other
    option trails it by ``z`` standard errors of the paired differences, or never beat it.

    Most decisions end so: the rule bot's card is as good as any, and the deals sampled after
    that is plain would only confirm it (``leader`` needs evidence to depart from it).
    """
    for i in range(1, len(rows[0])):
        if not ahead(rows, 0, i, z) and any(row[i] > row[0] for row in rows):
            return False
    return True


def settled(rows: Sequence[Sequence[float]], z: float) -> bool:
    """Whether more deals would hardly change the leader: on the deals so far it beats every
    other option by ``z`` standard errors of the paired differences, or ties them on every
    deal."""
    best = leader(rows)
    k = len(rows)
    for i in range(len(rows[0])):
        if i == best:
            continue
        diffs = [row[best] - row[i] for row in rows]
        mean = sum(diffs) / k
        spread = sum((d - mean) ** 2 for d in diffs) / (k - 1)
        if spread == 0.0:
            if mean == 0.0 or mean > 0:
                continue
            return False
        if mean <= z * (spread / k) ** 0.5:
            return False
    return True


def distinct_plays(seen: Seen, legal: Sequence[Action], fallback: Action) -> list[Action]:
    """The rule bot's card first, then one card of every other class of equivalent cards
    (``equivalent``): trying two cards that play alike only spends playouts."""
    assert seen.trump is not None
    order = [fallback, *[a for a in legal if a != fallback]]
    cards = [a.card for a in order]  # type: ignore[attr-defined]
    rank = ranking(seen.game, seen.trump)
    classes = card_classes(cards, seen.hand, seen.played, rank)
    return [a for i, a in enumerate(order) if classes[i] == i]


def _declared(action: Action) -> tuple[int | None, str]:
    return (getattr(action, "trump", None), str(getattr(action, "mode", "")))


def _cards(action: Action) -> tuple[int, ...]:
    cards: tuple[int, ...] = getattr(action, "cards", ())
    return cards


def discard_cost(seen: Seen) -> Callable[[int], float] | None:
    """How much the rule bot regrets discarding each card (for ranking discard choices)."""
    if seen.game.id == "bidwhist" and seen.phase == Phase.DISCARD and seen.declared:
        rank = ranking(seen.game, seen.trump, seen.mode)
        hand = seen.hand
        return lambda c: ruleswhist.keep_value(c, hand, rank)
    if seen.game.id != "auction45" or seen.trump is None:
        return None
    values = rules45.keep_values(ranking(seen.game, seen.trump))
    if seen.phase == Phase.DRAW:
        return lambda c: values[c] - rules45.DRAW_WORTH
    return values.__getitem__
