"""AppTest helpers for the map component (``ui.maps.us_map``).

Under AppTest nothing runs in a browser, so a test plays the browser's part: it reads what
the page sent to the map (:func:`map_data`) and reports a selection the way the component
does (:func:`report`). :func:`click` applies one click with the component's rules
(``static/map/geomap.js``, ``activate``): only choices can be picked; ``one`` keeps the
latest click and a second click on it clears it; ``many`` and ``order`` add a state or remove
it again, in click order. A click the component would refuse reports nothing and returns
``False``.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable

_reports = itertools.count(1)


def map_data(app, key: str) -> dict:
    """The data the page last sent to the map ``key``."""
    for element in app.get("bidi_component"):
        if element.proto.id.endswith(f"-{key}"):
            return json.loads(element.proto.json)
    raise KeyError(f"no map {key!r} on the page")


def report(app, key: str, picks: Iterable[str]) -> None:
    """Report ``picks`` from the map ``key`` as the browser does, then run the app."""
    app.session_state[key] = {"selection": {"picks": list(picks), "at": f"t.{next(_reports)}"}}
    app.run()
    assert not app.exception, app.exception


def click(app, key: str, usps: str) -> bool:
    """One click on ``usps`` in the map ``key``; False when the map refuses it."""
    data = map_data(app, key)
    if data["pick"] == "none" or (data["choices"] is not None and usps not in data["choices"]):
        return False
    shown = list(data["selected"])
    if data["pick"] == "one":
        picks = [] if shown == [usps] else [usps]
    else:
        picks = [c for c in shown if c != usps] if usps in shown else [*shown, usps]
    report(app, key, picks)
    return True
