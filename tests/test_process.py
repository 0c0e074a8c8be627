"""The pref process, where only a real one shows it: a full or closed stdout, a reader that goes away,
a closed stdin, Ctrl-C at start-up or mid-run (even with SIGINT ignored around it), the kernel
loaded only when a command runs and its cache damaged or unusable; the children the tests start
end with them."""

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import KOVALEVSKAYA_FILE, ROOT, child, jsonl, pref_command, run_child, write


def pref_process(*args, **kwargs) -> subprocess.CompletedProcess:
    """The real command in a fresh process, for what click's runner cannot show."""
    kwargs = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **kwargs}
    return run_child(pref_command(*args), text=True, **kwargs)


def _interrupt(args, wait_for_line: bool):
    with child(pref_command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as process:
        first = process.stdout.readline() if wait_for_line else ""
        if not wait_for_line:
            time.sleep(0.3)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=300)
    return process.returncode, first + out, err


def _every_help():
    from preferans.cli.app import COMMANDS
    return [[name, "--help"] for name in COMMANDS]


def _warm_cache_copy(base: Path) -> Path:
    """A copy of this process's compiled kernel under ``base`` (as $PREF_CACHE_DIR); its Numba folder."""
    import shutil

    from preferans.engine import load_kernel
    from preferans.kernel import cache

    load_kernel()  # every kernel function compiled or loaded
    shutil.copytree(cache.CACHE_DIR, base / cache.DIGEST)
    return base / cache.DIGEST / cache.numba_folder().name


def _pref_with(env: dict, *args) -> subprocess.CompletedProcess:
    import os

    return run_child([sys.executable, "-m", "preferans.cli.main", *map(str, args)], 600, text=True, stdout=subprocess.PIPE,
                     stderr=subprocess.PIPE, env={**os.environ, **env})


LINE = {"game": "6S", "declarer": "A", "defence": {"B": "whist", "C": "pass"}, "tricks": {"A": 6, "B": 3, "C": 1}}
"""A six made, B whisting alone with 3 tricks: every field a case below changes is there."""


def _alive(pid: int) -> bool:
    """Whether a process runs (a zombie not yet reaped by whoever adopted it has ended)."""
    status = Path(f"/proc/{pid}/status")
    try:
        return "\nState:\tZ" not in status.read_text()
    except OSError:
        return False


# -- output: full, closed, or a reader that goes away ----------------------------------------------


@pytest.mark.heavy
def test_full_stdout_fails_loudly():
    result = pref_process("check", "problems/kovalevskaya-misere.toml",
                          stdout=open("/dev/full", "w"))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [result.stderr.strip()]
    assert result.stderr.startswith("pref: cannot write the results: ")


def test_a_reader_closing_the_pipe_ends_it_quietly():
    """``pref … | head`` as Unix tools do it: no message, exit 141 (128 + SIGPIPE)."""
    with child(pref_command("solve", "--help"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
               env={**__import__("os").environ, "PYTHONUNBUFFERED": "1"}) as process:
        process.stdout.close()  # before it writes: its first write meets a closed pipe
        returncode = process.wait(timeout=300)
        stderr = process.stderr.read()
    assert stderr == ""
    assert returncode == 141


def test_closed_stdout_fails_loudly():
    script = "import os, sys; os.close(1); sys.stdout = None; from preferans.cli.main import main; main()"
    result = run_child([sys.executable, "-c", script, "check", "problems/kovalevskaya-misere.toml"],
                       stderr=subprocess.PIPE, text=True)
    assert result.returncode == 2
    assert result.stderr.strip() == "pref: standard output is closed: the results would be lost"


def test_closed_stdin():
    script = "import os, sys; os.close(0); sys.stdin = None; from preferans.cli.main import main; main()"
    result = run_child([sys.executable, "-c", script, "solve", "--jsonl", "-"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip() == "<stdin>: file: standard input is closed"


# -- Ctrl-C ----------------------------------------------------------------------------------------


@pytest.mark.heavy
def test_ctrl_c_mid_run_keeps_the_output_complete(tmp_path):
    deals = []
    for seed in range(200):
        deck = list(range(32))
        __import__("random").Random(seed).shuffle(deck)
        hands = [" ".join(f"{'789TJQKA'[c % 8].replace('T', '10')}{'SCDH'[c // 8]}" for c in deck[i * 10:i * 10 + 10])
                 for i in range(3)]
        deals.append({"deal": dict(zip("ABC", hands)), "game": {"kind": "misere", "declarer": "A"}})
    path = write(tmp_path, "many.jsonl", jsonl(*deals))
    code, out, err = _interrupt(["solve", "--jsonl", path], wait_for_line=True)
    assert code == 130, err
    assert err.strip() == "pref: interrupted"
    lines = out.splitlines()
    assert 1 <= len(lines) < 200
    assert all("tricks" in json.loads(line) for line in lines)


def test_ctrl_c_at_start_up():
    # -X importtime reports each import on stderr as it ends: interrupt once click is in, while the
    # rest of the program (the solver, numba) is still being imported
    with child(pref_command("check", "problems/", python_flags=("-X", "importtime")), stdout=subprocess.PIPE,
               stderr=subprocess.PIPE, text=True) as process:
        for line in process.stderr:
            if line.rstrip().split("|")[-1].strip() == "click":
                break
        else:
            pytest.fail("click was never imported")
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=300)
    assert process.returncode == 130, err
    assert "Traceback" not in err and err.strip().splitlines()[-1] == "pref: interrupted"
    assert out == ""


def test_a_child_sent_ctrl_c_stops_even_when_the_suite_ignores_sigint(tmp_path):
    """As under ``nohup`` or in the background: SIGINT ignored here is passed on to the child, and
    :func:`conftest.pref_command` gives it back the terminal's."""
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with child(pref_command("score", "--jsonl", "-"), 60, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                   stderr=subprocess.PIPE, text=True) as process:
            process.stdin.write(jsonl(LINE))
            process.stdin.flush()
            assert "balance" in process.stdout.readline()
            process.send_signal(signal.SIGINT)
            out, err = process.communicate(timeout=60)
    finally:
        signal.signal(signal.SIGINT, before)
    assert process.returncode == 130 and err.strip() == "pref: interrupted", err


# -- the kernel: loaded only when a command runs, its cache damaged or unusable --------------------


@pytest.mark.parametrize("args", [["--help"], ["solve", "--bogus"], ["table"], ["board", "--bogus"]] + _every_help())
def test_help_and_argument_errors_do_not_load_the_kernel(args):
    """No numba for --help (it costs a second): every command imports the kernel only when it runs."""
    script = ("import sys\nfrom preferans.cli.main import main\nsys.argv = ['pref'] + sys.argv[1:]\n"
              "try:\n    main()\nexcept SystemExit:\n    pass\n"
              "print('LOADED' if 'numba' in sys.modules or 'preferans.engine' in sys.modules else 'LIGHT', file=sys.stderr)")
    result = run_child([sys.executable, "-c", script, *args], 120, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    assert result.stderr.strip().splitlines()[-1] == "LIGHT", result.stderr


@pytest.mark.heavy
def test_a_damaged_kernel_cache_is_said_once_and_mended(tmp_path):
    folder = _warm_cache_copy(tmp_path)
    data = sorted(folder.glob("bits.*.nbc"))[0]
    data.write_bytes(data.read_bytes()[:50])                     # a truncated .nbc
    index = sorted(folder.glob("bits.*.nbi"))[-1]
    index.write_bytes(b"overwritten")                            # an overwritten .nbi
    env = {"PREF_CACHE_DIR": str(tmp_path)}
    first = _pref_with(env, "solve", "--json", KOVALEVSKAYA_FILE)
    assert first.returncode == 0 and "Traceback" not in first.stderr, first.stderr
    assert "damaged files" in first.stderr and data.name in first.stderr, first.stderr
    assert json.loads(first.stdout)["tricks"] == 1
    second = _pref_with(env, "solve", "--json", KOVALEVSKAYA_FILE)
    assert second.returncode == 0 and second.stderr == "", second.stderr


@pytest.mark.heavy
def test_an_unusable_cache_dir_is_named_with_the_folder_used_instead(tmp_path):
    _warm_cache_copy(tmp_path / "xdg" / "preferans-solver")
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    env = {"PREF_CACHE_DIR": str(blocker / "cache"), "XDG_CACHE_HOME": str(tmp_path / "xdg")}
    result = _pref_with(env, "solve", "--json", KOVALEVSKAYA_FILE)
    assert result.returncode == 0, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr  # the note, and no compile: the fallback folder is warm
    assert str(blocker / "cache") in lines[0] and "unusable" in lines[0]
    assert f"using {tmp_path / 'xdg' / 'preferans-solver'}" in lines[0]


def test_what_the_cache_needs_said_is_said_in_english_and_in_russian():
    from pathlib import Path

    from preferans.cli.runtime import cache_note

    refused = [("$PREF_CACHE_DIR", Path("/x/cache"), "Not a directory"), ("user", Path("/home/u/.cache/p"), "Read-only")]
    en = cache_note("en", "unusable", {"refused": refused, "using": Path("/tmp/p")})
    ru = cache_note("ru", "unusable", {"refused": refused, "using": Path("/tmp/p")})
    assert en == ("the kernel cache: $PREF_CACHE_DIR /x/cache is unusable (Not a directory); the user's cache folder "
                  "/home/u/.cache/p is unusable (Read-only); using /tmp/p")
    assert ru == ("кэш решателя: $PREF_CACHE_DIR /x/cache не годится (Not a directory); папка кэша пользователя "
                  "/home/u/.cache/p не годится (Read-only); беру /tmp/p")
    assert cache_note("ru", "unusable", {"refused": refused[:1], "using": None}).endswith(
        "решатель будет компилироваться при каждом запуске")
    files = {"folder": Path("/c"), "files": ["a.nbc", "b.nbi", "c.nbc", "d.nbi"]}
    assert cache_note("en", "repaired", files) == ("the kernel cache in /c had damaged files (a.nbc, b.nbi and 2 more); "
                                                   "they are removed and compiled again")
    assert cache_note("ru", "repaired", files).startswith("в кэше решателя /c нашлись повреждённые файлы (a.nbc, b.nbi и ещё 2)")


def test_a_second_checkout_sharing_the_cache_is_not_taken_as_compiled(tmp_path):
    folder = _warm_cache_copy(tmp_path)
    folder.rename(folder.with_name("kernel_0123456789abcdef"))  # another checkout's compiled code
    probe = "from preferans.kernel import config; print(config.is_compiled())"
    result = run_child([sys.executable, "-c", probe], text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env={**__import__("os").environ, "PREF_CACHE_DIR": str(tmp_path)})
    assert result.stdout.strip() == "False", result.stderr


def test_the_readme_gives_the_compile_time_as_a_range_with_its_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    paragraph = readme.split("The very first run compiles the search kernel", 1)[1].split("\n\n", 1)[0]
    assert re.search(r"\d+ to \d+ s", paragraph) and "PREF_CACHE_DIR=$(mktemp -d)" in paragraph, paragraph
    assert "done in" in paragraph


# -- the tests' own children -----------------------------------------------------------------------


def test_a_childs_own_children_are_killed_on_its_timeout():
    script = "sleep 300 & echo $!; wait"
    with child(["bash", "-c", script], 2, stdout=subprocess.PIPE, text=True) as process:
        grandchild = int(process.stdout.readline())
        assert process.wait() == -signal.SIGKILL  # after the 2 s given, not the 300 s it asked for
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _alive(grandchild):
        time.sleep(0.1)
    assert not _alive(grandchild)
