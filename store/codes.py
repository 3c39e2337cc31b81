"""Codes and secrets: the short public codes of class assignments and game tables, the secret
keys and tokens handed out once, and the hashes they are stored under.

The rules:

* A **code** has :data:`CODE_LENGTH` characters from :data:`CODE_ALPHABET` (no 0/O, 1/I/L
  look-alikes); it is typed case-insensitively, spaces, dashes and underscores ignored
  (:func:`normalize_code`). A class code and a table code are the same kind of code.
* A **key** or **token** is drawn with :mod:`secrets` (:func:`new_token`, 128 bits unless
  asked for more), handed out once and stored only as its SHA-256 hash (:func:`digest`).
* :func:`find_by_code` finds the one row of a table with a ``code`` column, or raises the
  caller's error with a code and its values (the pages word it); :func:`find_by_secret`
  finds the row a key or token opens.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.orm import Session

from store.db import Database

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
TOKEN_BYTES = 16  #: 128 bits: a resume token, a seat token
KEY_BYTES = 24  #: 192 bits: a teacher key

T = TypeVar("T")


def new_code() -> str:
    """A fresh random code (its uniqueness is the database's to check)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(raw: object) -> str | None:
    """A typed code in its stored form, or ``None`` when it cannot be one."""
    text = "".join(ch for ch in str(raw or "").upper() if ch not in " -_\t")
    if len(text) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in text):
        return None
    return text


def new_token(nbytes: int = TOKEN_BYTES) -> str:
    """A fresh secret of ``nbytes`` random bytes, URL-safe."""
    return secrets.token_urlsafe(nbytes)


def digest(secret: str) -> str:
    """The SHA-256 hash under which a key or token is stored."""
    return hashlib.sha256(secret.encode()).hexdigest()


def find_by_code(
    db: Database,
    model: Any,
    code: object,
    convert: Callable[[Any], T],
    *,
    error: Callable[..., Exception],
    unknown: str = "unknown_code",
    named: str = "code",
) -> T:
    """``convert(row)`` of the ``model`` row whose ``code`` is ``code`` as typed.

    A typed text that cannot be a code raises ``error("not_a_code", typed=…, length=…)`` (the
    text, cut to 20 characters, and :data:`CODE_LENGTH`); a well-formed code no row has raises
    ``error(unknown, <named>=…)`` (by default ``unknown_code`` with ``code``: the code in its
    stored form): codes and values, for the pages to word."""
    normal = normalize_code(code)
    if normal is None:
        raise error("not_a_code", typed=str(code or "").strip()[:20], length=CODE_LENGTH)
    with db.read() as session:
        row = session.scalar(sa.select(model).where(model.code == normal))
        if row is None:
            raise error(unknown, **{named: normal})
        return convert(row)


def find_by_secret(session: Session, column: Any, secret: object) -> Any | None:
    """The row whose ``column`` (a hash column of its model) holds the hash of ``secret`` as
    typed, spaces around it ignored; ``None`` for an empty secret or one that opens nothing."""
    text = str(secret or "").strip()
    if not text:
        return None
    return session.scalar(sa.select(column.class_).where(column == digest(text)))
