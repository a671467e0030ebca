from __future__ import annotations

import pytest

from engine.rules.cards import (
    BIG_JOKER,
    CARD_NAMES,
    LITTLE_JOKER,
    SAME_COLOUR,
    CardSet,
    card_str,
    cards_of,
    mask_of,
    parse_card,
    parse_cards,
    parse_suit,
    suit_of,
)
from engine.rules.errors import NotationError


def test_every_card_round_trips_through_notation() -> None:
    assert len(CARD_NAMES) == 54
    for c in range(54):
        assert parse_card(card_str(c)) == c


def test_int_order_is_the_canonical_order() -> None:
    cards = parse_cards("LJ 2C AS BJ TH 2S KD")
    assert [card_str(c) for c in sorted(cards)] == ["2S", "AS", "TH", "KD", "2C", "BJ", "LJ"]


@pytest.mark.parametrize("text", ["", "1H", "5X", "10H", "JOKER", "H5", None, 5])
def test_bad_card_notation_is_refused_with_a_code(text: object) -> None:
    with pytest.raises(NotationError) as refused:
        parse_card(text)  # type: ignore[arg-type]
    assert refused.value.code == "bad_card"
    assert "rank then suit" in refused.value.message


def test_parse_is_case_insensitive_and_accepts_spaced_strings() -> None:
    assert parse_cards("5h, jh ah") == (parse_card("5H"), parse_card("JH"), parse_card("AH"))


def test_masks_round_trip_in_canonical_order() -> None:
    cards = parse_cards("AH 5H JH BJ 2S")
    assert cards_of(mask_of(cards)) == sorted(cards)
    assert mask_of([]) == 0 and cards_of(0) == []


def test_suits_and_colours() -> None:
    assert suit_of(parse_card("TD")) == 2
    assert suit_of(BIG_JOKER) == suit_of(LITTLE_JOKER) == 4
    assert [SAME_COLOUR[s] for s in range(4)] == [3, 2, 1, 0]
    assert parse_suit("nt", allow_nt=True) is None
    with pytest.raises(NotationError) as refused:
        parse_suit("NT")
    assert refused.value.code == "bad_suit"


def test_cardset_behaves_like_a_set() -> None:
    s = CardSet.parse("AH 5H JH")
    assert len(s) == 3 and parse_card("JH") in s and parse_card("JD") not in s
    assert str(s) == "5H JH AH"
    assert eval(repr(s), {"CardSet": CardSet}) == s
    assert not CardSet()
