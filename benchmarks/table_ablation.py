"""Each shortcut of the search at the table switched off in turn, on the first N deals of
``pref bench --kind table-misere``: nodes, double-dummy questions and CPU time against all on.

    python benchmarks/table_ablation.py 40

Answers must not change (a line says DIFFER if one does); docs/performance.md quotes the table.
"""

from __future__ import annotations

import sys
import time

from preferans import Engine, Options
from preferans.at_table import solve_at_table
from preferans.benchmark import table_misere_deals
from preferans.kernel.worlds import TABLE_SHORTCUT_NAMES


def main(count: int) -> None:
    jobs = table_misere_deals(count)
    configs = {"all on": Options(), **{f"no {name}": Options(**{name: False}) for name in TABLE_SHORTCUT_NAMES}}
    base = None
    print(f"| shortcuts | AND-OR nodes | × | double-dummy questions | × | CPU s | × |\n|---|---|---|---|---|---|---|")
    for name, options in configs.items():
        engine = Engine(options)
        solve_at_table(*jobs[0], engine=engine, with_key=False)  # compiled code loaded before timing
        nodes = questions = 0
        seconds = 0.0
        answers = []
        for job in jobs:
            engine.clear()
            start = time.process_time()
            answer = solve_at_table(*job, engine=engine, with_key=False)
            seconds += time.process_time() - start
            nodes += answer.nodes
            questions += answer.questions
            answers.append(answer.caught)
        base = base or (nodes, questions, seconds, answers)
        same = "" if answers == base[3] else " DIFFER"
        print(f"| {name}{same} | {nodes:,} | {nodes / base[0]:.2f} | {questions:,} | {questions / base[1]:.2f} | "
              f"{seconds:.2f} | {seconds / base[2]:.2f} |", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
