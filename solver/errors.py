"""The one error type of bad input, raised at every public door of the solver."""

from __future__ import annotations


class InputError(ValueError):
    """Bad input: ``field`` names where (``deal.A``, ``game.contract`` …), the text says what."""

    def __init__(self, field: str, message: str):
        field, message = one_line(field), one_line(message)
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
