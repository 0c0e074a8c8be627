"""The Numba kernel: everything that runs per node lives in this package.

``search`` is the hot loop; ``moves``, ``bounds`` and ``tt`` are the pieces it calls;
``drivers`` turns it into whole-position jobs. Nothing here validates or raises:
:mod:`preferans.engine` prepares the arrays and checks input first.
"""
