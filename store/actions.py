"""A game action as JSON and back: how a shared table stores its moves.

The codec is generic. A game's **action classes** are the ones its state class declares
(``actions``, see :mod:`engine.core`; :func:`action_classes`), so a new action class needs
nothing here, wherever the game keeps it. An action is stored as
``{"ClassName": {field: value, …}}`` (the format every stored game is in: a class keeps its
name); each field is encoded from its *declared* type (the dataclass's annotations):

* ``Card`` → its USPS code (``"CO"``), read back as the one card of that code;
* an enum (``Category`` …) → its value (``"size"``);
* ``bool``, ``int``, ``float``, ``str`` → themselves (a bool is never an int, nor the reverse);
* ``tuple[X, ...]`` and ``tuple[X, Y]`` → a list; ``frozenset[X]`` → a list in a fixed order
  (sorted by the encoded JSON), so equal actions always encode equally;
* ``X | None`` → ``null`` or ``X``; a nested frozen dataclass → its fields as an object.

Anything else (an undeclared type, ``Any``, a union of two non-``None`` types) raises
:class:`CodecError`, as does a value that does not match its declared type, so a mistake shows
on the first encode, never as a wrong move read back. Decoding is as strict: an unknown class,
a missing or extra field, or a value of the wrong kind raises :class:`CodecError`.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from functools import cache
from typing import Any

from engine.cards import Card, by_usps
from engine.games import game_class


class CodecError(ValueError):
    """An action (or stored JSON) the codec cannot translate."""


@cache
def action_classes(game_id: str) -> dict[str, type]:
    """The action classes of ``game_id`` by name: its state class's ``actions``."""
    found = {}
    for cls in game_class(game_id).actions:
        if not (dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen):
            raise CodecError(f"{cls.__name__} is declared an action but is no frozen dataclass")
        found[cls.__name__] = cls
    return found


@cache
def _hints(cls: type) -> tuple[tuple[str, Any], ...]:
    try:
        hints = typing.get_type_hints(cls)
    except Exception as error:  # noqa: BLE001 - an unresolvable annotation, named below
        raise CodecError(f"the fields of {cls.__name__} cannot be read: {error}") from error
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))


def encode(action: Any) -> dict[str, Any]:
    """``action`` as JSON-ready data: ``{"ClassName": {field: value, …}}``."""
    cls = type(action)
    if not (dataclasses.is_dataclass(action) and isinstance(action, cls)) or isinstance(
        action, type
    ):
        raise CodecError(f"{action!r} is not an action (a frozen dataclass)")
    return {cls.__name__: _encode_fields(action)}


def decode(game_id: str, data: Any) -> Any:
    """The action of ``game_id`` that :func:`encode` turned into ``data``."""
    if not isinstance(data, dict) or len(data) != 1:
        raise CodecError(f"{data!r} is not an encoded action")
    ((name, fields),) = data.items()
    cls = action_classes(game_id).get(name)
    if cls is None:
        raise CodecError(f"{name!r} is not an action of {game_class(game_id).title}")
    return _decode_fields(cls, fields)


def dumps(action: Any) -> str:
    """The encoded action as compact JSON text (keys in a fixed order)."""
    return json.dumps(encode(action), separators=(",", ":"), sort_keys=True)


def _encode_fields(value: Any) -> dict[str, Any]:
    return {name: _encode(getattr(value, name), hint) for name, hint in _hints(type(value))}


def _decode_fields(cls: type, fields: Any) -> Any:
    hints = _hints(cls)
    if not isinstance(fields, dict) or set(fields) != {name for name, _ in hints}:
        raise CodecError(f"{fields!r} are not the fields of {cls.__name__}")
    return cls(**{name: _decode(fields[name], hint) for name, hint in hints})


def _optional(hint: Any) -> Any | None:
    """``X`` for a hint ``X | None``; refuses other unions."""
    args = typing.get_args(hint)
    rest = [a for a in args if a is not type(None)]
    if len(rest) != 1 or len(args) != 2:
        raise CodecError(f"the union {hint} is not supported (only X | None)")
    return rest[0]


def _is_union(hint: Any) -> bool:
    return typing.get_origin(hint) in (typing.Union, types.UnionType)


def _wrong(value: Any, hint: Any) -> CodecError:
    return CodecError(f"{value!r} is not a {getattr(hint, '__name__', hint)}")


def _encode(value: Any, hint: Any) -> Any:
    if _is_union(hint):
        return None if value is None else _encode(value, _optional(hint))
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple:
        if not isinstance(value, tuple):
            raise _wrong(value, hint)
        return [_encode(v, h) for v, h in zip(value, _tuple_hints(hint, len(value)), strict=True)]
    if origin is frozenset:
        if not isinstance(value, frozenset):
            raise _wrong(value, hint)
        items = [_encode(v, args[0]) for v in value]
        return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))
    if hint is Card:
        if not isinstance(value, Card):
            raise _wrong(value, hint)
        return value.usps
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        if not isinstance(value, hint):
            raise _wrong(value, hint)
        return value.value
    if hint is bool or hint is str:
        if type(value) is not hint:
            raise _wrong(value, hint)
        return value
    if hint is int or hint is float:
        if isinstance(value, bool) or not isinstance(value, hint):
            raise _wrong(value, hint)
        return value
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if type(value) is not hint:
            raise _wrong(value, hint)
        return _encode_fields(value)
    raise CodecError(f"a field declared as {hint} cannot be stored")


def _decode(data: Any, hint: Any) -> Any:
    if _is_union(hint):
        return None if data is None else _decode(data, _optional(hint))
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple:
        if not isinstance(data, list):
            raise _wrong(data, hint)
        return tuple(
            _decode(d, h) for d, h in zip(data, _tuple_hints(hint, len(data)), strict=True)
        )
    if origin is frozenset:
        if not isinstance(data, list):
            raise _wrong(data, hint)
        return frozenset(_decode(d, args[0]) for d in data)
    if hint is Card:
        card = by_usps().get(data) if isinstance(data, str) else None
        if card is None:
            raise _wrong(data, hint)
        return card
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(data)
        except ValueError:
            raise _wrong(data, hint) from None
    if hint is bool or hint is str or hint is int:
        if type(data) is not hint:
            raise _wrong(data, hint)
        return data
    if hint is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise _wrong(data, hint)
        return float(data)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _decode_fields(hint, data)
    raise CodecError(f"a field declared as {hint} cannot be read back")


def _tuple_hints(hint: Any, length: int) -> list[Any]:
    args = typing.get_args(hint)
    if len(args) == 2 and args[1] is Ellipsis:
        return [args[0]] * length
    if len(args) != length:
        raise CodecError(f"{hint} holds {len(args)} items, not {length}")
    return list(args)
