"""The drills' sentences in words: every :class:`engine.words.Sentence` the quiz engine says
(a prompt, an explanation, a remark, the verdict on an answer, the reading of a typed name, a
note on a link's settings), in the reader's language. Pure (no Streamlit): the drill pages,
the class quiz, the live phone and board, the notebook's quiz widget and the worksheets word a
question with it.

:data:`SENTENCES` maps each code to its sentence, marked for the catalogue with
:func:`messages.N_` and translated when it is said (:func:`say`), or to a function of the
sentence's raw values where its form depends on a count or its values are worded in a way of
their own. A value is worded by its name's last word (``state``, ``best_state``): ``state`` a
state's name and ``states`` several, as a list in the order of their names (``ui.state_names``);
``capital`` the capital of that state (capitals stay as written) and ``capitals`` several as
"Denver (Colorado)"; ``zone`` and ``zones`` a time zone's name (``ui.games.wording``);
``region`` a Census region's; ``name`` an official name (a state's in the reader's language)
and ``names`` several as "A, B or C"; ``items`` what a reader typed, as a list; ``values`` and
``used`` a link's words, as they are typed; ``pool``, ``answer`` and ``needs`` a sentence of
their own; another ``int`` a number; anything else as given.

The functions a page calls: :func:`prompt_of`, :func:`explanation_of`, :func:`answer_of` and
:func:`label` for a question, :func:`message_of` and :func:`given_of` for a verdict,
:func:`notes_of` for a link's notes, :func:`pool_of` for a selection. Importing this module
installs :func:`say` as the engine's wording (``engine.words.install``), so the engine's
compatibility properties (``Question.prompt``, ``Result.message`` …) say the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache

from engine.cards import by_usps, deck
from engine.quiz.facts import facts
from engine.quiz.items import Item
from engine.quiz.modes import GROUP_INTROS, GROUP_TITLES, MODE_TITLES
from engine.quiz.question import Naming, Question, Result, ValueKind
from engine.quiz.settings import QuizSettings
from engine.words import Sentence, install
from messages import N_, _, join, long_date, ngettext, number, ordinal, percent, pgettext
from ui.games.wording import zone_name
from ui.state_names import by_name, state_name, state_names
from ui.value_words import Kinds, worded

Wording = str | Callable[..., str]  #: a marked sentence, or a function of the raw values


# --- values ------------------------------------------------------------------------------------


def region_name(region: str) -> str:
    """A Census region's name ("West")."""
    return {
        "Northeast": pgettext("Census region", "Northeast"),
        "Midwest": pgettext("Census region", "Midwest"),
        "South": pgettext("Census region", "South"),
        "West": pgettext("Census region", "West"),
    }[region]


@cache
def _usps_of_name() -> dict[str, str]:
    return {c.name: c.usps for c in deck()}


def official_name(name: str) -> str:
    """An official name as the deck spells it, in the reader's language: a state's is
    translated ("Nueva York"); a capital, a city or a territory stays as written."""
    usps = _usps_of_name().get(name)
    return state_name(usps) if usps else name


def capital_name(usps: str) -> str:
    """The capital of the state ``usps`` ("Denver"), as written."""
    return by_usps()[usps].capital


def capitals_list(codes: Iterable[str]) -> str:
    """The capitals of ``codes`` as "Denver (Colorado), Salem (Oregon) and …", in the order
    of the states' names."""
    return join(
        _("{capital} ({state})").format(capital=capital_name(c), state=state_name(c))
        for c in by_name(codes)
    )


def numbered(codes: Sequence[str]) -> str:
    """States in the order given, numbered: "1. Alaska, 2. Texas"."""
    return ", ".join(
        _("{number}. {state}").format(number=number(i), state=state_name(c))
        for i, c in enumerate(codes, 1)
    )


#: how the drills' sentences word a value, by its kind
KINDS: Kinds = {
    "state": state_name,
    "states": state_names,
    "capital": capital_name,
    "capitals": capitals_list,
    "zone": zone_name,
    "zones": lambda zones: join(zone_name(z) for z in zones),
    "region": region_name,
    "name": official_name,
    "names": lambda names: join((official_name(n) for n in names), "or"),
    "items": join,
    "values": ", ".join,
    "used": ", ".join,
}


def _value(name: str, value: object) -> object:
    if value is None:
        return ""
    if isinstance(value, Sentence):
        return say(value)
    return worded(name, value, KINDS)


# --- sentences whose form depends on a count, or that word their values themselves -----------


def _borders(state: str, count: int, states: Sequence[str], corner_state: str | None) -> str:
    """ "Colorado borders 7 states: Arizona (corner to corner, at the Four Corners), …"."""
    names = [
        _("{state} (corner to corner, at the Four Corners)").format(state=state_name(c))
        if c == corner_state
        else state_name(c)
        for c in by_name(states)
    ]
    return ngettext(
        "{state} borders {count} state: {states}.", "{state} borders {count} states: {states}.",
        count,
    ).format(state=state_name(state), count=number(count), states=join(names))  # fmt: skip


def _ask_exact(count: int, states: Sequence[str]) -> str:
    return ngettext(
        "Which state borders exactly this {count} state, and no other: {states}?",
        "Which state borders exactly these {count} states, and no other: {states}?",
        count,
    ).format(count=number(count), states=state_names(states))


_SHARED: dict[tuple[int, int], str] = {
    (0, 2): N_("Two of these states have capitals that begin with the same letter: {states}. "
               "Which two?"),
    (0, 3): N_("Three of these states have capitals that begin with the same letter: {states}. "
               "Which three?"),
    (1, 2): N_("Which two of these states have capitals with the same first letter: {states}?"),
    (1, 3): N_("Which three of these states have capitals with the same first letter: {states}?"),
    (2, 2): N_("Find the two states whose capitals share a first letter: {states}."),
    (2, 3): N_("Find the three states whose capitals share a first letter: {states}."),
    (3, 2): N_("Among {states}, the capitals of two states begin alike. Which two?"),
    (3, 3): N_("Among {states}, the capitals of three states begin alike. Which three?"),
}  # fmt: skip
"""The ways of asking ``shared`` (its ``variant``), for two or three states."""


def _ask_shared(variant: int, count: int, states: Sequence[str]) -> str:
    return _(_SHARED[variant, count]).format(states=state_names(states))


def figure(category: str, usps: str) -> str:
    """The figure behind a state's rank in ``category`` (``"size"``, ``"statehood"``,
    ``"population"``), with the rank: "268,596 sq mi (size rank 2)"."""
    rank = number(by_usps()[usps].rank(category))  # type: ignore[arg-type]
    if category == "size":
        return _("{area} sq mi (size rank {rank})").format(
            area=number(facts()[usps].area), rank=rank
        )
    if category == "statehood":
        return _("joined {date} (statehood rank {rank})").format(
            date=long_date(facts()[usps].admitted), rank=rank
        )
    return _("{people} people in 2020 (population rank {rank})").format(
        people=number(facts()[usps].population), rank=rank
    )


_COMPARED: dict[str, tuple[str, str]] = {
    "larger": (
        "size",
        N_("{best_state} is larger. {best_state}: {best_figure}; {worst_state}: {worst_figure}."),
    ),
    "earlier": (
        "statehood",
        N_("{best_state} joined the Union first. {best_state}: {best_figure}; {worst_state}: "
           "{worst_figure}."),
    ),
    "populous": (
        "population",
        N_("{best_state} had more people. {best_state}: {best_figure}; {worst_state}: "
           "{worst_figure}."),
    ),
}  # fmt: skip
"""The explanation of each comparison: its category and its sentence."""


def _compared(mode: str) -> Callable[..., str]:
    category, sentence = _COMPARED[mode]

    def explained(best_state: str, worst_state: str) -> str:
        return _(sentence).format(
            best_state=state_name(best_state), worst_state=state_name(worst_state),
            best_figure=figure(category, best_state), worst_figure=figure(category, worst_state),
        )  # fmt: skip

    return explained


def _ranks(usps: str) -> str:
    card = by_usps()[usps]
    return _(
        "{state}: {size} in size, {statehood} in statehood, {population} in population, so its "
        "worst rank is {worst}"
    ).format(
        state=state_name(usps), size=ordinal(card.size_rank),
        statehood=ordinal(card.statehood_rank), population=ordinal(card.population_rank),
        worst=ordinal(card.weakness),
    )  # fmt: skip


def _weaker_explained(weaker_state: str, stronger_state: str) -> str:
    return _(
        "A state's worst rank is the weakest of its three ranks (size, statehood, population; "
        "1st is the strongest, 50th the weakest). {weaker_ranks}; {stronger_ranks}. "
        "{weaker_state}'s worst rank is weaker (nearer 50th)."
    ).format(
        weaker_ranks=_ranks(weaker_state), stronger_ranks=_ranks(stronger_state),
        weaker_state=state_name(weaker_state),
    )  # fmt: skip


def _ask_order(category: str, count: int) -> str:
    if category == "size":
        text = ngettext(
            "Put this {count} state in order, largest first.",
            "Put these {count} states in order, largest first.",
            count,
        )
    elif category == "statehood":
        text = ngettext(
            "Put this {count} state in order, earliest to join the Union first.",
            "Put these {count} states in order, earliest to join the Union first.",
            count,
        )
    else:
        text = ngettext(
            "Put this {count} state in order, most populous first.",
            "Put these {count} states in order, most populous first.",
            count,
        )
    return text.format(count=number(count))


_ORDER_HEADS = {
    "size": N_("Largest first: {lines}."),
    "statehood": N_("Earliest to join the Union first: {lines}."),
    "population": N_("Most populous first: {lines}."),
}


def _order_explained(category: str, states: Sequence[str]) -> str:
    lines = "; ".join(
        _("{number}. {state}: {figure}").format(
            number=number(i), state=state_name(c), figure=figure(category, c)
        )
        for i, c in enumerate(states, 1)
    )
    return _(_ORDER_HEADS[category]).format(lines=lines)


def _counted(form: Callable[[int], str]) -> Callable[..., str]:
    """A sentence whose form follows ``count``: ``form(count)`` is its ``ngettext``; its other
    values are worded as in the table."""

    def worded(count: int, **values: object) -> str:
        words = {k: _value(k, v) for k, v in values.items()}
        return form(count).format(count=number(count), **words)

    return worded


def _named_of(count: int, total: int) -> str:
    return ngettext(
        "{count} of {total} state named ({share}).",
        "{count} of {total} states named ({share}).",
        total,
    ).format(count=number(count), total=number(total), share=percent(count / total))


def _read_as(name: str, text: str) -> str:
    """A name read through a listed variant; nothing when it is the reader's own name for it
    (a Spanish reader's "Nueva York")."""
    if official_name(name).casefold() == text.casefold():
        return ""
    return _("Read as {name}.").format(name=official_name(name))


def _capital_of_not(capital: str, other_state: str) -> str:
    return _("{capital} is the capital of {state}, not of {other_state}.").format(
        capital=capital_name(capital), state=state_name(capital),
        other_state=state_name(other_state),
    )  # fmt: skip


def _bad_mode(text: str, group: str | None, values: Sequence[str], used: Sequence[str]) -> str:
    modes = ", ".join(values)
    if group and used:
        sentence = _("mode={text} is not a mode of the {title} (modes: {modes}); used {used} "
                     "instead.")  # fmt: skip
    elif group:
        sentence = _("mode={text} is not a mode of the {title} (modes: {modes}); used all "
                     "{title_lower} modes instead.")  # fmt: skip
    elif used:
        sentence = _("mode={text} is not a mode of this page (modes: {modes}); used {used} "
                     "instead.")  # fmt: skip
    else:
        sentence = _("mode={text} is not a mode of this page (modes: {modes}); used mix (every "
                     "mode) instead.")  # fmt: skip
    title = _(GROUP_TITLES[group]) if group else ""
    return sentence.format(
        text=text, title=title, title_lower=title.lower(), modes=modes, used=", ".join(used)
    )


def _value_of(kind: str) -> Callable[..., str]:
    """A sentence that is one value (an answer, or what was given)."""
    return lambda **values: str(_value(kind, values[kind]))


# --- the table ---------------------------------------------------------------------------------

SENTENCES: dict[str, Wording] = {
    # typed names (engine.answers, engine.quiz.readers)
    "too_long": N_("That answer is too long: an answer has at most {limit} characters."),
    "list_too_long": N_(
        "That answer is too long: a list of states has at most {count} states and {limit} "
        "characters."
    ),
    "type_a_state": N_("Type the name of a state."),
    "type_a_capital": N_("Type the name of a state capital."),
    "not_a_state_district": N_("{name} is not a state: it is the national capital district."),
    "not_a_state_territory": N_("{name} is not a state: it is a US territory."),
    "capital_not_a_state": N_(
        "{name} is a state capital (of {state}), not a state. Type the name of a state."
    ),
    "capital_not_a_state_asked": N_(
        "{name} is a state capital, not a state. Type the name of a state."
    ),
    "city_not_a_capital": N_("{name} is not a state capital: it is a city in {states}."),
    "state_not_a_capital": N_(
        "{name} is a state, not a capital. Type the name of a state capital."
    ),
    "read_as": _read_as,
    "read_as_check": N_("Read as {name}: check the spelling."),
    "only_part": N_("“{text}” is only part of a name: did you mean {name}? Type the whole name."),
    "could_be": N_("“{text}” could be {names}: which one?"),
    "close_to": N_("“{text}” is close to {names}: which one?"),
    "unknown_state": N_("“{text}” is not a state name I know. Check the spelling."),
    "unknown_capital": N_("“{text}” is not a state capital name I know. Check the spelling."),
    "capital_of_not": _capital_of_not,
    "one_letter": N_("Answer with a single letter."),
    "whole_number": N_("Answer with a whole number."),
    "one_of_the_zones": lambda zones: _("Answer with one of the Zones: {zones}.").format(
        zones=join((zone_name(z) for z in zones), "or")
    ),
    # values: an answer, what was given
    "value_state": _value_of("state"),
    "value_capital": _value_of("capital"),
    "value_letter": _value_of("letter"),
    "value_number": _value_of("count"),
    "value_zone": _value_of("zone"),
    "value_text": lambda text: text,
    "answer_states": _value_of("states"),
    "given_states": _value_of("states"),
    "answer_order": lambda states: numbered(states),
    "given_order": lambda states: numbered(states),
    "given_named": _counted(lambda n: ngettext("{count} state named", "{count} states named", n)),
    # verdicts (engine.quiz.question)
    "right": N_("Right!"),
    "right_all": N_("Right! All {count}."),
    "right_of": N_("{count} of {total} right."),
    "missed_states": N_("Missed: {states}."),
    "wrong_states": N_("Wrong: {states}."),
    "not_recognised_as_states": N_("Not recognised as states: {items}."),
    "pick_a_state_first": N_("Pick at least one state first."),
    "name_a_state_first": N_("Name at least one state first."),
    "named_of": _named_of,
    "postal_code": N_("{text} is a postal code: type the state's name."),
    "not_a_state": N_("“{text}” is not a state."),
    "already_named": N_("You already named {state}."),
    "not_asked_here": N_("{state} is not asked here."),
    "not_in_pool": N_("{state} is not in {pool}."),
    "named_yes": N_("{state}: yes."),
    "put_all_in_order": lambda count, states: ngettext(
        "Put the {count} state in order: {states}.",
        "Put all {count} states in order: {states}.",
        count,
    ).format(count=number(count), states=join(state_name(c) for c in states)),
    "placed_of": N_("{count} of {total} in the right place."),
    "the_order_is": N_("The order is {answer}."),
    "no_the_answer_is": N_("No: the answer is {answer}."),
    "capital_is": N_("The capital of {state} is {capital}."),
    "capital_of_state": N_("{capital} is the capital of {state}."),
    # borders
    "borders": _borders,
    "borders_none": N_("{state} borders no other state."),
    "borders_none_ak": N_("Alaska borders no state: its only land neighbour is Canada."),
    "borders_none_hi": N_("Hawaii borders no state: it is a chain of islands in the Pacific."),
    "four_corners_counts": N_(
        "{partner_state} counts: it meets {state} at the Four Corners, corner to corner, and "
        "the Four Corners count as a border."
    ),
    "needs_a_neighbour": N_("a state with a neighbour"),
    "ask_neighbors": N_("Select every state that borders {state}."),
    "ask_exact_one": N_("Which state borders only one state, {state}?"),
    "ask_exact": _ask_exact,
    "borders_exactly": N_("{state} borders exactly {states}."),
    "meets_at_the_corners": N_(
        "It meets {partner_state} only at the Four Corners, corner to corner, which counts as "
        "a border."
    ),
    "ask_count": N_("How many states border {state}?"),
    # capitals
    "ask_letter_states": N_("Select every state whose capital begins with {letter}."),
    "ask_letter_states_in": N_("Select every state of {pool} whose capital begins with {letter}."),
    "capitals_beginning": N_("Capitals beginning with {letter}: {capitals}."),
    "capitals_beginning_in": N_("Capitals beginning with {letter} of {pool}: {capitals}."),
    "capitals_outside": N_("Outside {pool}: {capitals}."),
    "begins_but_outside": N_("{capital} begins with {letter}, but {state} is not in {pool}."),
    "ask_letter": N_("With which letter does the capital of {state} begin?"),
    "ask_capital": N_("Name the capital of {state}."),
    "ask_shared": _ask_shared,
    "needs_a_shared_letter": N_("a capital whose first letter another capital shares"),
    "capitals_begin_with": N_("The capitals of {states} begin with {letter}."),
    "the_capitals": N_("The capitals: {capitals}."),
    "ask_capital_of": N_("{capital} is the capital of …"),
    # ranks
    "ask_larger": N_("Which state is larger (total area, water included): {a_state} or {b_state}?"),
    "ask_earlier": N_("Which state joined the Union first: {a_state} or {b_state}?"),
    "ask_populous": N_("Which state had more people in the 2020 Census: {a_state} or {b_state}?"),
    "larger_explained": _compared("larger"),
    "earlier_explained": _compared("earlier"),
    "populous_explained": _compared("populous"),
    "ask_weaker": N_(
        "Whose worst rank is weaker (the higher number, nearer 50th): {a_state} or {b_state}?"
    ),
    "weaker_explained": _weaker_explained,
    "ask_order": _ask_order,
    "order_explained": _order_explained,
    # time zones
    "ask_zone": N_("Which time zone is {state}'s capital in?"),
    "capital_in_zone": N_("{state}'s capital, {capital}, is in the {zone} time zone."),
    "split_between_zones": N_(
        "{state} is split between the {zones} time zones; the question is about its capital."
    ),
    # locate
    "in_the_region": N_("{state} is in the {region} Census region."),
    "ask_locate": N_("Find {state} on the map."),
    "ask_identify": N_("Which state is highlighted on the map?"),
    "ask_from_capital": N_("Which state's capital is {capital}?"),
    "ask_all50": N_("Name all 50 states."),
    "ask_all_of_your_list": _counted(
        lambda n: ngettext(
            "Name the {count} state of your list.", "Name the {count} states of your list.", n
        )
    ),
    "ask_all_of": _counted(
        lambda n: ngettext(
            "Name the {count} state of {pool}.", "Name the {count} states of {pool}.", n
        )
    ),
    "the_states_are": _counted(
        lambda n: ngettext("{count} state: {states}.", "{count} states: {states}.", n)
    ),
    # the selection and a link's settings (engine.quiz.settings)
    "pool_all": N_("all 50 states"),
    "pool_list": _counted(lambda n: ngettext("your {count} state", "your {count} states", n)),
    "pool_region": N_("the {region} Census region"),
    "pool_zone": N_("the {zone} time zone"),
    "pool_region_zone": N_("the {region} Census region in the {zone} time zone"),
    "bad_seed": N_("seed={text} is not a whole number; used seed {seed} instead."),
    "bad_region": N_("region={text} is not a Census region ({values}); used all regions."),
    "bad_zone": N_("zone={text} is not a time zone ({values}); used all time zones."),
    "bad_mode": _bad_mode,
    "bad_n": N_(
        "n={text} is not a number of questions from 1 to {most}; used the default, {default}."
    ),
    "n_too_many": N_("n={text} is more than the most questions, {most}; used {most}."),
    "bad_states": N_(
        "states={text}: not recognised as state names or USPS codes; used all states."
    ),
    "bad_states_some": N_(
        "states={text}: not recognised as state names or USPS codes; used the others."
    ),
    "filter_leaves_none": N_(
        "{param}={text}: no state of {pool} passes this filter as well; used {pool} without it."
    ),
    "mode_unaskable": N_(
        "mode={mode}: no question of this mode can be asked about {pool} (it needs {needs}); "
        "these questions use all 50 states."
    ),
    "bad_timer": N_("timer={text} is not a number of minutes from 1 to {most}; no timer."),
}


def sentence(said: Sentence) -> str:
    """One sentence in the reader's language (``KeyError`` for a code the table lacks)."""
    wording = SENTENCES[said.code]
    if callable(wording):
        return wording(**said.values)
    return _(wording).format(**{k: _value(k, v) for k, v in said.values.items()})


def say(said: Sentence | Iterable[Sentence] | None) -> str:
    """Sentences in the reader's language, one after the other ("" for nothing said)."""
    if said is None:
        return ""
    if isinstance(said, Sentence):
        return sentence(said)
    return " ".join(text for s in said if (text := sentence(s)))


install(say)


# --- what a page says of a question, an answer, a link -------------------------------------------


def prompt_of(q: Question) -> str:
    """The question, in the reader's language."""
    return say(q.ask)


def explanation_of(q: Question) -> str:
    """What the question's feedback explains ("" for nothing)."""
    return say(q.explains)


def answer_of(q: Question) -> str:
    """The right answer: "Denver", "Kansas, Nebraska and Utah", "1. Alaska, 2. Texas"."""
    return say(q.answer_said)


def label(q: Question, value: str) -> str:
    """One value of ``q`` (a choice, a pick) as a reader names it: a state's name in the
    reader's language, a capital as written, a Zone's name, a letter or a number."""
    if q.value_kind is ValueKind.STATE:
        return state_name(value)
    if q.value_kind is ValueKind.CAPITAL:
        return capital_name(value)
    if q.value_kind is ValueKind.ZONE:
        return zone_name(value)
    if q.value_kind is ValueKind.NUMBER:
        return number(int(value))
    return value


def remark_of(q: Question, value: str) -> str:
    """The remark about ``value`` ("" for none)."""
    return say(q.remark(value))


def message_of(result: Result | Naming) -> str:
    """The verdict on an answer and its remarks (or what a typed name of a list did)."""
    return say(result.said)


def given_of(result: Result) -> str:
    """The answer as it was read ("" when nothing was)."""
    return say(result.read)


def pool_of(settings: QuizSettings) -> str:
    """The states a quiz asks about: "all 50 states", "the West Census region"."""
    return say(settings.pool_said())


def notes_of(notes: Iterable[Sentence]) -> list[str]:
    """A link's notes (what could not be used of its settings), one sentence each."""
    return [say(n) for n in notes]


def mode_title(mode: str) -> str:
    """A mode's title ("Select all border states")."""
    return _(MODE_TITLES[mode])


def group_title(group: str) -> str:
    """A drill page's title ("Border quiz")."""
    return _(GROUP_TITLES[group])


def group_intro(group: str) -> str:
    """The line under a drill page's title."""
    return _(GROUP_INTROS[group])


def item_words(item: Item) -> str:
    """An item of a learner's progress: "Colorado: capital"."""
    return _("{state}: {kind}").format(
        state=state_name(item.state), kind=_(item.kind.label).lower()
    )


def named_states(said: Sentence) -> frozenset[str]:
    """The states a sentence names (a prompt's: its values named ``state`` or ``states``,
    ``a_state`` …), to tell whether it names a highlighted state."""
    found: set[str] = set()
    for name, value in said.values.items():
        kind = name.rpartition("_")[2]
        if kind == "state" and isinstance(value, str):
            found.add(value)
        elif kind == "states" and isinstance(value, tuple | list | frozenset):
            found.update(value)
    return frozenset(found)
