"""The words of each command whose results need more than a line: one module per command.

:mod:`.solve` writes ``pref solve``'s explanation (and :mod:`.at_table` its answer at the table),
:mod:`.table` ``pref table``'s double-dummy table, :mod:`.estimate` ``pref estimate``'s report,
:mod:`.book` ``pref book``'s rows, summary and Markdown report; the figures of the last two are
drawn by :mod:`preferans.cli.plots`. The pieces they share (the diagram, the game, the answer, a line of
play) are in :mod:`preferans.cli.render`. Nothing here searches: a command hands its words what it solved.
"""
