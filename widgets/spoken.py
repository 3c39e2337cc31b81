"""A notebook widget's language: a notebook has no page whose run sets the reader's language,
so a widget keeps its own (``language``, one of ``messages.LANGUAGES``) and says every word in
it, when it is built and at every click (a click's callback runs outside any language)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from messages import speaking

F = TypeVar("F", bound=Callable[..., Any])


def spoken(method: F) -> F:
    """``method`` of a widget run in the widget's ``language``."""

    @functools.wraps(method)
    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        with speaking(self.language):
            return method(self, *args, **kwargs)

    return run  # type: ignore[return-value]
