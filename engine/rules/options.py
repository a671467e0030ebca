"""Variant options: declared once as data, validated into a frozen dataclass per game.

Each game lists its options (the options tables of docs/rules.md) as ``OptionSpec`` rows next to a
frozen dataclass with one field per option. ``build_options`` checks a caller's mapping against the
specs, so an unknown id or a value outside the allowed set is refused with a message that
names the option and lists what is allowed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Literal, TypeVar

from engine.rules.errors import OptionError, shown

OptionKind = Literal["int", "bool", "enum", "int|null"]
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One variant option.

    ``allowed`` lists every accepted value (``None`` included for ``int|null``); ``None`` as
    the whole of ``allowed`` means "any positive int" (targets).
    """

    id: str
    kind: OptionKind
    default: Any
    allowed: tuple[Any, ...] | None
    help: str = ""

    def describe_allowed(self) -> str:
        if self.allowed is None:
            return "any whole number above 0"
        return ", ".join("null" if v is None else str(v).lower() for v in self.allowed)

    def check(self, value: Any) -> Any:
        """Return ``value`` if this option accepts it.

        Raises:
            OptionError: code ``bad_option_value``.
        """
        ok: bool
        if self.kind == "bool":
            ok = isinstance(value, bool)
        elif self.kind == "enum":
            ok = isinstance(value, str) and value in (self.allowed or ())
        else:
            is_int = isinstance(value, int) and not isinstance(value, bool)
            if value is None:
                ok = self.kind == "int|null" and None in (self.allowed or ())
            elif self.allowed is None:
                ok = is_int and value > 0
            else:
                ok = is_int and value in self.allowed
        if not ok:
            raise OptionError(
                "bad_option_value",
                f"option {shown(self.id)} cannot be {shown(value)}; allowed: "
                f"{self.describe_allowed()}",
            )
        return value


def build_options(cls: type[T], specs: Sequence[OptionSpec], given: Mapping[str, Any] | None) -> T:
    """Validate ``given`` against ``specs`` and build the frozen options object ``cls``.

    Options not given take their default. ``cls`` must have exactly one field per spec.

    Raises:
        OptionError: ``unknown_option`` for an id not in ``specs``; ``bad_option_value`` for a
            value the option does not allow; ``bad_options`` when ``given`` is not a mapping.
    """
    by_id = {spec.id: spec for spec in specs}
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise OptionError(
            "bad_options", f"options must be an object of option ids, not {shown(given)}"
        )
    unknown = sorted(set(given) - set(by_id))
    if unknown:
        raise OptionError(
            "unknown_option",
            f"unknown option {shown(unknown[0])}; options of this game: {', '.join(by_id)}",
        )
    values = {
        spec.id: spec.check(given[spec.id]) if spec.id in given else spec.default for spec in specs
    }
    names = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    assert names == set(by_id), f"{cls.__name__} fields and option specs differ"
    return cls(**values)


def options_to_dict(options: Any) -> dict[str, Any]:
    """All option values of an options object, for records and forms."""
    return {f.name: getattr(options, f.name) for f in fields(options)}
