"""What a map is told: the roles a state may take, their colours and words, and the data the
map core (``static/map/core.js``) draws. Pure (no Streamlit), so both hosts of the one map build
the same data: the Streamlit component (:func:`ui.maps.us_map`) and the notebook widget
(:class:`widgets.map.GeoMap`). Each host adds only how it keeps the picks in step with the
browser (``selected``, ``rev``) and the map's ``id``.

A role is never told by colour alone: it is named in the hover label, in the state's
accessible name and in the legend under the map. An ``anonymous`` role also hides which state
takes it: the map calls such a state by the role's label, never by its name or postal code (the
highlighted state whose name is the answer).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal


@dataclass(frozen=True)
class Role:
    """How a state is painted on a map, and the words that name it."""

    color: str
    label: str
    line: str | None = None  #: an outline colour, where the fill alone is not enough
    anonymous: bool = False  #: the map names its states by ``label`` only (an answer not yet given)


# Okabe–Ito colours: distinguishable with every common form of colour blindness.
ROLES: dict[str, Role] = {
    "neutral": Role("#dcdcdc", ""),
    "muted": Role("#f2f2f2", ""),
    "target": Role("#CC79A7", "asked about", "#1f2933"),
    "secret": Role("#CC79A7", "the highlighted state", "#1f2933", anonymous=True),
    "selected": Role("#0072B2", "your pick"),
    "neighbor": Role("#56B4E9", "border state"),
    "corner": Role("#E69F00", "Four Corners neighbour"),
    "correct": Role("#009E73", "right"),
    "missed": Role("#F0E442", "missed", "#7a6400"),
    "wrong": Role("#D55E00", "wrong"),
    "mine": Role("#0072B2", "in your hand"),
    "theirs": Role("#D55E00", "opponent's"),
    "Eastern": Role("#0072B2", "Eastern zone"),
    "Central": Role("#009E73", "Central zone"),
    "Mountain": Role("#E69F00", "Mountain zone"),
    "Pacific": Role("#CC79A7", "Pacific zone"),
    "Alaska": Role("#56B4E9", "Alaska zone"),
    "Hawaii": Role("#D55E00", "Hawaii zone"),
}

Pick = Literal["none", "one", "many", "order"]
PICKS: tuple[str, ...] = ("none", "one", "many", "order")


def styles(roles: Iterable[str], words: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """The fill, words and outline of every role used (``neutral`` and ``muted`` always);
    ``words`` rename roles. An unknown role raises ``KeyError``."""
    out = {}
    for role in {"neutral", "muted", *roles}:
        r = ROLES[role]
        style = {"fill": r.color, "label": words.get(role, r.label)}
        if r.line:
            style["line"] = r.line
        if r.anonymous:
            style["anonymous"] = True
        out[role] = style
    return out


@dataclass(frozen=True)
class MapOptions:
    """What a map shows besides its roles: every option of :func:`map_data` (and so of both
    hosts, :func:`ui.maps.us_map` and :class:`widgets.map.GeoMap`), declared once.

    ``words`` renames roles in the legend and hover labels (e.g. ``{"mine": "your card"}``),
    ``notes`` adds a line per state to its hover label. ``pick`` says what a click does
    (``none``, ``one``, ``many``, ``order``) and ``choices`` which states may be picked;
    ``refuse`` answers a click on a state with a sentence instead of picking it; ``pick_role``
    paints the picks. ``codes`` writes postal codes on the states; ``labels`` writes other
    short texts (``badges`` puts them in a circle, ``symbols`` may mark a state with a
    ``"star"``); ``links`` and ``dashed`` draw lines between states. ``height`` is the most the
    map may take (it keeps its proportions on narrow screens, and is never shorter than the
    column of small-state boxes, 224–240 px); ``zoom``, ``height`` and ``label`` make the
    page's view: when one of them changes (a new question), the view the user chose gives way
    to it. ``hint`` is a line above the map in which ``{Click}``/``{click}`` read "Tap" on a
    touch screen; ``legend`` and ``tools`` show the legend and the zoom buttons.
    """

    notes: Mapping[str, str] | None = None
    pick: Pick = "none"
    choices: Iterable[str] | None = None
    refuse: Mapping[str, str] | None = None
    pick_role: str = "selected"
    words: Mapping[str, str] | None = None
    zoom: Iterable[str] | None = None
    codes: bool = False
    labels: Mapping[str, str] | None = None
    badges: bool = False
    symbols: Mapping[str, str] | None = None
    links: Iterable[tuple[str, str]] = ()
    dashed: Iterable[tuple[str, str]] = ()
    height: int = 440
    label: str = "Map of the United States"
    hint: str | None = None
    legend: bool = True
    tools: bool = True


def map_data(roles: Mapping[str, str] | None = None, **options: Any) -> dict[str, Any]:
    """The data the map core draws: ``roles`` paints states (default ``neutral``; an unknown
    role raises ``KeyError``) and ``options`` are :class:`MapOptions` (an unknown one raises
    ``TypeError``), without the host's picks (``selected``, ``rev``) and ``id``. JSON-ready:
    lists, dicts, strings, numbers."""
    o = MapOptions(**options)
    if o.pick not in PICKS:
        raise ValueError(f"pick must be one of {', '.join(PICKS)}, not {o.pick!r}")
    roles = dict(roles or {})
    return {
        "roles": {c: r for c, r in roles.items() if r != "neutral"},
        "styles": styles([*roles.values(), o.pick_role], dict(o.words or {})),
        "notes": dict(o.notes or {}),
        "pick": o.pick,
        "choices": None if o.choices is None else sorted(o.choices),
        "refuse": dict(o.refuse or {}),
        "pick_role": o.pick_role,
        "zoom": None if o.zoom is None else sorted(o.zoom),
        "codes": o.codes,
        "labels": dict(o.labels or {}),
        "badges": o.badges,
        "symbols": dict(o.symbols or {}),
        "links": [list(p) for p in o.links],
        "dashed": [list(p) for p in o.dashed],
        "height": o.height,
        "label": o.label,
        "hint": o.hint,
        "legend": o.legend,
        "tools": o.tools,
    }
