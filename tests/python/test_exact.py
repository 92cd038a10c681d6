"""Exact values from any state (State.exact): the game's model compiled from the state and
solved by value iteration. Checked against the command line's exact figures (Pig's solver and
its policy evaluation) and against a small value iteration written here for a best response;
bad input raises InputError, and Ctrl-C raises KeyboardInterrupt promptly."""
import contextlib
import io
import pathlib
import re
import time

import pytest

from conftest import python_runs_during
from test_extension import interrupt_soon


def turn_total(state):
    return int(str(state).split("turn total ")[1].split(",")[0])


def hold_at(n):
    return lambda state: "hold" if turn_total(state) >= n else "roll"


def test_the_optimum_is_the_solvers(vf):
    g = vf.game("pig", set={"goal": 30})
    e = g.initial_state().exact()
    assert e.exact and e.converged
    assert abs(e.returns[0] - g.solve().p_first_wins) < 1e-9
    assert abs(e.returns[0] + e.returns[1] - 1) < 1e-9
    assert e.action.name == "roll"
    assert "zero-sum" in e.method and "with cycles" in e.method


def test_a_python_policys_value_is_the_command_lines_policy_evaluation(vf):
    g = vf.game("pig", set={"goal": 30})
    e = g.initial_state().exact(policy=hold_at(20))
    ev = g.evaluate(policy="hold:20", opponent="hold:20", games=100, seed=1, threads=1)
    assert abs(e.returns[0] - ev.exact_first_player_win) < 1e-9
    assert "the policy at every decision" in e.method


def pig_best_response(goal, hold, responder):
    """P(responder wins) from the start when he plays his best and the other player holds once
    his turn total reaches `hold` (Pig: a die of six faces, a 1 loses the turn total and passes
    the turn, reaching the goal wins at once, holding is allowed at any total). Gauss-Seidel
    value iteration over (player 0's score, player 1's, the turn total, the mover), written
    here for the test."""
    v = {}
    states = [(a, b, t, m) for m in (0, 1) for a in range(goal) for b in range(goal)
              for t in range(goal - (a if m == 0 else b))]
    for _ in range(100000):
        change = 0.0
        for a, b, t, m in states:
            mine = a if m == 0 else b
            roll = v.get((a, b, 0, 1 - m), 0.0) / 6
            for face in range(2, 7):
                if mine + t + face >= goal:
                    roll += (1.0 if m == responder else 0.0) / 6
                else:
                    roll += v.get((a, b, t + face, m), 0.0) / 6
            after = (a + t, b) if m == 0 else (a, b + t)
            hold_value = v.get((after[0], after[1], 0, 1 - m), 0.0)
            new = max(roll, hold_value) if m == responder else (hold_value if t >= hold else roll)
            change = max(change, abs(new - v.get((a, b, t, m), 0.0)))
            v[(a, b, t, m)] = new
        if change < 1e-14:
            break
    return v[(0, 0, 0, 0)]


def test_a_best_response_is_a_value_iteration_by_hand(vf):
    goal, hold = 12, 4
    g = vf.game("pig", set={"goal": goal})
    for responder in (0, 1):
        e = g.initial_state().exact(policy=hold_at(hold), player=responder)
        assert abs(e.returns[responder] - pig_best_response(goal, hold, responder)) < 1e-9, responder
        assert "best response" in e.method
    # A best response is at least as good as the policy it answers.
    policy = g.initial_state().exact(policy=hold_at(hold))
    best = g.initial_state().exact(policy=hold_at(hold), player=1)
    assert best.returns[1] >= policy.returns[1] - 1e-12


def test_bad_input_raises_input_error(vf):
    g = vf.game("pig", set={"goal": 30})
    s = g.initial_state()
    with pytest.raises(vf.InputError, match=r"player=2: this game's players are 0\.\.1"):
        s.exact(policy=hold_at(20), player=2)
    with pytest.raises(vf.InputError, match="policy= takes a callable"):
        s.exact(policy="hold:20")
    with pytest.raises(vf.InputError, match="give policy= for the other players"):
        s.exact(player=0)
    with pytest.raises(vf.InputError, match="not a legal action here"):
        s.exact(policy=lambda state: "jump")
    with pytest.raises(vf.InputError, match="more than 100 states"):
        s.exact(max_states=100)
    # Numbers out of range or of the wrong kind: one line naming the range, never a signature.
    for bad in (-1, 0, 10**30, 2.5, True, "many"):
        with pytest.raises(vf.InputError, match=r"^max_states=.*: 1\.\.20000000$"):
            s.exact(max_states=bad)
    for bad in (-1, 2, "x", True):
        with pytest.raises(vf.InputError, match=r"^player=.*: this game's players are 0\.\.1$"):
            s.exact(policy=hold_at(20), player=bad)
    with pytest.raises(vf.InputError, match="no one optimum"):
        vf.game("schocken", set={"players": 3}).initial_state().exact()
    # A turn that may go on for ever (rolling on at any total) is refused at the bound, not run
    # until memory runs out.
    def roll_on(state):
        return "roll" if "roll" in [a.name for a in state.legal_actions()] else 0
    with pytest.raises(vf.InputError, match="more than 10000 states"):
        vf.game("verflixte6").initial_state().exact(policy=roll_on, max_states=10000)
    # After a refusal the module answers as before.
    assert s.exact(policy=hold_at(20)).converged


def test_ctrl_c_stops_an_exact_solve_promptly(vf):
    s = vf.game("pig", set={"goal": 100}).initial_state()  # millions of states: many seconds
    timer = interrupt_soon()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        s.exact()
    timer.join()
    assert time.monotonic() - start < 0.5 + 2.0
    timer = interrupt_soon()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        s.exact(policy=lambda state: "roll" if turn_total(state) < 25 else "hold", player=1)
    timer.join()
    assert time.monotonic() - start < 0.5 + 2.0


def test_python_runs_while_an_exact_solve_computes(vf):
    assert python_runs_during(lambda: vf.game("pig", set={"goal": 40}).initial_state().exact())


def test_the_docs_examples_print_what_they_say(vf):
    doc = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md").read_text(encoding="utf-8")
    section = doc.split("## Exact values from any state, and games with your own policy", 1)[1].split("\n## ", 1)[0]
    code = "\n".join(re.findall(r"```python\n(.*?)```", section, re.S))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code, {"verflixt": vf})
    printed = out.getvalue().split("\n")
    said = re.findall(r"print\(.*\)\s*# (.*)", code)
    assert len(said) == 3
    assert printed[:3] == said
