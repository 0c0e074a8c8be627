"""The text of each command whose results need more than a line: one module per command.

:mod:`.estimate` writes ``pref estimate``'s report, :mod:`.book` ``pref book``'s rows,
summary and Markdown report; the figures of both are drawn by :mod:`cli.plots`.
The diagram, the game and the line of ``solve``/``table``/``discard`` are in :mod:`cli.render`.
"""
