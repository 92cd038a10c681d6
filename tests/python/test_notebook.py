"""The notebook of docs/python.md (scripts/notebook-plots): the doc's code blocks are the
script's notebook, the script draws both plots, and the numbers they show hold: Die verflixte
6's values and stop thresholds against a recursion written here from the rules, Zehntausend's
P(win) against the race's own value and the command line."""
import functools
import pathlib
import re
import runpy
import sys

import pytest

from conftest import cli_json

TOP = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = TOP / "scripts" / "notebook-plots"
DOC = TOP / "docs" / "python.md"
SECTION = "## A notebook: thresholds and a P(win) heat map"
MARKER = "# ---- the notebook: the code blocks of docs/python.md, in order ----"
STEP = 2500  # a 4 x 4 heat map: the test's seconds, not the committed plot's minute


def doc_blocks():
    text = DOC.read_text(encoding="utf-8")
    assert SECTION in text
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_the_docs_code_blocks_are_the_scripts_notebook():
    blocks = doc_blocks()
    assert len(blocks) >= 4
    script = SCRIPT.read_text(encoding="utf-8")
    assert script.count(MARKER) == 1
    notebook = script.split(MARKER, 1)[1].strip("\n")
    assert notebook == "\n\n".join(block.strip("\n") for block in blocks)


@pytest.fixture(scope="module")
def notebook(tmp_path_factory):
    """The script run in this process (as a notebook would run its cells) into a fresh folder,
    its variables kept; the race read without the user's cache."""
    out = tmp_path_factory.mktemp("plots")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("VERFLIXT_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
        mp.setattr(sys, "argv", [str(SCRIPT), str(out), "--step", str(STEP)])
        cells = runpy.run_path(str(SCRIPT), run_name="__main__")
    cells["out"] = out
    return cells


def test_the_plots_are_drawn(notebook):
    import matplotlib

    assert matplotlib.get_backend().lower() == "agg"
    for name in ("verflixte6-thresholds.png", "zehntausend-race-pwin.png"):
        png = notebook["out"] / name
        assert png.is_file(), name
        data = png.read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 5000, name


def solo_turn(jule, tentakel):
    """V(eyes, robbing 1s so far) of a solo turn without jokers to announce, from the rules
    (docs/rules/verflixte6.md): a plain throw adds 2..5, a 1 adds 1 and steals min(j, 5) (T4:
    alone, the eyes count for the player), a 6 ends the turn at 0 (T5); Jule adds 1 to a throw
    that does not eliminate (J7); Tentakel makes a 1 or 2 add face + 5, stealing nothing (J12).
    Stopping is optimal where it is worth at least a throw; far past every threshold it is."""

    @functools.lru_cache(maxsize=None)
    def value(eyes, ones):
        if eyes > 200:
            return float(eyes), True
        throws = 0.0
        for face in range(1, 6):
            if tentakel and face <= 2:
                throws += value(eyes + face + 5 + jule, ones)[0]
            elif face == 1:
                robbed = min(ones + 1, 5)
                throws += value(eyes + 1 + jule + robbed, robbed)[0]
            else:
                throws += value(eyes + face + jule, ones)[0]
        throws /= 6
        return max(float(eyes), throws), eyes >= throws - 1e-9

    return value


LOADOUTS = {"none": (0, 0), "jule": (1, 0), "jule,tentakel": (1, 1)}


@pytest.mark.parametrize("name", list(LOADOUTS))
def test_verflixte6_values_and_thresholds_are_the_rules(notebook, name):
    value = solo_turn(*LOADOUTS[name])
    r = notebook["solved"][name]
    row = r.loadouts[0]
    # The free throw adds 1..6 (T1); the turn's value is its mean over what follows.
    assert row["ev"] == pytest.approx(sum(value(face, 0)[0] for face in range(1, 7)) / 6, abs=1e-9)
    for ones, threshold in enumerate(row["thresholds"][name]):
        assert threshold == next(e for e in range(200) if value(e, ones)[1]), (name, ones)
    curve = r.curve[name]
    assert len(curve) > row["thresholds"][name][0]  # the plot reaches past the threshold
    for point in curve:
        assert point["stop"] == point["eyes"]
        assert point["go_on"] == pytest.approx(value(point["eyes"], 0)[0], abs=1e-9)


def test_zehntausend_heat_map_is_the_race(notebook):
    totals, p_win = notebook["totals"], notebook["p_win"]
    assert totals == list(range(0, 10000, STEP))
    assert p_win.shape == (len(totals), len(totals))
    # Both totals 0: the race's value for the first player, from its solution's start (the
    # command line's solve, not advise).
    assert p_win[0, 0] == pytest.approx(cli_json("zehntausend", "solve", "--race")["first_wins"], abs=1e-12)
    # A cell inside: the command line's advise for the same totals.
    mine, theirs = 2, 1
    cli = cli_json("zehntausend", "advise", "--dice-left", "6", "--score", totals[mine], "--other", totals[theirs])
    assert p_win[mine, theirs] == cli["choices"][0]["p_win"]
    # More points of my own never hurt, more of the opponent's never help.
    assert (p_win > 0).all() and (p_win < 1).all()
    assert (p_win[1:, :] >= p_win[:-1, :]).all()
    assert (p_win[:, 1:] <= p_win[:, :-1]).all()
