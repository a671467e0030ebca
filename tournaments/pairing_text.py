"""The figures of a stored pairing reason, read back from its English text.

A bye stores its reason's text alone, and a round stored before reasons kept their figures
stores only text too; the algorithms (``tournaments.pairing``) write each text in one fixed
way, so its figures can be found again and the reason worded in the reader's language by
``tournaments.pairing_words``.
"""

from __future__ import annotations

import re

#: The figures in the English text of a reason stored without them (a bye, an older round).
FROM_TEXT: dict[str, re.Pattern[str]] = {
    "whist_design": re.compile(
        r"^(?:Round (?P<row>\d+) of the (?P<rows>\d+)-round whist schedule for (?P<players>\d+)"
        r"|Whist schedule for (?P<players2>\d+) players, row (?P<row2>\d+) of (?P<rows2>\d+))"
    ),
    "repeat_partner": re.compile(r"^(?P<a>.+) and (?P<b>.+) have partnered (?P<times>\d+) times? "),
    "repeat_opponents": re.compile(r"^(?P<pairings>\d+) opponent pairings? at this table"),
    "sit_out_by_lot": re.compile(
        r"so far \((?P<count>\d+)\); drawn by lot among the (?P<tied>\d+)"
    ),
    "sit_out_fewest": re.compile(r"^Sits out: fewest sit-outs so far \((?P<count>\d+)\)$"),
    "round_robin": re.compile(
        r"^Round robin round (?P<row>\d+) of (?P<rows>\d+), cycle (?P<cycle>\d+) of (?P<cycles>\d+)"
    ),
    "walkover_withdrawn": re.compile(r"^Walkover: seed (?P<seed>\d+), due to meet them"),
    "rematch_unavoidable": re.compile(
        r"^Rematch unavoidable: (?P<a>.+) and (?P<b>.+) have met (?P<times>\d+) times?;"
    ),
    "bye_lowest_fewest_byes": re.compile(r"those with the fewest \((?P<fewest>\d+)\)$"),
    "cutthroat_table": re.compile(r"^Cut-throat table of (?P<size>\d+)$"),
    "score_group": re.compile(r"^Same score group \((?P<points>-?[\d.]+) points?\)$"),
    "score_float": re.compile(
        r"^Score-group float: (?P<points>-?[\d.]+) against (?P<against>-?[\d.]+) points? "
    ),
    "repaired_pairing": re.compile(
        r"near its (?P<rematches>\d+) rematch\(es\), where pairings within (?P<window>\d+) "
    ),
    "bye_moved_to_avoid_rematch": re.compile(
        r"eligible entrant \((?P<a>.+)\) would force a rematch"
    ),
    "met_before": re.compile(r"^Met before: (?P<pairs>\d+) pairs? of players"),
    "table_plan": re.compile(
        r"^(?P<players>\d+) players: tables of (?P<sizes>[\d, ]+?)(?:; (?P<out>\d+) sitting out)?$"
    ),
    # The director's reason, cut where the stored text was cut (300 characters).
    "swapped_out": re.compile(r"^Sits out: swapped out by the director \((?P<reason>.*?)\)?$"),
}

#: Codes that once also named another reason, and how the other's stored text begins: a
#: cut-throat table's repeats were stored as ``repeat_opponents`` before they had a code.
RECODED: dict[str, tuple[str, str]] = {"repeat_opponents": ("Met before: ", "met_before")}


def figures_in(code: str, text: str) -> dict[str, str]:
    """The figures of a reason read back from its English ``text`` ({} when it does not
    read as the algorithms write it)."""
    pattern = FROM_TEXT.get(code)
    found = pattern.search(text) if pattern is not None else None
    if found is None:
        return {}
    # A pattern that reads two wordings names the second's groups with a "2".
    return {k.rstrip("2"): v for k, v in found.groupdict().items() if v is not None}
