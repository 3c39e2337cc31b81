"""Free loopback ports to listen on, below the kernel's ephemeral range.

A port the kernel hands out for ``bind(0)`` comes from the ephemeral range, the same range it
draws the source port of every outgoing connection from: between choosing such a port and a
server binding it, any connection made meanwhile (a database client, a browser) may take it as
its own, and the server's bind fails with "Address already in use". Ports below the range are
never handed out that way; one of them is tried and kept only if it binds.

    python deploy/ports.py N    # N distinct free ports, on one line
"""

from __future__ import annotations

import random
import socket
import sys
from pathlib import Path

RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")
LOWEST = 10_000  #: below this are the ports services are known to use


def free_ports(count: int) -> list[int]:
    """``count`` distinct ports that 127.0.0.1 can listen on now, below the ephemeral range
    (where the system says none: whatever ``bind(0)`` gives)."""
    try:
        top = int(RANGE.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        top = LOWEST
    draw = random.SystemRandom()
    ports: list[int] = []
    while len(ports) < count:
        port = draw.randrange(LOWEST, top) if top > LOWEST else 0
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            if (port := s.getsockname()[1]) not in ports:
                ports.append(port)
    return ports


if __name__ == "__main__":
    print(" ".join(map(str, free_ports(int(sys.argv[1])))))
