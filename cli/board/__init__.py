"""``pref board``: the analysis board, a local web page backed by the engine.

:mod:`.moves` turns the page's requests into solver calls (problem objects in, problem
and result objects out); :mod:`.server` is the small HTTP server; ``static/`` holds the
page itself, plain HTML, CSS and JavaScript with no build step.
"""
