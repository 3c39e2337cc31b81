"""How a progress names its topics and kinds of fact, in the reader's language: the engine's
``engine.quiz.items.Topic`` and ``Kind`` carry English titles for notebooks and logs; a page
shows these instead."""

from __future__ import annotations

from engine.quiz.items import Kind, Topic
from messages import pgettext


def topic_title(topic: Topic | str) -> str:
    """A topic's title by its name: "Borders" for ``"borders"``."""
    name = topic.name if isinstance(topic, Topic) else topic
    return {
        "borders": pgettext("a topic of progress", "Borders"),
        "capitals": pgettext("a topic of progress", "Capitals"),
        "zones": pgettext("a topic of progress", "Time zones"),
        "location": pgettext("a topic of progress", "Location"),
        "ranks": pgettext("a topic of progress", "Ranks"),
    }[name]


def kind_label(kind: Kind | str) -> str:
    """A kind of fact in words, as a page names it: "Capital's first letter"."""
    return {
        Kind.BORDERS: pgettext("a kind of fact about a state", "Borders"),
        Kind.CAPITAL: pgettext("a kind of fact about a state", "Capital"),
        Kind.LETTER: pgettext("a kind of fact about a state", "Capital's first letter"),
        Kind.ZONE: pgettext("a kind of fact about a state", "Time zone"),
        Kind.LOCATION: pgettext("a kind of fact about a state", "Place on the map"),
        Kind.SIZE: pgettext("a kind of fact about a state", "Size rank"),
        Kind.STATEHOOD: pgettext("a kind of fact about a state", "Statehood rank"),
        Kind.POPULATION: pgettext("a kind of fact about a state", "Population rank"),
        Kind.WEAKNESS: pgettext("a kind of fact about a state", "Worst rank"),
    }[Kind(kind)]
