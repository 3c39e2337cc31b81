"""What a map is told: the roles a state may take, their colours and words, and the data the
map core (``static/map/core.js``) draws. Pure (no Streamlit), so both hosts of the one map build
the same data: the Streamlit component (:func:`ui.maps.us_map`) and the notebook widget
(:class:`widgets.map.GeoMap`). Each host adds only how it keeps the picks in step with the
browser (``selected``, ``rev``) and the map's ``id``.

A role is never told by colour alone: it is named in the hover label, in the state's
accessible name and in the legend under the map. An ``anonymous`` role also hides which state
takes it: the map calls such a state by the role's label, never by its name or postal code (the
highlighted state whose name is the answer).

Every word the map shows is sent in the reader's language: the roles' labels, the states' names
(``names``, :func:`ui.state_names.state_name`: the hover labels, the legend, the keyboard's
type-ahead) and the map's own words (``text``, :func:`map_words`: its buttons, what it
announces). The map core keeps English words only as a fallback for data without them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from engine.cards import deck
from messages import N_, _, ngettext, number, ordinal, pgettext
from ui.state_names import state_name


@dataclass(frozen=True)
class Role:
    """How a state is painted on a map, and the words that name it."""

    color: str
    label: str  #: in English, marked for the catalogue (translated where it is shown)
    line: str | None = None  #: an outline colour, where the fill alone is not enough
    anonymous: bool = False  #: the map names its states by ``label`` only (an answer not yet given)


# Okabe–Ito colours: distinguishable with every common form of colour blindness.
ROLES: dict[str, Role] = {
    "neutral": Role("#dcdcdc", ""),
    "muted": Role("#f2f2f2", ""),
    "target": Role("#CC79A7", N_("asked about"), "#1f2933"),
    "secret": Role("#CC79A7", N_("the highlighted state"), "#1f2933", anonymous=True),
    "selected": Role("#0072B2", N_("your pick")),
    "neighbor": Role("#56B4E9", N_("border state")),
    "corner": Role("#E69F00", N_("Four Corners neighbour")),
    "correct": Role("#009E73", N_("right")),
    "missed": Role("#F0E442", N_("missed"), "#7a6400"),
    "wrong": Role("#D55E00", N_("wrong")),
    "mine": Role("#0072B2", N_("in your hand")),
    "theirs": Role("#D55E00", N_("opponent's")),
    "Eastern": Role("#0072B2", N_("Eastern zone")),
    "Central": Role("#009E73", N_("Central zone")),
    "Mountain": Role("#E69F00", N_("Mountain zone")),
    "Pacific": Role("#CC79A7", N_("Pacific zone")),
    "Alaska": Role("#56B4E9", N_("Alaska zone")),
    "Hawaii": Role("#D55E00", N_("Hawaii zone")),
}

Pick = Literal["none", "one", "many", "order"]
PICKS: tuple[str, ...] = ("none", "one", "many", "order")


def styles(roles: Iterable[str], words: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """The fill, words and outline of every role used (``neutral`` and ``muted`` always);
    ``words`` rename roles (in the reader's language already; a role's own label is translated
    here). An unknown role raises ``KeyError``."""
    out = {}
    for role in {"neutral", "muted", *roles}:
        r = ROLES[role]
        label = words[role] if role in words else _(r.label) if r.label else ""
        style = {"fill": r.color, "label": label}
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
    label: str = N_("Map of the United States")  #: translated when sent, if left as it is
    hint: str | None = None
    legend: bool = True
    tools: bool = True


def map_words(pick: Pick = "none") -> dict[str, Any]:
    """The map's own words in the reader's language, for the map core (``static/map/core.js``):
    its buttons, its fallbacks, what it announces; ``click`` is how a hint's ``{Click}`` and
    ``{click}`` read with a mouse and on a touch screen. A map whose picks are counted gets
    each count's sentence (``counts[n]``, in the language's plural for ``n``), one whose picks
    are ordered the ordinals too (``yours[n]``: "your 2nd")."""
    text: dict[str, Any] = {
        "click": {
            "Click": pgettext("a map's hint, starting a sentence", "Click"),
            "click": pgettext("a map's hint, inside a sentence", "click"),
            "Tap": pgettext("a map's hint on a touch screen, starting a sentence", "Tap"),
            "tap": pgettext("a map's hint on a touch screen, inside a sentence", "tap"),
        },
        "zoom_in": _("Zoom in"),
        "zoom_out": _("Zoom out"),
        "northeast": _("Zoom to the Northeast"),
        "whole": _("Show the whole map"),
        "failed": _("The map could not be drawn ({error}). Use the lists below it."),
        "loading": _("Loading the map…"),
        "more": _("{names} and {n} more"),
        "a_state": _("a state"),
        "this_state": _("This state"),
        "not_a_choice": _("{name} is not one of the choices here."),
        "picked": _("{name} picked."),
        "removed": _("{name} removed."),
    }
    every = range(len(deck()) + 1)
    if pick in ("many", "order"):
        text["counts"] = [
            ngettext("{n} picked.", "{n} picked.", n).format(n=number(n)) for n in every
        ]
    if pick == "order":
        text["yours"] = ["", *(_("your {ordinal}").format(ordinal=ordinal(n)) for n in every[1:])]
    return text


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
        "label": _(o.label) if o.label == MapOptions.label else o.label,
        "hint": o.hint,
        "legend": o.legend,
        "tools": o.tools,
        "names": {card.usps: state_name(card.usps) for card in deck()},
        "text": map_words(o.pick),
    }
