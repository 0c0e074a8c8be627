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
