"""Options several commands share, so they read the same everywhere."""

from __future__ import annotations

import click

lang_option = click.option(
    "--lang", type=click.Choice(["en", "ru"]), default="en", show_default=True,
    help="Language printed: en ♠A ♠K ♠Q ♠J; ru ♠Т ♠К ♠Д ♠В and the words as players say them "
         "(мизер, без двух).")

card_lang_option = click.option(
    "--lang", type=click.Choice(["en", "ru"]), default="en", show_default=True,
    help="Card notation printed: en ♠A ♠K ♠Q ♠J, ru ♠Т ♠К ♠Д ♠В.")

color_option = click.option(
    "--color/--no-color", default=None,
    help="Red ♦ and ♥. Default: only on a terminal, and never with NO_COLOR set.")

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")


class FiniteRange(click.FloatRange):
    """A number within bounds, never NaN: click's ``FloatRange`` lets ``nan`` through (every
    comparison with it is false), which would reach the code as a number that is none."""

    def convert(self, value, param, ctx):
        number = super().convert(value, param, ctx)
        if number != number:
            self.fail(f"a number is needed, not {value!r}", param, ctx)
        return number


class Seed(click.ParamType):
    """A seed: a whole number of at most :data:`preferans.validation.SEED_DIGITS` digits (the rule
    :func:`preferans.validation.check_seed` holds the Python calls to). Python refuses to read an
    integer of over 4,300 digits, and click would echo the whole refused text back; here a
    refusal is one short line."""

    name = "integer"

    def convert(self, value, param, ctx):
        from preferans.validation import SEED_DIGITS

        if isinstance(value, int):
            return value
        text = str(value).strip()
        digits = text.removeprefix("-").removeprefix("+")
        if not digits.isdigit() or not digits.isascii():
            shown = text if len(text) <= 30 else text[:30] + "…"
            self.fail(f"a whole number is needed, not {shown!r}", param, ctx)
        if len(digits) > SEED_DIGITS:
            self.fail(f"at most {SEED_DIGITS} digits, not {len(digits):,}", param, ctx)
        return int(text)


SEED_TYPE = Seed()
