"""The one error type of bad input, raised at every public door of the solver."""

from __future__ import annotations


MAX_FIELD = 60
"""The longest field named in a message; one built from a long key the user wrote is cut in the middle."""


class InputError(ValueError):
    """Bad input: ``field`` names where (``deal.A``, ``game.contract`` …), the text says what."""

    def __init__(self, field: str, message: str):
        field, message = one_line(field), one_line(message)
        if len(field) > MAX_FIELD:  # a field named after what the user wrote (a key, a player) stays short
            field = field[:MAX_FIELD - 6] + "…" + field[-5:]
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def excerpt(value, limit: int = 40) -> str:
    """``repr(value)`` cut to a short excerpt, so that an error about a long field stays one short line."""
    text = one_line(repr(value))
    if len(text) > limit:
        text = text[:limit - 6] + "…" + text[-5:]
    return text


def one_line(text) -> str:
    """``text`` with control characters (a newline in a quoted field, say) escaped: one line, always."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
