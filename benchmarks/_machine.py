"""The machine a benchmark ran on, printed above its figures."""

from __future__ import annotations

import os
import platform
import sys


def machine() -> str:
    """Platform, processor, CPU count, Python version and the load average, in one line.

    The load average tells whether other work shared the CPUs (timings suffer when it is above
    the number of CPUs).
    """
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            names = [ln.split(":", 1)[1].strip() for ln in info if ln.startswith("model name")]
        cpu = names[0] if names else cpu
    except OSError:
        pass
    load = ""
    if hasattr(os, "getloadavg"):
        load = " · load average " + " ".join(f"{x:.1f}" for x in os.getloadavg())
    return (
        f"machine: {platform.platform()} · {cpu} · {os.cpu_count()} CPUs · "
        f"Python {sys.version.split()[0]} ({platform.python_implementation()}){load}"
    )
