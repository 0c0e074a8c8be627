"""Issue 13, "The doors, second pass": each case of the issue through the CLI or the API."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import pref
from solver import InputError, make_position

ROOT = Path(__file__).resolve().parents[1]

SMALL = {"deal": {"A": "♠AK", "B": "♠QJ", "C": "♣AK"},
         "game": {"kind": "contract", "contract": "6S", "declarer": "A"}}


def run(*args, input=None):
    return CliRunner().invoke(pref, [str(a) for a in args], input=input)


def assert_clean_error(result, code: int = 2, lines: int = 1):
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    err = result.stderr.strip().splitlines()
    assert len(err) == lines, result.stderr
    return err


def jsonl(*problems) -> str:
    return "".join(json.dumps(p, ensure_ascii=False) + "\n" for p in problems)


# -- a Latin T among Cyrillic ranks ----------------------------------------------------------


def test_a_latin_t_among_cyrillic_ranks_is_refused_in_a_problem_file(tmp_path):
    problem = {**SMALL, "deal": {"A": "♠TК", "B": "♠ДВ", "C": "♣ТК"}}
    err = assert_clean_error(run("solve", "--jsonl", "-", input=jsonl(problem)))
    assert "deal.A" in err[0] and "Latin 'T'" in err[0] and "ten" in err[0] and "ace" in err[0], err
    problem["deal"]["A"] = "♠ТК"  # the Cyrillic ace: the same deal read one way only
    assert run("solve", "--jsonl", "-", input=jsonl(problem)).exit_code == 0


def test_a_latin_t_among_cyrillic_ranks_is_refused_in_a_deal_on_the_command_line():
    err = assert_clean_error(run("table", "♠ТК / ♠ДВ / ♠T9"))
    assert "Latin 'T'" in err[0], err
    assert run("table", "♠ТК / ♠ДВ / ♠109").exit_code == 0


def test_a_latin_t_among_cyrillic_ranks_is_refused_by_the_api():
    with pytest.raises(InputError, match="Latin 'T'") as e:
        make_position(A="♠TКД", B="♠987", C="♣ТКД")
    assert e.value.field == "deal.A"
