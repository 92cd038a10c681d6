"""Games played through the model with Python policies (Game.play): the mean return of Pig's
hold:20 against itself lies within 4 standard errors of the command line's exact policy
evaluation; the same seed gives the same games; bad input raises InputError and Ctrl-C
raises KeyboardInterrupt promptly."""
import time

import pytest

from test_exact import hold_at
from test_extension import interrupt_soon


def test_a_python_policy_plays_to_its_exact_value(vf):
    g = vf.game("pig", set={"goal": 30})
    played = g.play(hold_at(20), games=20000, seed=5)
    exact = g.evaluate(policy="hold:20", opponent="hold:20", games=100, seed=1, threads=1).exact_first_player_win
    assert played.games == 20000 and played.seed == 5
    assert abs(played.mean[0] - exact) < 4 * played.stderr[0]
    assert abs(played.mean[0] + played.mean[1] - 1) < 1e-12  # one winner a game
    assert 0.002 < played.stderr[0] < 0.005  # sqrt(p (1 - p) / n)
    assert "± 1 SE" in played.method


def test_the_same_seed_gives_the_same_games(vf):
    g = vf.game("pig", set={"goal": 20})
    seats = [hold_at(10), hold_at(15)]
    first = g.play(seats, games=3000, seed=9)
    assert g.play(seats, games=3000, seed=9).mean == first.mean
    assert g.play(seats, games=3000, seed=10).mean != first.mean
    assert first.to_dict()["mean"] == first.mean


def test_bad_input_raises_input_error(vf):
    g = vf.game("pig", set={"goal": 20})
    with pytest.raises(vf.InputError, match="a list of 2"):
        g.play([hold_at(10)])
    with pytest.raises(vf.InputError, match="seats= takes callables"):
        g.play(["hold:10", "hold:10"])
    for bad in (0, -1, 2**41, 1.5, False):
        with pytest.raises(vf.InputError, match=r"^games=.*: 1\.\.1099511627776$"):
            g.play(hold_at(10), games=bad)
    for bad in (-5, 2**64, "seven"):
        with pytest.raises(vf.InputError, match=r"^seed=.*: 0\.\.18446744073709551615$"):
            g.play(hold_at(10), seed=bad)
    with pytest.raises(vf.InputError, match="not a legal action here"):
        g.play(lambda state: "jump", games=10)
    assert g.play(hold_at(10), games=10).games == 10


def test_ctrl_c_stops_the_games_promptly(vf):
    g = vf.game("pig", set={"goal": 100})
    timer = interrupt_soon()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        g.play(hold_at(20), games=10**9)
    timer.join()
    assert time.monotonic() - start < 0.5 + 2.0
