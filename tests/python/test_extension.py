"""The module behaves like a good extension: it releases the GIL while a command computes,
Ctrl-C raises KeyboardInterrupt promptly (and the next answer is whole), and bad input raises
verflixt.InputError with the command line's one-line message."""
import os
import signal
import threading
import time

import pytest

from conftest import cli, python_runs_during


def test_two_threads_solve_at_once_and_agree(vf):
    g = vf.game("pig", set={"goal": 60})
    results = [None, None]

    def solve(k):
        results[k] = g.solve().p_first_wins

    threads = [threading.Thread(target=solve, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert results[0] is not None and results[0] == results[1]


def test_a_second_thread_answers_while_the_first_computes(vf):
    # The main thread runs an evaluate that only Ctrl-C ends; a second thread asks for a solve
    # meanwhile, then presses Ctrl-C. Commands that waited for each other would never get
    # there: the watchdog's Ctrl-C after 60 s ends the evaluate, and the solve comes after it.
    g = vf.game("pig", set={"goal": 40})
    alone = g.solve().p_first_wins
    evaluating = threading.Event()
    answered = {}

    def second():
        evaluating.wait(10)
        value = g.solve().p_first_wins
        answered["during"] = evaluating.is_set()
        answered["value"] = value
        os.kill(os.getpid(), signal.SIGINT)

    watchdog = threading.Timer(60, os.kill, (os.getpid(), signal.SIGINT))
    t = threading.Thread(target=second)
    watchdog.start()
    t.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            evaluating.set()
            g.evaluate(games=10**9, threads=1)
        evaluating.clear()
    finally:
        watchdog.cancel()
        t.join(60)
    assert answered == {"during": True, "value": alone}
    # Ctrl-C stopped the main thread's command alone; the next answer is whole.
    assert g.evaluate(games=200, seed=1, threads=1).interrupted is False


def test_python_runs_while_a_command_computes(vf):
    assert python_runs_during(lambda: vf.game("pig", set={"goal": 60}).solve())


def interrupt_soon(delay=0.5):
    timer = threading.Timer(delay, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer


def test_ctrl_c_stops_a_long_evaluate_promptly(vf):
    g = vf.game("pig", set={"goal": 30})
    timer = interrupt_soon()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        g.evaluate(games=10**9, threads=1)  # minutes of work (10**12 spends its first seconds allocating)
    timer.join()
    assert time.monotonic() - start < 0.5 + 2.0
    # The stop request is cleared: the next answer is whole.
    assert g.evaluate(games=200, seed=1, threads=1).interrupted is False


def test_ctrl_c_stops_an_exact_solve(vf):
    # The preset's two-player race solved afresh: some 20 s on one thread, on any machine
    # far longer than the half second before the interrupt.
    g = vf.game("zehntausend")
    timer = interrupt_soon()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        g.solve(race=True, no_cache=True, threads=1)
    timer.join()
    assert time.monotonic() - start < 0.5 + 2.0


def test_bad_options_raise_the_command_lines_message(vf):
    g = vf.game("pig")
    code, _, err = cli("pig", "evaluate", "--games", "0", "--format", "json")
    assert code == 2
    with pytest.raises(vf.InputError) as e:
        g.evaluate(games=0)
    assert "verflixt: " + str(e.value) == err.strip()
    with pytest.raises(vf.InputError):
        g.solve(no_such_option=1)
    with pytest.raises(vf.InputError, match=r"pig has no command 'slove'; did you mean solve\?"):
        g.run("slove")
    with pytest.raises(vf.InputError):
        g.solve(format="csv")
    # After a refusal, the module answers as before.
    assert g.solve(goal=20).interrupted is False


def test_a_whole_float_is_a_count(vf):
    g = vf.game("pig", set={"goal": 20})
    # 1e3 is what a notebook types for a thousand: the same games as 1000, the same seed.
    want = g.evaluate(games=1000, seed=2, threads=1, exact=False)
    for spelled in (1e3, 1000.0):
        got = g.evaluate(games=spelled, seed=2, threads=1, exact=False)
        assert got.games == 1000
        assert got.to_dict()["seats"] == want.to_dict()["seats"]
    with pytest.raises(vf.InputError, match="--games 1.5 is not a whole number"):
        g.evaluate(games=1.5)


def test_a_list_is_only_for_an_option_given_again_and_again(vf):
    g = vf.game("pig", set={"goal": 20})
    # One value per option, unless the command line repeats it: a list of one, of none or of
    # several is refused, not read as its one value or left out unseen.
    for score in ([5], [], [5, 6], {"a": 1}):
        with pytest.raises(vf.InputError, match="^--score takes one value, not a list$"):
            g.advise(score=score, other=3, turn_total=4)
    # --seat and --set are given again and again: a list (or a dict) is their values.
    t = g.tournament(seat=["hold:5", "hold:8"], games=200)
    assert [s["policy"] for s in t.to_dict()["seats"]] == ["hold:5", "hold:8"]
    assert vf.game("pig").advise(set={"goal": 20}, score=5).to_dict()["rules"].startswith("goal=20 ")


def test_a_bool_is_a_switch_only_where_the_option_is_one(vf):
    g = vf.game("pig", set={"goal": 20})
    # True or False for a number is refused by the number's own check, naming the value given.
    code, _, err = cli("pig", "advise", "--goal", "20", "--score", "true", "--other", "3", "--turn-total", "4")
    assert code == 2
    with pytest.raises(vf.InputError) as e:
        g.advise(score=True, other=3, turn_total=4)
    assert "verflixt: " + str(e.value) == err.strip()
    with pytest.raises(vf.InputError, match="--score false is not a whole number"):
        g.advise(score=False, other=3, turn_total=4)
    with pytest.raises(vf.InputError, match="--games true"):
        g.evaluate(games=True)
    with pytest.raises(vf.InputError, match="--turn-total true is not a whole number"):
        vf.game("verflixte6").advise(turn_total=True, other=["20:p"])
    # A mistyped name is refused even when False, which would otherwise leave it out unread.
    with pytest.raises(vf.InputError, match=r"unknown option '--exct'; did you mean --exact\?"):
        g.evaluate(exct=False, games=100)
    # An option of free text would take True as its text, a file or a directory named "true".
    with pytest.raises(vf.InputError, match="--write-policy takes a value, not true"):
        g.solve(write_policy=True)
    with pytest.raises(vf.InputError, match="--cache takes a value, not true"):
        vf.game("kniffel").sheet_values(cache=True)
    with pytest.raises(vf.InputError, match="--threads true is not a whole number"):
        vf.game("kniffel").sheet_values(threads=True)
    # A switch off is a switch left out; a true/false option reads either.
    assert g.solve(compensate=False).first_player_win == g.solve().first_player_win
    assert "exact_first_player_win" not in g.evaluate(games=100, seed=1, threads=1, exact=False)
