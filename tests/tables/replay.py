"""The log is the truth: a table's rows checked against a replay of its action log alone.

After a fault (a killed worker, racing servers) a table must hold exactly what replaying its
log from the seed gives: actions numbered 1, 2, 3... without gap or double, each hand dealt
by the right dealer from the right seed and scores, starting at the right action, ending with
the result the replay reaches, and the table's ``seq``, hand number and status where the replay
leaves them. The replay here uses only the engine and the table's seed, not the code that
wrote the rows.
"""

from __future__ import annotations

from engine.rules import Tally, get_game, parse_action
from tables.models import ActionLog, LiveTable, TableHand
from tables.services import hand_seed


def assert_log_is_the_truth(table_id: int) -> list[str]:
    """Check the table against the replay of its log; returns the log's actions."""
    table = LiveTable.objects.get(pk=table_id)
    log = list(ActionLog.objects.filter(table=table).order_by("seq").values_list("seq", "action"))
    seqs = [seq for seq, _ in log]
    assert seqs == list(range(1, len(log) + 1)), f"gaps or doubles in the log: {seqs}"
    assert table.seq == len(log), (table.seq, len(log))

    game = get_game(table.game, table.options)
    rows = list(TableHand.objects.filter(table=table).order_by("number"))
    assert [row.number for row in rows] == list(range(1, len(rows) + 1))
    dealer, tally, number = table.first_dealer, Tally.start(game.seating.sides), 1
    hand = game.new_hand(dealer=dealer, seed=hand_seed(table.seed, 1), tally=tally)
    expected = [(1, dealer, hand_seed(table.seed, 1), tally.to_dict(), 1)]
    results: list[dict[str, object]] = []
    game_over = False
    for seq, text in log:
        assert not game_over, f"action {seq} was logged after the game ended"
        hand.apply(parse_action(text))
        if not hand.is_over:
            continue
        result = hand.result
        assert result is not None
        results.append(result.to_dict())
        if result.score.result is not None:
            game_over = True
            continue
        number += 1
        dealer = game.seating.next_seat(dealer)
        tally = result.score.tally_after
        hand = game.new_hand(dealer=dealer, seed=hand_seed(table.seed, number), tally=tally)
        expected.append((number, dealer, hand_seed(table.seed, number), tally.to_dict(), seq + 1))

    stored = [(r.number, r.dealer, r.seed, r.tally_before, r.first_seq) for r in rows]
    assert stored == expected
    assert [r.result for r in rows if r.finished] == results
    assert sum(not r.finished for r in rows) == (0 if game_over else 1)
    assert table.hand_number == number
    assert (table.status == LiveTable.Status.FINISHED) == game_over, table.status
    return [text for _, text in log]


def lines_replayed(table_id: int) -> list[dict[str, object]]:
    """The scoresheet lines the table's log gives, hand by hand, replayed from its seed."""
    table = LiveTable.objects.get(pk=table_id)
    game = get_game(table.game, table.options)
    dealer, number, lines = table.first_dealer, 1, []
    hand = game.new_hand(
        dealer=dealer, seed=hand_seed(table.seed, 1), tally=Tally.start(game.seating.sides)
    )
    for text in (
        ActionLog.objects.filter(table=table).order_by("seq").values_list("action", flat=True)
    ):
        hand.apply(parse_action(text))
        if not hand.is_over:
            continue
        assert hand.result is not None
        lines.append(dict(hand.result.line))
        if hand.result.score.result is not None:
            break
        number += 1
        dealer = game.seating.next_seat(dealer)
        hand = game.new_hand(
            dealer=dealer, seed=hand_seed(table.seed, number), tally=hand.result.score.tally_after
        )
    return lines
