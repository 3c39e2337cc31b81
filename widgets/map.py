"""The map of the 50 states as a notebook widget: :class:`GeoMap`, the app's map in Jupyter.

It is the same map as the Streamlit app's (:func:`ui.maps.us_map`): the browser runs the map
core ``static/map/core.js`` through a thin anywidget adapter (``widgets/map.js``), and the data
it draws is :func:`ui.map_data.map_data`'s, so roles, words, picks, zoom, the small-state
callouts and the keyboard are the app's. plotly.js is the app's vendored bundle: the first map
of a page asks the kernel for the core, plotly.js and the outlines, and the kernel sends the
files of ``static/map/`` (nothing is fetched from a network).

``picks`` is the traitlet of the picks: a click in the notebook sets it (observe it with
``GeoMap.observe(callback, "picks")``), and setting it changes what the map shows.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ui.map_assets import PLOTLY_JS, STATES_JSON, STATIC, version
from ui.map_data import Pick, map_data

HERE = Path(__file__).resolve().parent
ASSETS = "geomap-assets"  #: the custom message that asks for (and carries) the browser's files


@cache
def asset_buffers() -> tuple[bytes, bytes, bytes]:
    """The map core, plotly.js and the outlines, as the browser gets them (read once)."""
    return (
        (STATIC / "core.js").read_bytes(),
        (STATIC / PLOTLY_JS).read_bytes(),
        STATES_JSON.read_bytes(),
    )


class GeoMap(anywidget.AnyWidget):
    """The map of the 50 states (see :func:`ui.maps.us_map` for every option).

    ``GeoMap(roles, pick="many", choices=…, zoom=…)`` draws it; :meth:`draw` changes what it
    shows (the same options), ``picks`` holds the states picked (USPS codes, in the order
    picked). Only ``choices`` can be picked (all states when ``None``); ``pick`` is ``"none"``,
    ``"one"``, ``"many"`` or ``"order"``.
    """

    _esm = HERE / "map.js"
    _css = STATIC / "geomap.css"
    data = traitlets.Dict().tag(sync=True)
    picks = traitlets.List(traitlets.Unicode()).tag(sync=True)
    _version = traitlets.Unicode().tag(sync=True)
    _map_id = traitlets.Unicode().tag(sync=True)

    def __init__(
        self,
        roles: Mapping[str, str] | None = None,
        *,
        picks: Iterable[str] = (),
        **options: Any,
    ) -> None:
        super().__init__(
            data=map_data(roles, **options),
            picks=list(picks),
            _version=version(),
            _map_id=f"nb-{secrets.token_hex(6)}",
        )
        self.on_msg(self._on_message)

    def draw(
        self,
        roles: Mapping[str, str] | None = None,
        *,
        pick: Pick = "none",
        picks: Iterable[str] | None = None,
        **options: Any,
    ) -> None:
        """Show ``roles`` with these options instead of what the map shows; ``picks`` (when
        given) replaces the picks, in the same message, so the map never shows the old picks
        on the new question."""
        with self.hold_sync():
            if picks is not None:
                self.picks = list(picks)
            self.data = map_data(roles, pick=pick, **options)

    def __repr__(self) -> str:
        data = self.data
        return f"GeoMap({data.get('label')!r}, pick={data.get('pick')!r}, picks={self.picks})"

    def _on_message(self, _widget: object, content: Any, _buffers: list) -> None:
        if isinstance(content, dict) and content.get("kind") == ASSETS:
            self.send({"kind": ASSETS}, buffers=list(asset_buffers()))
