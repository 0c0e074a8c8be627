"""Cards and hands in the notations preferans players write.

Parsing goes through one lexer for every form, so a card means the same
thing whatever it is written in, and every error names the offending text.
Hand forms are told apart by their punctuation (see ``parse_hand``).

Latin ``T`` is a ten (the bridge habit) but Cyrillic ``Т`` is an ace (туз);
the two are told apart by code point, never by shape. Since they look alike, a
text that mixes Cyrillic ranks with a Latin ``T`` is refused rather than read one
way or the other (``♠TКД`` could be ♠K Q 10 or ♠A K Q), and an unknown letter that
looks like a rank or suit of the other alphabet is named with that reading.
"""

from __future__ import annotations

import unicodedata

from .cards import RANK_LETTERS, SUIT_LETTERS, SUIT_SYMBOLS, ascii_name, bit, card, cards_of, rank_of, suit_of

__all__ = ["NotationError", "check_alphabet", "parse_card", "parse_card_list", "parse_cards", "parse_hand",
           "split_deal", "format_card", "format_cards", "format_hand"]


class NotationError(ValueError):
    """Bad card or hand text; the message is one line and quotes the text."""


_SUITS = {ch: i for chars in (SUIT_SYMBOLS, "♤♧♢♡", SUIT_LETTERS, SUIT_LETTERS.lower())
          for i, ch in enumerate(chars)}
_RANKS = {"7": 0, "8": 1, "9": 2, "T": 3, "J": 4, "Q": 5, "K": 6, "A": 7,
          "\u0412": 4, "\u0414": 5, "\u041a": 6, "\u0422": 7}  # Cyrillic В Д К Т
_RANKS.update({k.lower(): v for k, v in _RANKS.items()})
_CYRILLIC_RANKS = "\u0412\u0414\u041a\u0422\u0432\u0434\u043a\u0442"  # В Д К Т в д к т
_LOOK_ALIKES = {  # a letter that is no card, and what its twin in the other alphabet reads as
    "B": "Cyrillic \u0412 is the jack", "b": "Cyrillic \u0432 is the jack",
    "\u0410": "Latin A is the ace", "\u0430": "Latin a is the ace",
    "\u0421": "Latin C is clubs", "\u0441": "Latin c is clubs",
    "\u041d": "Latin H is hearts",
}
_SMALL = "xX\u0445\u0425"  # Latin and Cyrillic x: "a small card"
_DASHES = "-\u2013\u2014"  # hyphen, en dash, em dash
_SELECTORS = "\ufe0e\ufe0f"  # text/emoji variation selectors after a suit symbol
_RANK_TEXT = {"en": ("7", "8", "9", "10", "J", "Q", "K", "A"),
              "ru": ("7", "8", "9", "10", "\u0412", "\u0414", "\u041a", "\u0422")}


def quoted(text: str, limit: int = 40) -> str:
    """The text in quotes for an error message: control characters escaped, a long text cut short."""
    text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
    if len(text) > limit:
        text = text[:limit - 6] + "…" + text[-5:]
    return f"'{text}'"


def _show(ch: str) -> str:
    """Quote a character; name non-ASCII ones, since Cyrillic and Latin look alike."""
    if not ch.isprintable():
        return quoted(ch)
    if ch.isascii() or ch in _SUITS:
        return f"'{ch}'"
    return f"'{ch}' ({unicodedata.name(ch, f'U+{ord(ch):04X}')})"


def _unknown(what: str, ch: str, text: str) -> NotationError:
    hint = f" ({_LOOK_ALIKES[ch]})" if ch in _LOOK_ALIKES else ""
    return NotationError(f"unknown {what} {_show(ch)} in {quoted(text)}{hint}")


def check_alphabet(text: str) -> None:
    """Refuse ``text`` (a hand, a list of cards, a whole deal) if it mixes Cyrillic ranks
    with a Latin ``T``: Latin T is the ten, Cyrillic Т the ace, and they look the same."""
    cyrillic = next((ch for ch in text if ch in _CYRILLIC_RANKS), None)
    latin = next((ch for ch in text if ch in "Tt"), None) if cyrillic else None
    if latin:
        raise NotationError(
            f"Latin '{latin}' among Cyrillic ranks such as '{cyrillic}' in {quoted(text)}: "
            f"Latin T reads as the ten, Cyrillic \u0422 as the ace; write 10 for the ten, "
            f"\u0422 for the ace")


def _lex(text: str) -> list[tuple[str, int, int, int]]:
    """Tokens ``(kind, value, start, end)``; kind is rank/suit/sep/dot/colon/dash.

    Suit tokens carry ``value + 4`` when written as a letter, so a letter
    suit can be told from a symbol (only the latter opens a group by itself).
    """
    check_alphabet(text)
    out, i, n = [], 0, len(text)
    while i < n:
        ch, j = text[i], i + 1
        if ch.isspace() or ch == ",":
            while j < n and (text[j].isspace() or text[j] == ","):
                j += 1
            out.append(("sep", 0, i, j))
        elif j < n and text[j] == ":" and ch.isalnum() and ch not in _SUITS:
            raise _unknown("suit", ch, text)
        elif ch in _SUITS:
            while j < n and text[j] in _SELECTORS:
                j += 1
            out.append(("suit", _SUITS[ch] + (4 if ch.isascii() else 0), i, j))
        elif ch == "1" and text[j:j + 1] == "0":
            out.append(("rank", 3, i, i + 2))
            j = i + 2
        elif ch in _RANKS:
            out.append(("rank", _RANKS[ch], i, j))
        elif ch in _SMALL:
            raise NotationError(f"'{ch}' stands for an unknown small card; an exact position "
                                f"needs exact ranks, in {quoted(text)}")
        elif ch in _DASHES or ch in ".:":
            out.append(({".": "dot", ":": "colon"}.get(ch, "dash"), 0, i, j))
        elif ch.isalnum():
            raise _unknown("rank", ch, text)
        else:
            raise NotationError(f"unexpected character {_show(ch)} in {quoted(text)}")
        i = j
    return out


def _split(tokens, kind: str) -> list[list]:
    groups = [[]]
    for t in tokens:
        if t[0] == kind:
            groups.append([])
        else:
            groups[-1].append(t)
    return groups


def _one_card(tokens, text: str) -> int:
    """The card of a chunk written rank+suit or suit+rank, else an error."""
    kinds = [t[0] for t in tokens]
    if kinds in (["rank", "suit"], ["suit", "rank"]):
        r, s = (t[1] for t in sorted(tokens, key=lambda t: t[0]))
        return card(s % 4, r)
    chunk = text[tokens[0][2]:tokens[-1][3]] if tokens else ""
    if tokens and set(kinds) == {"rank"}:
        raise NotationError(f"ranks {quoted(chunk)} have no suit before them in {quoted(text)}")
    raise NotationError(f"{quoted(chunk)} is not a single card in {quoted(text)}")


def parse_card(text: str) -> int:
    """One card: ``AS``, ``10s``, ``Ts``, ``♠A``, ``A♠``, ``♠10``, ``♠Т`` (Cyrillic: ace)."""
    text = text.strip()
    return _one_card(_lex(text), text)


def _add(mask: int, c: int, text: str) -> int:
    if mask >> c & 1:
        raise NotationError(f"card {format_card(c)} given twice in {quoted(text)}")
    return mask | bit(c)


def parse_cards(text: str) -> list[int]:
    """Single cards separated by spaces and/or commas, order kept (a trick on the table)."""
    text = text.strip()
    cards, seen = [], 0
    for chunk in _split(_lex(text), "sep") if text else []:
        c = _one_card(chunk, text)
        seen = _add(seen, c, text)
        cards.append(c)
    return cards


def parse_card_list(text: str, ordered: bool = False) -> list[int]:
    """Cards however written: single cards in their order (``KC AC``), else a hand (``♣KA``).

    The one reader of a list of cards (a talon, a discard, a trick, a declared key):
    single cards first, then any hand form of :func:`parse_hand`, whose cards come as a
    hand is written (suit by suit, high first). Where the order is that of play
    (``ordered``: a trick on the table, a talon being turned) a hand of two or more cards
    is refused: a suit group has no order, and reading it in some order would silently
    pose another problem. An error quotes what is wrong with the text as single cards.
    """
    try:
        return parse_cards(text)
    except NotationError as first:
        try:
            cards = cards_of(parse_hand(text))
        except NotationError:
            raise first from None
    if ordered and len(cards) > 1:
        raise NotationError(f"write these cards one at a time, in the order they are played or turned "
                            f"(e.g. '{' '.join(ascii_name(c) for c in cards)}'), not {quoted(text)}: "
                            "a suit group has no order")
    return cards


def _fill(mask: int, suit: int, tokens, text: str) -> int:
    """Add one suit's ranks; a lone dash (or nothing) is a void."""
    tokens = [t for t in tokens if t[0] != "sep"]
    kinds = {t[0] for t in tokens}
    if "dash" in kinds and kinds != {"dash"}:
        raise NotationError(f"suit {SUIT_SYMBOLS[suit]} has both ranks and a void mark in {quoted(text)}")
    for kind, value, start, end in tokens:
        if kind == "suit":
            raise NotationError(f"suit {quoted(text[start:end])} inside a dot-form group in {quoted(text)}")
        if kind == "colon":
            raise NotationError(f"unexpected ':' in {quoted(text)}")
        if kind == "rank":
            mask = _add(mask, card(suit, value), text)
    return mask


def parse_hand(text: str) -> int:
    """A hand as a mask, from any of the forms below (told apart automatically).

    * dot form ``AKQ.JT..987`` (♠.♣.♦.♥) -- chosen whenever the text has a dot;
    * suit groups ``♠AKQ ♣J10 ♦— ♥987`` or ``S:AKQ C:J10 D:- H:987`` -- chosen
      when the text starts with a suit symbol or a suit letter and a colon;
      groups in any order, a void may be omitted, each suit at most once;
    * otherwise single cards ``As Qs 7d 10c`` / ``A♠ 10♥``.

    So ``♠A ♠K`` is a repeated suit (an error), while ``A♠ K♠`` is two cards.
    Empty text or a lone dash is the empty hand.
    """
    text = text.strip()
    tokens = _lex(text)
    kinds = [t[0] for t in tokens]
    if set(kinds) <= {"dash"}:
        return 0
    if "dot" in kinds:
        groups = _split(tokens, "dot")
        if len(groups) != 4:
            raise NotationError(f"dot form needs 4 groups (♠.♣.♦.♥), got {len(groups)} in {quoted(text)}")
        mask = 0
        for suit, group in enumerate(groups):
            mask = _fill(mask, suit, group, text)
        return mask
    first = tokens[0]
    if first[0] == "suit" and (first[1] < 4 or kinds[1:2] == ["colon"]):
        mask, seen = 0, set()
        suit_at = [k for k, t in enumerate(tokens) if t[0] == "suit"] + [len(tokens)]
        for a, b in zip(suit_at, suit_at[1:]):
            suit = tokens[a][1] % 4
            if suit in seen:
                raise NotationError(f"suit {SUIT_SYMBOLS[suit]} appears twice in {quoted(text)}")
            seen.add(suit)
            group = [t for t in tokens[a + 1:b] if t[0] != "sep"]
            if group[:1] and group[0][0] == "colon":  # "S:" -- optional after a symbol
                group = group[1:]
            mask = _fill(mask, suit, group, text)
        return mask
    mask = 0
    for chunk in _split(tokens, "sep"):
        mask = _add(mask, _one_card(chunk, text), text)
    return mask


def split_deal(text: str, talon: bool = False) -> list[str]:
    """The parts of a deal written on one line, ``A-hand / B-hand / C-hand`` (with ``talon``, a
    fourth part may follow: the talon), each as written, stripped. The one reader of that form
    (``Position.from_text``, ``pref table DEAL``): the hands are read by the caller. One typist
    wrote the whole line, so a Latin T anywhere among Cyrillic ranks is refused, as in one hand."""
    parts = [p.strip() for p in str(text).split("/")]
    if len(parts) != 3 and not (talon and len(parts) == 4):
        form = "'A-hand / B-hand / C-hand [/ talon]'" if talon else "the hands of A, B and C split by '/'"
        raise NotationError(f"give {form}, got {len(parts)} part{'s' if len(parts) != 1 else ''}")
    check_alphabet(str(text))
    return parts


def _check_style(style: str, allowed: tuple[str, ...], lang: str) -> None:
    if style not in allowed:
        raise NotationError(f"unknown style '{style}' (expected one of {', '.join(allowed)})")
    if lang not in _RANK_TEXT:
        raise NotationError(f"unknown language '{lang}' (expected one of {', '.join(_RANK_TEXT)})")


def format_card(c: int, style: str = "symbol", lang: str = "en") -> str:
    """``♠A`` (symbol, suit first; ``♠Т`` in Russian) or ``AS`` (ascii, the JSON form)."""
    _check_style(style, ("symbol", "ascii"), lang)
    if not 0 <= c < 32:
        raise NotationError(f"card number {c} is out of range 0..31")
    if style == "ascii":
        return RANK_LETTERS[rank_of(c)] + SUIT_LETTERS[suit_of(c)]
    return SUIT_SYMBOLS[suit_of(c)] + _RANK_TEXT[lang][rank_of(c)]


def format_cards(cards, style: str = "symbol", lang: str = "en") -> str:
    return " ".join(format_card(c, style, lang) for c in cards)


def format_hand(mask: int, style: str = "symbol", lang: str = "en") -> str:
    """A hand in ``style``: symbol ``♠AKQ ♣J10 ♦— ♥987``, letters ``S:AKQ C:J10 D:- H:987``,
    dot ``AKQ.JT..987`` or ascii ``AS KS QS JC 10C 9H 8H 7H``; all four suits, high first.

    Dot form writes the ten ``T`` in English but ``10`` in Russian, where ``Т`` is the ace.
    """
    _check_style(style, ("symbol", "letters", "dot", "ascii"), lang)
    if not 0 <= mask < 1 << 32:
        raise NotationError(f"hand mask {mask:#x} is out of range")
    if style == "ascii":
        return format_cards(cards_of(mask), "ascii")
    names = list(_RANK_TEXT[lang])
    if style == "dot" and lang == "en":
        names[3] = "T"
    groups = ["".join(names[r] for r in range(7, -1, -1) if mask >> card(s, r) & 1) for s in range(4)]
    if style == "dot":
        return ".".join(groups)
    if style == "letters":
        return " ".join(f"{SUIT_LETTERS[s]}:{g or '-'}" for s, g in enumerate(groups))
    return " ".join(f"{SUIT_SYMBOLS[s]}{g or '—'}" for s, g in enumerate(groups))
