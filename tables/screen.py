"""What a table page shows one seat: built from that seat's view, never from the full state.

``table_screen`` is the only way the table page, its websocket updates and the hand history
get their data. It takes the engine's ``view(seat)`` (or the spectator view) and turns it into
rows the template prints: names instead of seat numbers, the auction, the contract and trump,
the kitty step, the current and last trick, the own hand and the legal actions as buttons.
Its words are in the active language: the caller builds each reader's screen under theirs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext, pgettext_lazy

from club.wording import suit_name
from engine.rules import GAME_NAMES, Hand
from tables.cards import Card
from tables.models import LiveTable, TableHand, TableSeat, TableStatus
from tables.naming import seat_compasses, seat_names, seat_places, side_names
from tables.summary import MadeFor, clock_left, hand_summary, made_for_you

DISCARD_TYPES = ("kitty_discard", "discard", "excess_discard")
DISCARD_LABELS = {
    "kitty_discard": gettext_lazy("Discard to the kitty"),
    "discard": gettext_lazy("Discard and draw"),
    "excess_discard": gettext_lazy("Discard excess trumps"),
}
PHASE_LABELS = {
    "auction": pgettext_lazy("phase", "Auction"),
    "declare": gettext_lazy("Naming trump"),
    "trump": gettext_lazy("Naming trump"),
    "kitty_discard": pgettext_lazy("phase", "Kitty"),
    "discard": pgettext_lazy("phase", "Kitty"),
    "draw": gettext_lazy("Discard and draw"),
    "play": pgettext_lazy("phase", "Play"),
    "over": gettext_lazy("Hand over"),
}
#: Bid Whist's ways to play a no-trump or trump bid (``engine.rules.actions.BIDWHIST_MODES``).
MODE_NAMES = {
    "uptown": gettext_lazy("uptown"),
    "downtown_aces_good": gettext_lazy("downtown, aces good"),
    "downtown_aces_bad": gettext_lazy("downtown, aces bad"),
}


def mode_name(mode: str) -> str:
    """A Bid Whist mode in words, in the active language."""
    return str(MODE_NAMES.get(mode, mode.replace("_", " ")))


@dataclass(frozen=True)
class SeatRow:
    index: int
    name: str
    compass: str
    place: str
    is_you: bool
    is_bot: bool
    stand_in: bool
    present: bool
    is_dealer: bool
    to_act: bool
    cards: int | None
    is_open: bool
    is_bidder: bool = False


@dataclass(frozen=True)
class Play:
    name: str
    card: Card
    seat: int = 0
    place: str = ""


@dataclass(frozen=True)
class SeatCall:
    """A seat's last call of the auction, shown on the table before that seat."""

    name: str
    seat: int
    place: str
    call: str


@dataclass(frozen=True)
class Button:
    label: str
    action: str
    help: str = ""  # one line under the buttons, for an action whose label does not say it all


#: Actions offered after the others: what they give up is said under the buttons.
LAST_ACTIONS = ("go_kitty",)
ACTION_HELP = {
    "go_kitty": gettext_lazy(
        "Going on the kitty throws your whole hand away and gives you the kitty instead."
    ),
}


@dataclass(frozen=True)
class DiscardChoice:
    """A discard the seat is to choose, told by what every legal set has in common: how many
    cards (``counts``), which cards may go (``cards``) and which must (``required``). In every
    game the legal sets are exactly the sets of an allowed size made of the required cards and
    others that may go, so a page that keeps to these offers no refused discard."""

    type: str
    label: str
    counts: tuple[int, ...]
    cards: frozenset[str]
    required: frozenset[str]

    @classmethod
    def of(cls, kind: str, legal: list[list[str]]) -> DiscardChoice:
        """The choice of the ``kind`` discards whose cards are ``legal`` (one list each)."""
        sets = [frozenset(cards) for cards in legal]
        return cls(
            type=kind,
            label=str(DISCARD_LABELS[kind]),
            counts=tuple(sorted({len(cards) for cards in legal})),
            cards=frozenset().union(*sets),
            required=frozenset.intersection(*sets),
        )

    @property
    def help(self) -> str:
        """What to choose, in words: "choose 4 cards", "choose up to 3 cards, or none"."""
        low, high = self.counts[0], self.counts[-1]
        if low == high:
            return ngettext("choose {count} card", "choose {count} cards", high).format(count=high)
        if low == 0:
            return ngettext(
                "choose up to {count} card, or none", "choose up to {count} cards, or none", high
            ).format(count=high)
        return ngettext(
            "choose {low} to {count} card", "choose {low} to {count} cards", high
        ).format(low=low, count=high)


@dataclass
class Screen:
    table: LiveTable
    seat: int | None
    seq: int
    game_name: str
    seats: list[SeatRow]
    readonly: bool = False
    hand_number: int = 0
    phase: str = ""
    phase_label: str = ""
    to_act_name: str = ""
    my_turn: bool = False
    calls: list[tuple[str, str]] = field(default_factory=list)
    seat_calls: list[SeatCall] = field(default_factory=list)
    high_bid: str = ""
    contract: str = ""
    trump: str = ""
    kitty_notes: list[str] = field(default_factory=list)
    trick: list[Play] = field(default_factory=list)
    last_trick: list[Play] = field(default_factory=list)
    last_trick_winner: str = ""
    final_trick: list[Play] = field(default_factory=list)
    final_trick_winner: str = ""
    hand: list[Card] = field(default_factory=list)
    playable: set[str] = field(default_factory=set)
    buttons: list[Button] = field(default_factory=list)
    discard: DiscardChoice | None = None
    scores: list[tuple[str, int]] = field(default_factory=list)
    points: list[tuple[str, int]] = field(default_factory=list)
    result_line: str = ""
    view: dict[str, Any] | None = None
    summary: dict[str, Any] | None = None
    clock: int | None = None
    made_for_you: dict[str, Any] | None = None
    away: bool = False

    @property
    def awaited(self) -> str:
        """At an event's match table waiting for its players: the names of the seated players
        who have not come (the reader left out), else empty."""
        if self.table.status != TableStatus.OPEN or self.table.match_id is None:
            return ""
        return ", ".join(
            row.name
            for row in self.seats
            if not (row.is_open or row.is_bot or row.present or row.is_you)
        )

    @property
    def trick_done(self) -> bool:
        """A trick just finished and the next has no card yet: the table shows it, with who
        took it (static/kitty/table_draw.js's ``finishedTrick`` says the same)."""
        return self.phase == "play" and not self.trick and bool(self.last_trick)


def call_word(call: str) -> str:
    """A call of the auction as the list shows it: a bid's number, or "pass", "hold"."""
    if call == "pass":
        return pgettext("call", "pass")
    if call == "hold":
        return pgettext("call", "hold")
    return call


def high_bid(calls: Sequence[dict[str, Any]]) -> tuple[int, int] | None:
    """The auction's high bid so far and the seat holding it, from the view's ``calls``
    (``None``: nobody bid yet). A dealer's "hold" takes the high bid at its number.

    >>> high_bid([{"seat": 1, "call": "20"}, {"seat": 2, "call": "pass"}])
    (20, 1)
    """
    high: tuple[int, int] | None = None
    for call in calls:
        word = str(call["call"])
        if word.isdigit():
            high = (int(word), call["seat"])
        elif word == "hold" and high is not None:
            high = (high[0], call["seat"])
    return high


def _auction_now(screen: Screen, view: dict[str, Any], names: list[str], places: list[str]) -> None:
    """While the auction runs: the bid to beat and who made it (for the bar), and each seat's
    last call, shown before the seat on the table."""
    if view["phase"] != "auction":
        return
    high = high_bid(view.get("calls", []))
    if high is not None:
        screen.high_bid = gettext("{name} bid {bid}").format(name=names[high[1]], bid=high[0])
    last = {call["seat"]: call["call"] for call in view.get("calls", [])}
    screen.seat_calls = [
        SeatCall(names[seat], seat, places[seat], call_word(call)) for seat, call in last.items()
    ]


def _button_label(kind: str, text: str) -> str:
    parts = text.split()[2:]
    if kind == "call":
        word = parts[0]
        if word == "pass":
            return gettext("Pass")
        if word == "hold":
            return gettext("Hold")
        return gettext("Bid {bid}").format(bid=word)
    if kind == "go_kitty":
        return gettext("Go on the kitty")
    if kind == "trump":
        return gettext("Trump: {suit}").format(suit=suit_name(parts[0]))
    if kind == "declare":
        return gettext("{suit}, {mode}").format(suit=suit_name(parts[0]), mode=mode_name(parts[1]))
    return text


def choice_label(text: str) -> str:
    """An action of the seat's own hand named as its buttons name it, in the active language:
    "Bid 20", "Trump: hearts", "Play 10 of hearts", "Discard to the kitty: 5♥, 3♦"."""
    words = text.split()
    kind = words[1]
    if kind == "play":
        return gettext("Play {card}").format(card=Card.of(words[2]).named)
    if kind in DISCARD_TYPES:
        faces = ", ".join(Card.of(code).face for code in words[2:])
        return gettext("{label}: {cards}").format(label=DISCARD_LABELS[kind], cards=faces)
    return _button_label(kind, text)


def _seat_rows(
    seats: list[TableSeat],
    view: dict[str, Any] | None,
    names: list[str],
    places: list[str],
    seat: int | None,
) -> list[SeatRow]:
    """The seats as the picture shows them: name, compass, place and markers."""
    to_act = view["to_act"] if view else None
    dealer = view["dealer"] if view else None
    counts = view.get("hand_counts") if view else None
    compass = seat_compasses(len(seats))
    contract = view.get("contract") if view else None
    bidder = contract["bidder"] if contract else None
    return [
        SeatRow(
            index=s.index,
            name=names[s.index],
            # A computer's name says its seat already ("Computer West, random").
            compass="" if s.is_bot else compass[s.index],
            place=places[s.index],
            is_you=s.index == seat,
            is_bot=s.is_bot,
            stand_in=s.player_id is not None and s.bot_playing,
            # An open seat is nobody's absence: it is not marked away.
            present=s.is_bot or s.is_empty or s.connections > 0,
            is_dealer=s.index == dealer,
            to_act=s.index == to_act,
            cards=counts[s.index] if counts else None,
            is_open=s.is_empty,
            is_bidder=s.index == bidder,
        )
        for s in seats
    ]


def table_screen(
    table: LiveTable,
    seats: list[TableSeat],
    hand: Hand | None,
    seat: int | None,
    *,
    readonly: bool = False,
    last_hand: TableHand | None = None,
    made: MadeFor | None = None,
    now: datetime | None = None,
    final_trick: dict[str, Any] | None = None,
) -> Screen:
    """The screen of ``seat`` (``None``: a spectator) at ``table`` showing ``hand``.

    ``last_hand``: the table's last finished hand, summed up when it is the one just before
    ``hand`` (or the last of a finished game); ``made``: the last move the computer made for
    a person (told to that person); ``now``: when the turn clock is read (default: now);
    ``final_trick``: the last trick of ``last_hand`` as the engine's view has it (``{"plays",
    "winner"}``), shown with its summary: the next hand is dealt as that trick ends."""
    view = hand.view(seat) if hand is not None else None
    names = seat_names(seats, seat)
    places = seat_places(len(seats), seat)
    rows = _seat_rows(seats, view, names, places, seat)
    screen = Screen(
        table=table,
        seat=seat,
        seq=table.seq,
        game_name=gettext(GAME_NAMES[table.game]) if table.game in GAME_NAMES else table.game,
        seats=rows,
        readonly=readonly,
        hand_number=table.hand_number,
        view=view,
    )
    own = next((s for s in seats if s.index == seat), None)
    screen.away = own is not None and own.player_id is not None and own.bot_playing
    if view is None or hand is None:
        return screen
    game = hand.game
    sides = game.seating.side_seats
    labels = side_names(names, sides)
    if not readonly:
        _news(screen, table, last_hand, made, sides, labels, names, now)
        if screen.summary is not None and final_trick:
            screen.final_trick = _plays(final_trick["plays"], names, places)
            screen.final_trick_winner = names[final_trick["winner"]]
    _phase_now(screen, view, names, readonly)
    _auction_now(screen, view, names, places)
    _contract_now(screen, view, names)
    screen.kitty_notes = _kitty_notes(view, names)
    _tricks_now(screen, view, names, places)
    screen.hand = [Card.of(c) for c in view.get("hand") or []]
    _scores_now(screen, view, labels)
    if screen.my_turn:
        _actions(screen, [str(a) for a in view.get("legal", [])])
    return screen


def _phase_now(screen: Screen, view: dict[str, Any], names: list[str], readonly: bool) -> None:
    """The phase, who is to act (and whether it is this seat, on a live screen), the calls."""
    to_act = view["to_act"]
    # The plain name: a game's view may give its ``Phase``, and the screen goes out as JSON.
    phase = str(view["phase"])
    screen.phase = phase
    screen.phase_label = str(PHASE_LABELS.get(phase, phase.replace("_", " ")))
    screen.to_act_name = names[to_act] if to_act is not None else ""
    screen.my_turn = to_act is not None and to_act == screen.seat and not readonly
    screen.calls = [(names[c["seat"]], call_word(c["call"])) for c in view.get("calls", [])]


def _contract_now(screen: Screen, view: dict[str, Any], names: list[str]) -> None:
    """The contract and trump as sentences, once they are known."""
    contract = view.get("contract")
    if contract:
        screen.contract = gettext("{name} bid {bid}").format(
            name=names[contract["bidder"]], bid=contract["bid"]
        )
    trump = view.get("trump")
    if trump:
        mode = view.get("mode")
        screen.trump = (
            gettext("{suit} ({mode})").format(suit=suit_name(trump), mode=mode_name(mode))
            if mode
            else suit_name(trump)
        )


def _tricks_now(screen: Screen, view: dict[str, Any], names: list[str], places: list[str]) -> None:
    """The trick on the table, and the last one taken with who took it."""
    screen.trick = _plays(view.get("trick", []), names, places)
    tricks = view.get("tricks") or []
    if tricks:
        last = tricks[-1]
        screen.last_trick = _plays(last["plays"], names, places)
        screen.last_trick_winner = names[last["winner"]]


def _scores_now(screen: Screen, view: dict[str, Any], labels: list[str]) -> None:
    """The scores before the hand, its points once counted, and its result as a sentence."""
    screen.scores = list(zip(labels, view["scores_before"], strict=False))
    if view.get("points"):
        screen.points = list(zip(labels, view["points"], strict=False))
    if view.get("result"):
        result = view["result"]
        screen.result_line = _result_text(result, labels)


def _plays(plays: Sequence[dict[str, Any]], names: list[str], places: list[str]) -> list[Play]:
    """A trick's cards (the view's ``{"seat", "card"}``), each by whom and where it lies."""
    return [Play(names[p["seat"]], Card.of(p["card"]), p["seat"], places[p["seat"]]) for p in plays]


def _news(
    screen: Screen,
    table: LiveTable,
    last_hand: TableHand | None,
    made: MadeFor | None,
    sides: Sequence[Sequence[int]],
    labels: list[str],
    names: list[str],
    now: datetime | None,
) -> None:
    """What just happened, for a live screen: the last hand's summary, the clock, a move
    made for the seat."""
    summed_up = table.hand_number if table.status == TableStatus.FINISHED else table.hand_number - 1
    if last_hand is not None and last_hand.result and last_hand.number == summed_up:
        screen.summary = hand_summary(
            last_hand.number, last_hand.result, sides, labels, names, viewer=screen.seat
        )
    if table.status == TableStatus.PLAYING:
        screen.clock = clock_left(table.clock_due_at, now or timezone.now())
    screen.made_for_you = made_for_you(made, screen.seat)


def _kitty_notes(view: dict[str, Any], names: list[str]) -> list[str]:
    notes = []
    if view.get("taste"):
        notes.append(gettext("Taste card: {card}").format(card=Card.of(view["taste"]).face))
    if view.get("went_on_kitty"):
        notes.append(gettext("The bidder went on the kitty."))
    counts = view.get("draw_counts") or view.get("discard_counts")
    if counts:
        said = gettext("{name} drew {count}") if view.get("draw_counts") else None
        said = said or gettext("{name} discarded {count}")
        notes.append(
            "; ".join(
                said.format(name=names[i], count=n) for i, n in enumerate(counts) if n is not None
            )
        )
    if view.get("received_counts"):
        received = gettext("{name} received {count}")
        notes.append(
            "; ".join(
                received.format(name=names[i], count=n)
                for i, n in enumerate(view["received_counts"])
                if n is not None
            )
        )
    if view.get("excess_discards"):
        discarded = gettext("{name} discarded {cards}")
        notes.append(
            gettext("Excess trumps discarded: {cards}").format(
                cards="; ".join(
                    discarded.format(
                        name=names[d["seat"]],
                        cards=", ".join(Card.of(c).face for c in d["cards"]),
                    )
                    for d in view["excess_discards"]
                )
            )
        )
    if view.get("out"):
        out = ", ".join(names[s] for s in view["out"])
        notes.append(gettext("Out: {names}").format(names=out))
    if view.get("kitty_book_side") is not None:
        side = view["kitty_book_side"] + 1
        notes.append(gettext("The kitty book goes to side {side}.").format(side=side))
    return notes


def _result_text(result: dict[str, Any], labels: list[str]) -> str:
    if result.get("outcome") == "redeal":
        return gettext("Everybody passed: the hand is dealt again.")
    changes = ", ".join(
        f"{label} {delta:+d}" for label, delta in zip(labels, result["delta"], strict=False)
    )
    made = result.get("made")
    if made is None:
        return changes
    said = gettext("Made. {changes}") if made else gettext("Set. {changes}")
    return said.format(changes=changes)


def _actions(screen: Screen, legal: list[str]) -> None:
    """The legal actions as buttons; cards to play are marked on the own hand; a discard is
    chosen by picking cards (its legal sets can run to thousands, so the page gets what they
    have in common, ``DiscardChoice``)."""
    discards: dict[str, list[list[str]]] = {}
    for text in legal:
        words = text.split()
        kind = words[1]
        if kind == "play":
            screen.playable.add(words[2])
        elif kind in DISCARD_TYPES:
            discards.setdefault(kind, []).append(words[2:])
        else:
            help_text = str(ACTION_HELP[kind]) if kind in ACTION_HELP else ""
            screen.buttons.append(Button(_button_label(kind, text), text, help_text))
    # Going on the kitty throws the hand away: offered after naming trump, never first.
    screen.buttons.sort(key=lambda button: button.action.split()[1] in LAST_ACTIONS)
    for kind, sets in discards.items():
        screen.discard = DiscardChoice.of(kind, sets)


#: The version of the socket's state message; raised when a field changes meaning.
STATE_VERSION = 1


def _card(card: Card) -> dict[str, Any]:
    return {
        "card": card.code,
        "face": card.face,
        "red": card.red,
        "suit": card.suit,
        "spoken": card.spoken,
        "named": card.named,
    }


def _discard(choice: DiscardChoice | None) -> dict[str, Any] | None:
    if choice is None:
        return None
    return {
        "type": choice.type,
        "label": choice.label,
        "help": choice.help,
        "counts": list(choice.counts),
        "cards": sorted(choice.cards),
        "required": sorted(choice.required),
    }


def _play(play: Play) -> dict[str, Any]:
    return {"name": play.name, "seat": play.seat, "place": play.place, **_card(play.card)}


def screen_state(screen: Screen) -> dict[str, Any]:
    """``screen`` as the socket's state message sends it (version ``STATE_VERSION``): what the
    page draws, as data. Only what ``screen`` holds, which is built from the seat's own view,
    so no card reaches a seat that may not see it.

    Fields (names and faces are ready to show; card codes are the engine's notation):

    - ``v``: 1. ``seat``: the seat this screen is for (``None``: a spectator). ``seq``,
      ``hand`` (the hand's number), ``status`` (the table's), ``game`` (its name).
    - ``seats``: one per seat, in order (``_seat_state``). ``awaited``: the players an event's
      match table still waits for, named, before its game (``Screen.awaited``), else empty.
    - ``dealt``: whether a hand is on the table; the fields of the hand (``_hand_state``) are
      empty when not.
    - then the news of a live screen (``_news_state``).
    """
    return {
        "v": STATE_VERSION,
        "seat": screen.seat,
        "seq": screen.seq,
        "hand": screen.hand_number,
        "status": str(screen.table.status),
        "game": screen.game_name,
        "seats": [_seat_state(row) for row in screen.seats],
        "awaited": screen.awaited,
        "dealt": screen.view is not None,
        **_hand_state(screen),
        **_news_state(screen),
    }


def _seat_state(row: SeatRow) -> dict[str, Any]:
    """A seat of the state message: ``index``, ``name`` (the own seat's is "You"),
    ``compass`` (empty for a computer, whose name says it), ``place`` (where the picture puts
    it: the own seat, or seat 0 for a spectator, at ``bottom``; then ``left``, ``top``,
    ``right``, ``top-left``, ``top-right``, as many as there are seats), ``you``, ``bidder``,
    ``dealer``, ``to_act``, ``bot`` (a computer's own seat), ``stand_in`` (away: the computer
    plays), ``present``, ``cards`` (how many it holds, or ``None``), ``open`` (nobody sits
    there)."""
    return {
        "index": row.index,
        "name": row.name,
        "compass": row.compass,
        "place": row.place,
        "you": row.is_you,
        "bidder": row.is_bidder,
        "dealer": row.is_dealer,
        "to_act": row.to_act,
        "bot": row.is_bot,
        "stand_in": row.stand_in,
        "present": row.present,
        "cards": row.cards,
        "open": row.is_open,
    }


def _hand_state(screen: Screen) -> dict[str, Any]:
    """The hand's fields of the state message:

    - ``phase`` (the engine's) and ``phase_label``; ``to_act_name``; ``my_turn``.
    - ``calls``: the auction, ``[{"name", "call"}]``; while it runs, ``seat_calls`` (each
      seat's last call, ``[{"name", "seat", "place", "call"}]``, shown before its seat) and
      ``high_bid`` (the bid to beat as a sentence, "Ann bid 20", empty before a bid);
      ``contract`` and ``trump`` as sentences (empty before they are known); ``notes``: the
      kitty's and the draw's public facts.
    - ``trick`` and ``last_trick``: ``[{"name", "seat", "place", "card", "face", "red",
      "suit", "spoken", "named"}]`` in the order played (a card's ``suit`` is its letter,
      empty for a joker; ``spoken`` its name for a screen reader, "five of hearts"; ``named``
      as a button says it, "5 of hearts");
      ``last_trick_winner``: a name. ``final_trick`` and ``final_trick_winner``: the same of
      the hand the ``summary`` sums up (its last trick ends it, and the next hand is dealt at
      once), else empty.
    - ``own``: the seat's own hand, ``[{"card", "face", "red", "suit", "spoken", "named",
      "playable"}]``.
    - ``buttons``: the seat's other legal actions, ``[{"label", "action", "help"}]``
      (``action`` is what the page sends back; ``help``, when not empty, one line the page
      shows under the buttons); ``discard``: when the seat is to choose cards to discard,
      ``{"type", "label", "help", "counts", "cards", "required"}`` (how many cards it may
      discard, which may go and which must: ``DiscardChoice``), else ``None``.
    - ``scores`` (``[{"side", "score"}]`` before the hand), ``points`` (``[{"side",
      "points"}]`` this hand, once counted), ``result`` (the hand's result as a sentence).
    """
    return {
        "phase": screen.phase,
        "phase_label": screen.phase_label,
        "to_act_name": screen.to_act_name,
        "my_turn": screen.my_turn,
        "calls": [{"name": name, "call": call} for name, call in screen.calls],
        "seat_calls": [
            {"name": c.name, "seat": c.seat, "place": c.place, "call": c.call}
            for c in screen.seat_calls
        ],
        "high_bid": screen.high_bid,
        "contract": screen.contract,
        "trump": screen.trump,
        "notes": screen.kitty_notes,
        "trick": [_play(play) for play in screen.trick],
        "last_trick": [_play(play) for play in screen.last_trick],
        "last_trick_winner": screen.last_trick_winner,
        "final_trick": [_play(play) for play in screen.final_trick],
        "final_trick_winner": screen.final_trick_winner,
        "own": [{**_card(c), "playable": c.code in screen.playable} for c in screen.hand],
        "buttons": [{"label": b.label, "action": b.action, "help": b.help} for b in screen.buttons],
        "discard": _discard(screen.discard),
        "scores": [{"side": side, "score": score} for side, score in screen.scores],
        "points": [{"side": side, "points": points} for side, points in screen.points],
        "result": screen.result_line,
    }


def _news_state(screen: Screen) -> dict[str, Any]:
    """The news fields of the state message:

    - ``summary``: the last finished hand, while the next one is played (or the game's last
      hand), as ``tables.summary.hand_summary`` gives it, else ``None``.
    - ``clock``: ``{"seconds" (left for the seat to act), "of" (the table's turn)}`` while a
      turn clock runs, else ``None``.
    - ``made_for_you``: ``{"seq", "text"}`` when the computer's last move was made for this
      seat's player (the clock ran out, or the player was away), else ``None``.
    - ``away``: the computer plays this seat's player's turns until they take the seat back.
    """
    return {
        "summary": screen.summary,
        "clock": (
            {"seconds": screen.clock, "of": screen.table.turn_seconds}
            if screen.clock is not None
            else None
        ),
        "made_for_you": screen.made_for_you,
        "away": screen.away,
    }
