"""Deployment-test helpers: several app servers behind nginx, started by ``deploy/run-local.sh``.

A :class:`Cluster` is the deployment of the README's "Deploy for a school": it knows each
server's port and process, reads nginx's access log to tell which server answered a request,
finds stickiness cookies that send a browser to the server a test chooses, and kills a server
the way a crash does. Used by ``tests/test_deploy.py``; the classroom scenarios (a teacher on
one server and the students on the other, a shared game table played from both servers, a
live game's board and phones on both, a server killed mid-quiz) are written with it.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RUN_LOCAL = ROOT / "deploy" / "run-local.sh"
STICKY_COOKIE = "geoplunge_server"
#: the fields of the access log's ``geoplunge`` format (deploy/nginx/geoplunge.conf.template)
LOG_LINE = re.compile(
    r'"(?P<method>\S+) (?P<path>\S+) [^"]*" (?P<status>\d+) \d+ '
    r"upstream=(?P<upstream>.*?) sticky=(?P<sticky>\S+) rt="
)


def nginx_path() -> str | None:
    """Debian's nginx (``apt-get install -y nginx``), if installed."""
    return shutil.which("nginx") or (
        "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None
    )


def require_nginx() -> None:
    """Skip without nginx, except under ``CI=true``, where a missing nginx is a failure."""
    if nginx_path():
        return
    if os.environ.get("CI") == "true":
        pytest.fail("nginx is missing on CI (apt-get install -y nginx)")
    pytest.skip("nginx is not installed (apt-get install -y nginx)")


@dataclass(frozen=True)
class Request:
    """One line of nginx's access log."""

    method: str
    path: str
    status: int
    upstreams: tuple[int, ...]  #: the ports nginx tried, the one that answered last
    sticky: str

    @property
    def server_port(self) -> int | None:
        return self.upstreams[-1] if self.upstreams else None


class Cluster:
    """A running ``deploy/run-local.sh`` deployment (use :func:`cluster`)."""

    def __init__(self, run_dir: Path) -> None:
        self.run_dir = run_dir
        self.url = (run_dir / "url").read_text().strip()
        self.ports: dict[int, int] = {}
        for line in (run_dir / "ports").read_text().split("\n"):
            if line.strip():
                index, port = line.split()
                self.ports[int(index)] = int(port)

    def pid(self, index: int) -> int:
        return int((self.run_dir / "servers" / f"{index}.pid").read_text())

    def index_of(self, port: int | None) -> int | None:
        """The server (1, 2, …) listening on ``port``."""
        return next((i for i, p in self.ports.items() if p == port), None)

    def healthy(self, index: int) -> bool:
        """Whether server ``index`` answers its own ``/_stcore/health`` (not through nginx)."""
        try:
            url = f"http://127.0.0.1:{self.ports[index]}/_stcore/health"
            with urllib.request.urlopen(url, timeout=3) as response:
                return response.status == 200
        except OSError:
            return False

    def status(self) -> subprocess.CompletedProcess:
        """``deploy/run-local.sh status`` for this deployment."""
        command = [str(RUN_LOCAL), "status", "--run-dir", str(self.run_dir)]
        return subprocess.run(command, capture_output=True, text=True, timeout=60)

    def requests(self) -> list[Request]:
        """Every request nginx has logged so far."""
        log = self.run_dir / "logs" / "nginx-access.log"
        found = []
        for match in LOG_LINE.finditer(log.read_text() if log.exists() else ""):
            upstreams = tuple(
                int(port)
                for port in re.findall(r":(\d+)", match["upstream"])
                if match["upstream"] != "-"
            )
            found.append(
                Request(
                    match["method"], match["path"], int(match["status"]), upstreams, match["sticky"]
                )
            )
        return found

    def get(
        self, path: str, cookie: str | None = None, headers: dict[str, str] | None = None
    ) -> int:
        """``GET path`` through nginx (with a stickiness cookie and extra headers); the port of
        the server that answered, read from the access log.

        The log holds paths without their query, so the request is told apart by its cookie:
        without one, a fresh random value (which nginx hashes as it would its own)."""
        cookie = cookie or f"probe-{uuid.uuid4().hex}"
        before = len(self.requests())
        request = urllib.request.Request(f"{self.url}{path}", headers=headers or {})
        request.add_header("Cookie", f"{STICKY_COOKIE}={cookie}")
        with urllib.request.urlopen(request, timeout=30):
            pass
        bare = path.split("?")[0]
        for _ in range(50):
            for r in self.requests()[before:]:
                if r.sticky == cookie and r.path.split("?")[0] == bare and r.server_port:
                    return r.server_port
            time.sleep(0.1)
        raise AssertionError(f"nginx did not log the request {path}")

    def cookie_for(self, index: int, name: str = "test") -> str:
        """A stickiness cookie value that nginx sends to server ``index``: put it in a browser
        context (``context.add_cookies``) to open the app on that server. Values differ by
        ``name``, so that two browsers on one server are told apart in the log."""
        for n in range(200):
            value = f"{name}-{index}-{n}"
            if self.get("/_stcore/health", value) == self.ports[index]:
                return value
        raise AssertionError(f"no cookie value found that nginx sends to server {index}")

    def streams(self, sticky: str) -> list[Request]:
        """The WebSocket connections (``/_stcore/stream``) of the browser with this cookie."""
        return [
            r
            for r in self.requests()
            if r.sticky == sticky and r.path.startswith("/_stcore/stream")
        ]

    def kill(self, index: int) -> None:
        """Kill server ``index`` at once (SIGKILL, as a crash or a pulled plug would)."""
        pid = self.pid(index)
        os.kill(pid, signal.SIGKILL)
        for _ in range(100):
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.05)


@contextmanager
def cluster(servers: int = 2, database_url: str | None = None) -> Iterator[Cluster]:
    """``deploy/run-local.sh start`` with ``servers`` app servers on a free port, in a fresh run
    directory; stopped (``deploy/run-local.sh stop``) and removed afterwards. The servers share
    ``database_url``, else a SQLite file of the run directory (never the checkout's)."""
    require_nginx()
    run_dir = Path(tempfile.mkdtemp(prefix="geoplunge-deploy-test-"))
    env = {k: v for k, v in os.environ.items() if k != "GEOPLUNGE_DATABASE_URL"}
    env["GEOPLUNGE_PYTHON"] = sys.executable  # the servers run the tests' own interpreter
    command = [str(RUN_LOCAL), "start", "--servers", str(servers), "--port", "0"]
    command += ["--run-dir", str(run_dir)]
    command += ["--database-url", database_url or f"sqlite:///{run_dir / 'geoplunge.sqlite3'}"]
    try:
        started = subprocess.run(command, env=env, capture_output=True, text=True, timeout=240)
        if started.returncode != 0:
            logs = "\n".join(
                f"--- {p.name}\n{p.read_text()[-2000:]}"
                for p in sorted((run_dir / "logs").glob("*"))
            )
            raise AssertionError(f"run-local.sh start failed:\n{started.stderr}\n{logs}")
        yield Cluster(run_dir)
    finally:
        subprocess.run(
            [str(RUN_LOCAL), "stop", "--run-dir", str(run_dir)], capture_output=True, timeout=120
        )
        shutil.rmtree(run_dir, ignore_errors=True)


@contextmanager
def fresh_database(admin_url: str) -> Iterator[str]:
    """A new, empty PostgreSQL database on the server of ``admin_url`` (with ``psql``), dropped
    afterwards; yields its URL. For the classroom scenarios on two servers."""
    if not shutil.which("psql"):
        pytest.skip("psql is not installed (apt-get install -y postgresql-client)")
    name = f"geoplunge_deploy_{uuid.uuid4().hex[:12]}"
    base, _, _ = admin_url.rpartition("/")
    plain = re.sub(r"^postgresql\+\w+://", "postgresql://", admin_url)
    subprocess.run(
        ["psql", plain, "-qc", f"CREATE DATABASE {name}"], check=True, capture_output=True
    )
    try:
        yield f"{base}/{name}"
    finally:
        subprocess.run(
            ["psql", plain, "-qc", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"],
            capture_output=True,
        )
