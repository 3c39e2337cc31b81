"""The machine a benchmark ran on, printed above its figures."""

from __future__ import annotations

import os
import platform
import sys


def machine() -> str:
    """Platform, processor, CPU count and Python version in one line."""
    cpu = platform.processor() or platform.machine()
    return (
        f"machine: {platform.platform()} · {cpu} · {os.cpu_count()} CPUs · "
        f"Python {sys.version.split()[0]} ({platform.python_implementation()})"
    )
