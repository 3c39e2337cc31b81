"""The secret seeds questions and deals come from: drawn with :mod:`secrets`, kept only in the
database, never handed out.

A seed has :data:`SEED_BITS` bits, so it fits a signed 64-bit column with room to spare.
"""

from __future__ import annotations

import secrets

SEED_BITS = 62


def new_seed() -> int:
    """A fresh secret seed of :data:`SEED_BITS` bits."""
    return secrets.randbits(SEED_BITS)
