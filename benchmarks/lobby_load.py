"""Phones waiting in a live game's lobby: what they cost the servers while nothing happens.

    PYTHONPATH=. python benchmarks/lobby_load.py [--students 100] [--wait 30] [--servers 2]
        [--pg postgresql+psycopg://postgres@127.0.0.1:5432/test]

The servers, the database, the cookies and the phones are ``live_load.py``'s: ``--servers``
app servers behind nginx (``deploy/run-local.sh``) on a fresh PostgreSQL database, a live
game made by this process, and ``--students`` protocol-level phones that open its student
link, join, and then follow the page as a browser does (``tables_load.py``'s ``SeatTab``: the
pulse's stream read through nginx, a look when it says a change came). Once every phone is in
and a few seconds have passed, the servers' CPU (utime + stime, from /proc) is taken over
``--wait`` seconds in which nobody joins, answers or presses anything. Two phases on fresh
servers: **stream**, as the app runs; **polling**, the same phones with the stream refused
(what a page does without it: a look every second, as every page did before the stream).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._machine import machine  # noqa: E402
from benchmarks.live_load import (  # noqa: E402
    LIVE_APP,
    PG_BASE,
    FollowTab,
    cookies_by_server,
    new_live_game,
)
from benchmarks.load import behind_nginx, class_database, cpu_seconds  # noqa: E402


async def waiting_phone(
    i: int, flavour, base: str, cookie: str, stream: bool, looks: list,
    joined: asyncio.Event, count: list, stop: asyncio.Event,
) -> None:  # fmt: skip
    tab = FollowTab(base, flavour.phone_page, 60.0, cookie)
    if not stream:
        tab._listen = lambda url: None  # the stream refused: the pulse polls
    try:
        await tab.open()
        await flavour.join(tab, f"Student {i + 1}")
        count[0] += 1
        if count[0] == len(looks):
            joined.set()
        while not stop.is_set():
            due = tab.next_look()
            if due is not None and time.monotonic() >= due:
                await tab.fragment_rerun()
                looks[i] += 1
            else:
                await tab.until_look(time.monotonic() + 0.2)
    finally:
        await tab.close()


async def lobby(flavour, target, cookies, args, stream: bool) -> dict:
    n = args.students
    looks = [0] * n
    joined, stop = asyncio.Event(), asyncio.Event()
    count = [0]
    servers = sorted(cookies)
    tasks = [
        asyncio.create_task(
            waiting_phone(
                i,
                flavour,
                target.url,
                cookies[servers[i % len(servers)]][i // len(servers)],
                stream,
                looks,
                joined,
                count,
                stop,
            )
        )  # fmt: skip
        for i in range(n)
    ]
    await asyncio.wait_for(joined.wait(), 300)
    await asyncio.sleep(args.settle)
    before, looked, start = cpu_seconds(target.servers), sum(looks), time.monotonic()
    await asyncio.sleep(args.wait)
    cpu, seconds = cpu_seconds(target.servers) - before, time.monotonic() - start
    looked = sum(looks) - looked
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {"cpu": cpu / seconds, "looks": looked / seconds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=100)
    parser.add_argument("--wait", type=float, default=30.0, help="seconds measured")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds before measuring")
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--pg", default=PG_BASE)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(machine())
    rng = random.Random(args.seed)
    with class_database(args.pg) as database_url:
        for stream in (True, False):
            with behind_nginx(LIVE_APP, args.servers, database_url) as target:
                per_server = -(-args.students // args.servers) + 1
                cookies = cookies_by_server(target, per_server, args.seed)
                flavour = new_live_game(database_url, 1, rng)
                row = asyncio.run(lobby(flavour, target, cookies, args, stream))
            name = "stream" if stream else "polling (stream refused)"
            print(f"{name}: {args.students} phones waiting in the lobby on {args.servers} servers:"
                  f" server CPU {100 * row['cpu']:.1f}% of one core (all servers),"
                  f" {row['looks']:.1f} looks per second")  # fmt: skip
    print(machine())


if __name__ == "__main__":
    main()
