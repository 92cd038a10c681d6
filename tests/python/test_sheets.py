"""Kniffel's exact values per sheet (Game.sheet_values): the published optimum at the empty
sheet, sheets of one open category against their expectations worked out here by hand, the
sheets no game reaches as NaN (counted here from the dice, not from the solver), a small
ruleset, the value cache solve() shares, and other games refused. One solve of the yahtzee
preset serves the whole module."""
import contextlib
import io
import itertools
import math
import os
import pathlib
import re
import signal
import threading
import time

import numpy as np
import pytest

from conftest import cli_json, python_runs_during

CATEGORIES = ["ones", "twos", "threes", "fours", "fives", "sixes", "three-of-a-kind", "four-of-a-kind",
              "full-house", "small-straight", "large-straight", "kniffel", "chance"]
FULL = (1 << 13) - 1
KNIFFEL_BOX = 1 << 11


def only_open(category):
    """The sheet mask with every category filled but `category`."""
    return FULL & ~(1 << CATEGORIES.index(category))


def upper_totals(upper_mask, cap):
    """The upper totals (capped at `cap`) the filled upper boxes can make: 0..5 dice of each face."""
    totals = {0}
    for face in range(1, 7):
        if upper_mask >> (face - 1) & 1:
            totals = {min(cap, t + face * k) for t in totals for k in range(6)}
    return totals


def p_six_in_three_throws():
    """One die kept as soon as it shows a six: a six after at most three throws."""
    return 1 - (5 / 6) ** 3


def p_at_least(k, n, p):
    return sum(math.comb(n, j) * p ** j * (1 - p) ** (n - j) for j in range(k, n + 1))


def turn_value(final, throws=3):
    """One turn of five dice played for the most of final(hand) (a sorted 5-tuple), by brute
    force: after each throw but the last, the best kept dice by the mean over the rest thrown."""
    hands = list(itertools.combinations_with_replacement(range(1, 7), 5))
    rolls = []
    for n in range(6):
        rolls.append({})
        for dice in itertools.product(range(1, 7), repeat=n):
            key = tuple(sorted(dice))
            rolls[n][key] = rolls[n].get(key, 0) + 6.0 ** -n

    def keeping(value):
        memo = {}

        def of(keep):
            if keep not in memo:
                memo[keep] = sum(p * value[tuple(sorted(keep + r))] for r, p in rolls[5 - len(keep)].items())
            return memo[keep]
        return of

    value = {h: final(h) for h in hands}
    for _ in range(throws - 1):
        of = keeping(value)
        value = {h: max(of(k) for n in range(6) for k in set(itertools.combinations(h, n))) for h in hands}
    return keeping(value)(())


def five_of_a_kind(hand):
    return hand[0] == hand[4]


@pytest.fixture(scope="module")
def yahtzee(vf, tmp_path_factory):
    """The yahtzee preset's values, solved once into a cache of this module's own."""
    cache = tmp_path_factory.mktemp("kniffel-cache")
    g = vf.game("kniffel", preset="yahtzee")
    got = {}
    got["released"] = python_runs_during(lambda: got.setdefault("values", g.sheet_values(cache=str(cache))))
    return g, got["values"], cache, got["released"]


def test_the_empty_sheet_is_worth_the_published_optimum(yahtzee):
    # Verhoeff (1999), confirmed by Glenn (2006): 254.5896 points under optimal play.
    _, v, _, _ = yahtzee
    assert v.dtype == np.float64 and v.shape == (1 << 13, 64, 2)
    assert abs(v[0, 0, 0] - 254.5896) < 1e-4


def test_a_full_sheet_is_worth_nothing(yahtzee):
    _, v, _, _ = yahtzee
    assert v[FULL, 63, 0] == 0 and v[FULL, 63, 1] == 0 and v[FULL, 0, 0] == 0


def test_chance_alone_is_five_dice_kept_at_four_then_five(yahtzee, vf):
    _, v, _, _ = yahtzee
    # One die, three throws: 3.5; keep 4 or more before the last throw: 4.25; keep 5 or more
    # before the second: (5 + 6) / 6 + 4 * 4.25 / 6 = 14/3. Five dice play alone.
    last = 3.5
    second = (4 + 5 + 6) / 6 + 3 * last / 6
    first = (5 + 6) / 6 + 4 * second / 6
    assert second == 4.25 and abs(first - 14 / 3) < 1e-15
    mask = only_open("chance")
    # With the Kniffel box crossed out (held 0) no bonus is left: the upper total, whatever it
    # is, changes nothing (the bonus is won or lost already).
    for upper in (0, 40, 63):
        assert abs(v[mask, upper, 0] - 5 * first) < 1e-9
    assert abs(turn_value(sum) - 5 * first) < 1e-9
    # With it holding 50, a further five of a kind earns 100 more (in chance, its sum too).
    assert abs(v[mask, 0, 1] - turn_value(lambda h: sum(h) + 100 * five_of_a_kind(h))) < 1e-9
    assert vf.game("kniffel", preset="yahtzee").sheet_categories() == CATEGORIES


def test_sixes_alone_keeps_every_six(yahtzee):
    _, v, _, _ = yahtzee
    p = p_six_in_three_throws()
    mask = only_open("sixes")
    # From an upper total of 0 the bonus (63) is out of reach: 5 dice x 6 x P(six).
    assert abs(v[mask, 0, 0] - 5 * 6 * p) < 1e-9
    # From 63 the bonus is won already: the same.
    assert abs(v[mask, 63, 0] - 5 * 6 * p) < 1e-9
    # From 40 four sixes (24) reach 63: the bonus of 35 with P(at least 4 of 5 sixes).
    assert abs(v[mask, 40, 0] - (30 * p + 35 * p_at_least(4, 5, p))) < 1e-9
    # The Kniffel box holding 50: any five of a kind earns 100 more (the free joker puts it in
    # the sixes for its sixes), so sixes are no longer all that is kept.
    def sixes_from_40(h):
        sixes = 6 * h.count(6)
        return sixes + 35 * (40 + sixes >= 63) + 100 * five_of_a_kind(h)
    assert abs(turn_value(sixes_from_40) - (30 * p + 35 * p_at_least(4, 5, p) + 100 * p ** 5)) > 0.1
    assert abs(v[mask, 40, 1] - turn_value(sixes_from_40)) < 1e-9


def test_the_sheets_no_game_reaches_are_nan(yahtzee):
    _, v, _, _ = yahtzee
    reached = np.zeros(v.shape, dtype=bool)
    for mask in range(1 << 13):
        for upper in upper_totals(mask & 63, 63):
            reached[mask, upper, 0] = True
            reached[mask, upper, 1] = bool(mask & KNIFFEL_BOX)
    assert np.array_equal(~np.isnan(v), reached)
    # The solver's count of the sheets it solves (every one but the full), as its header says.
    assert int(reached[:FULL].sum()) == 536_320
    assert np.isnan(v[0, 1, 0]) and np.isnan(v[0, 0, 1])
    assert (v[reached] >= 0).all()


def test_the_solve_releases_the_gil_and_fills_the_cache_solve_reads(yahtzee):
    g, v, cache, released = yahtzee
    assert released
    r = g.solve(cache=str(cache))
    assert r.from_cache is True and r.expected_score == v[0, 0, 0]
    assert np.array_equal(g.sheet_values(cache=str(cache)), v, equal_nan=True)


def test_the_default_rules_solve_as_the_command_line(vf):
    # The kniffel preset (no bonus per further Kniffel, no joker): 245.8708, as
    # docs/rules/kniffel.md's table and a fresh `verflixt kniffel solve` say.
    v = vf.game("kniffel").sheet_values(no_cache=True)
    assert v.shape == (1 << 13, 64, 2)
    assert round(v[0, 0, 0], 4) == 245.8708
    assert abs(v[0, 0, 0] - cli_json("kniffel", "solve", "--no-cache")["expected_score"]) < 1e-9
    assert abs(v[only_open("chance"), 63, 1] - 70 / 3) < 1e-9


def test_the_default_rules_give_no_kniffel_bonus_and_the_held_axis_repeats(vf):
    # One throw and a bonus at 3: a fast solve of the kniffel preset's other rules.
    g = vf.game("kniffel", set={"throws": 1, "bonus_threshold": 3})
    v = g.sheet_values(no_cache=True, threads=2)
    assert v.shape == (1 << 13, 4, 2)
    assert abs(v[0, 0, 0] - g.solve(no_cache=True).expected_score) < 1e-9
    mask = only_open("chance")
    assert abs(v[mask, 3, 0] - 17.5) < 1e-12  # five dice thrown once
    # One six (6 >= 3) earns the bonus of 35.
    assert abs(v[only_open("sixes"), 0, 0] - (5 + 35 * (1 - (5 / 6) ** 5))) < 1e-12
    # No bonus per further five of a kind: a box holding 50 changes no value.
    filled = [m for m in range(1 << 13) if m & KNIFFEL_BOX]
    assert np.array_equal(v[filled, :, 1], v[filled, :, 0], equal_nan=True)
    assert np.isnan(v[~np.isin(np.arange(1 << 13), filled), :, 1]).all()


def test_ctrl_c_stops_the_solve(vf):
    g = vf.game("kniffel", preset="yahtzee")
    timer = threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        g.sheet_values(no_cache=True, threads=1)
    timer.join()
    assert time.monotonic() - start < 0.2 + 3.0


@pytest.mark.parametrize("name", ["verflixte6", "pig", "schocken", "en-gingg", "zehntausend"])
def test_other_games_have_no_sheet(vf, name):
    with pytest.raises(vf.InputError, match=f"^{name} has no sheet_values: only kniffel has a score sheet$"):
        vf.game(name).sheet_values()
    with pytest.raises(vf.InputError, match="only kniffel"):
        vf.game(name).sheet_categories()


def test_bad_options_are_refused(vf):
    g = vf.game("kniffel")
    with pytest.raises(vf.InputError, match=r"^sheet_values has no option 'treads'; did you mean threads\? valid: "):
        g.sheet_values(treads=2)
    with pytest.raises(vf.InputError, match="^sheet_values has no option 'help'"):
        g.sheet_values(help=True)
    with pytest.raises(vf.InputError, match="threads 2000 is out of range"):
        g.sheet_values(threads=2000)


def test_the_docs_example_prints_what_it_says(yahtzee, vf, monkeypatch):
    # Run on the fixture's cache: the example reads the solution solved above.
    _, _, cache, _ = yahtzee
    monkeypatch.setenv("VERFLIXT_CACHE_DIR", str(cache))
    doc = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md").read_text(encoding="utf-8")
    section = doc.split("## Kniffel's values per sheet", 1)[1].split("\n## ", 1)[0]
    code, said = re.findall(r"```python\n(.*?)```\n\nprints\n\n```\n(.*?)```", section, re.S)[0]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code, {"verflixt": vf})
    assert out.getvalue() == said
