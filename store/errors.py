"""What every area of the store refuses with: :class:`Refused`, a code and its values, never
a sentence (each reader's page words it in that reader's language), and :class:`NotFound`,
nothing answers to a code, key or token.

Each area refuses with its own kind of :class:`Refused` (``ClassroomError``, ``ProgressError``,
``LiveError``, ``TableError``: a page catches its area's), and its "not found" is that error
and this one, so ``except store.errors.NotFound`` catches any area's.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any


class Refused(ValueError):
    """A request refused: ``TableError("full", table="K7PQ2M")``. ``code`` says which refusal
    (the kind's :attr:`default_code` when none is given), ``values`` what makes it precise
    (plain data; a value may be called ``code`` too); ``str(error)`` is for logs
    (``full(table='K7PQ2M')``)."""

    default_code = "refused"

    def __init__(self, code: str | None = None, /, **values: Any) -> None:
        self.code = code or self.default_code
        self.values = MappingProxyType(values)
        super().__init__(self.code)

    def __str__(self) -> str:
        values = ", ".join(f"{k}={v!r}" for k, v in self.values.items())
        return f"{self.code}({values})"


class NotFound(ValueError):
    """No row answers to this code, key or token."""
