"""The model of every game, walked from Python: random playouts reach a terminal state, every
chance node's probabilities sum to 1, and states are values."""
import math
import random

import pytest

GAMES = ["verflixte6", "pig", "schocken", "en-gingg", "zehntausend", "kniffel"]
# Short rules where the default game is long under random play (a random Zehntausend player
# rarely banks); the model's walk is the same code whatever the numbers.
RULES = {"pig": {"goal": 30}, "zehntausend": {"limit": 2000}}


def playout(state, rng, max_steps=200_000):
    steps = 0
    while not state.is_terminal():
        steps += 1
        assert steps < max_steps, "no end in sight: " + str(state)
        if state.is_chance():
            outcomes = state.chance_outcomes()
            assert outcomes
            total = math.fsum(o.probability for o in outcomes)
            assert abs(total - 1) <= 1e-12, (str(state), total)
            assert all(o.probability > 0 for o in outcomes)
            assert state.legal_actions() == []
            state = state.apply(rng.choices(outcomes, weights=[o.probability for o in outcomes])[0])
        else:
            p = state.current_player()
            assert p >= 0
            actions = state.legal_actions()
            assert actions, str(state)
            assert len({a.id for a in actions}) == len(actions)
            assert state.chance_outcomes() == []
            state = state.apply(rng.choice(actions))
    return state, steps


@pytest.mark.parametrize("name", GAMES)
def test_random_playouts_end_and_chance_sums_to_one(vf, name):
    g = vf.game(name, set=RULES.get(name))
    rng = random.Random(20240601)
    for _ in range(3):
        end, steps = playout(g.initial_state(), rng)
        assert end.current_player() == vf.TERMINAL
        assert len(end.returns()) == g.players
        assert steps > 0


def test_states_are_values(vf):
    g = vf.game("pig")
    s = g.initial_state()
    assert s.current_player() == 0
    assert str(s) == str(g.initial_state())
    assert s == g.initial_state()
    roll = next(a for a in s.legal_actions() if a.name == "roll")
    t = s.apply(roll)
    assert t.is_chance() and t.current_player() == vf.CHANCE
    assert t.chance_throw() == (1, 6)
    faces = t.chance_outcomes()
    assert len(faces) == 6 and all(abs(o.probability - 1 / 6) < 1e-15 for o in faces)
    # The same move by name or by index; the old state is untouched.
    assert s.apply("roll") == t == s.apply(roll.index)
    assert s.current_player() == 0
    assert t.apply(faces[3]) == t.apply(3) == t.apply(faces[3].name)


def test_rules_change_the_model(vf):
    # Five 6s reach 30: Pig to 30 is then won, Pig to 100 goes on.
    def five_sixes(g):
        s = g.initial_state()
        for _ in range(5):
            s = s.apply("roll").apply("6")
        return s

    assert five_sixes(vf.game("pig", set={"goal": 30})).is_terminal()
    assert not five_sixes(vf.game("pig")).is_terminal()


def test_bad_moves_raise_input_error(vf):
    s = vf.game("pig").initial_state()
    with pytest.raises(vf.InputError, match="not a legal action"):
        s.apply("fly")
    with pytest.raises(vf.InputError, match="not a legal action"):
        s.apply(99)
    with pytest.raises(vf.InputError):
        s.returns()
    with pytest.raises(vf.InputError):
        s.chance_throw()
