"""One module per ``pref`` command."""
