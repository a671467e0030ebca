from __future__ import annotations

from dataclasses import dataclass

import pytest

from engine.rules.errors import OptionError
from engine.rules.options import OptionSpec, build_options, options_to_dict


@dataclass(frozen=True)
class Sample:
    size: int
    fast: bool
    style: str
    limit: int | None
    target: int


SPECS = (
    OptionSpec("size", "int", 4, (4, 3, 0)),
    OptionSpec("fast", "bool", False, (False, True)),
    OptionSpec("style", "enum", "duel", ("duel", "open")),
    OptionSpec("limit", "int|null", None, (None, 3)),
    OptionSpec("target", "int", 21, None),
)


def test_defaults_fill_what_is_not_given() -> None:
    built = build_options(Sample, SPECS, {"style": "open"})
    assert options_to_dict(built) == {
        "size": 4,
        "fast": False,
        "style": "open",
        "limit": None,
        "target": 21,
    }


def test_unknown_option_is_named_with_the_allowed_ids() -> None:
    with pytest.raises(OptionError) as refused:
        build_options(Sample, SPECS, {"sise": 3})
    assert refused.value.code == "unknown_option"
    assert "'sise'" in refused.value.message and "size" in refused.value.message


@pytest.mark.parametrize(
    ("given", "allowed"),
    [
        ({"size": 5}, "4, 3, 0"),
        ({"size": True}, "4, 3, 0"),
        ({"fast": 1}, "false, true"),
        ({"style": "DUEL"}, "duel, open"),
        ({"limit": 2}, "null, 3"),
        ({"target": 0}, "any whole number above 0"),
        ({"target": None}, "any whole number above 0"),
    ],
)
def test_bad_values_are_refused_listing_what_is_allowed(
    given: dict[str, object], allowed: str
) -> None:
    with pytest.raises(OptionError) as refused:
        build_options(Sample, SPECS, given)
    assert refused.value.code == "bad_option_value"
    assert allowed in refused.value.message


def test_options_must_be_a_mapping() -> None:
    with pytest.raises(OptionError) as refused:
        build_options(Sample, SPECS, ["size"])  # type: ignore[arg-type]
    assert refused.value.code == "bad_options"
