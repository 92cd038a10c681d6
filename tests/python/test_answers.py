"""The answers: each game's solve, and sampled answers for a seed, equal the command line's
JSON for the same options; Pig's published value; the Result's API."""
import warnings

import pytest

from conftest import cli, cli_json, masked

# (game, keyword options, the same as command-line words): cheap exact solves of every game.
SOLVES = [
    ("verflixte6", {"jokers": "none"}, ["--jokers", "none"]),
    ("pig", {"goal": 30}, ["--goal", "30"]),
    ("schocken", {}, []),
    ("en-gingg", {}, []),
    ("zehntausend", {}, []),
    ("kniffel", {"set": {"throws": 1, "bonus_threshold": 3}, "no_cache": True},
     ["--set", "throws=1", "--set", "bonus_threshold=3", "--no-cache"]),
]

# Sampled answers with a seed: the command line's exact numbers.
SAMPLED = [
    ("pig", "evaluate", {"goal": 30, "games": 2000, "seed": 7, "threads": 1},
     ["--goal", "30", "--games", "2000", "--seed", "7", "--threads", "1"]),
    ("schocken", "evaluate", {"turns": 2000, "seed": 3, "threads": 1},
     ["--turns", "2000", "--seed", "3", "--threads", "1"]),
    ("zehntausend", "tournament", {"seat": ["optimal", "bank:400"], "games": 200, "seed": 5, "threads": 2},
     ["--seat", "optimal", "--seat", "bank:400", "--games", "200", "--seed", "5", "--threads", "2"]),
    ("en-gingg", "balance", {"set": {"start": 20}, "games": 200, "seed": 11, "threads": 1},
     ["--set", "start=20", "--games", "200", "--seed", "11", "--threads", "1"]),
]


def test_pig_to_100_first_player_wins_with_the_published_probability(vf):
    # Neller & Presser (2004), "Optimal play of the dice game Pig": 0.530593.
    r = vf.game("pig").solve()
    assert round(r.p_first_wins, 6) == 0.530593
    assert r.p_first_wins == r.first_player_win


def test_optimal_solitaire_yahtzee_scores_the_published_expectation(vf):
    # Verhoeff (1999), "Optimal solitaire Yahtzee advisor": 254.5896 points under optimal play.
    r = vf.game("kniffel", preset="yahtzee").solve(no_cache=True)
    assert round(r.expected_score, 4) == 254.5896
    assert r.exact is True and r.from_cache is False


@pytest.mark.parametrize("name,options,words", SOLVES, ids=[s[0] for s in SOLVES])
def test_every_games_solve_is_the_command_lines(vf, name, options, words):
    r = vf.game(name).solve(**options)
    assert masked(r.to_dict()) == cli_json(name, "solve", *words)
    assert r.game == name and r.command == "solve"
    assert "interrupted" not in r or r.interrupted is False


@pytest.mark.parametrize("name,command,options,words", SAMPLED, ids=[s[0] + "-" + s[1] for s in SAMPLED])
def test_a_seed_gives_the_command_lines_numbers(vf, name, command, options, words):
    r = vf.game(name).run(command, **options)
    assert masked(r.to_dict()) == cli_json(name, command, *words)


def test_result_members_tables_and_standard_errors(vf):
    g = vf.game("pig", set={"goal": 30})
    solved = g.solve()
    assert "first_player_win" in solved
    hold = solved.table("hold_at")
    assert list(hold.dtype.names) == ["my_score", "opponent_score", "hold_at"]
    assert len(hold) == len(solved.hold_at)
    assert int(hold[0]["hold_at"]) == solved.hold_at[0]["hold_at"]
    ev = g.evaluate(games=500, seed=1, threads=1)
    for seat in ev.seats:  # every sampled figure next to its standard error
        assert 0 < seat["stderr"] < 0.05
    assert ev.to_dict()["seats"] == ev.seats
    with pytest.raises(AttributeError, match="no no_such_member"):
        ev.no_such_member
    # Positional words are the command line's, as they are.
    assert g.run("solve").to_dict().keys() == solved.to_dict().keys()


def test_options_are_values_not_command_line_words(vf):
    g = vf.game("pig", set={"goal": 20})
    # A true/false option given False is off: Pig's evaluate leaves out the exact value.
    asked = g.evaluate(games=500, seed=3, threads=1, exact=False)
    assert "exact_first_player_win" not in asked
    assert masked(asked.to_dict()) == cli_json("pig", "evaluate", "--set", "goal=20", "--games", "500", "--seed", "3",
                                               "--threads", "1", "--exact", "false")
    assert "exact_first_player_win" in g.evaluate(games=500, seed=3, threads=1)
    # The rules travel as values too: a Rules object's INI text is read as the command line reads
    # --rules-text, and a bad one is refused with its line.
    same = vf.game("pig", rules=g.rules)
    assert same.solve().first_player_win == g.solve().first_player_win
    with pytest.raises(vf.InputError, match="--rules-text"):
        vf.game("pig", rules="goal = many\n")
    with pytest.raises(vf.InputError, match="help is the command line's"):
        g.solve(help=True)
    # Command-line words end as the command line's do: a last option without its value is
    # missing it, as `verflixt pig evaluate --policy` says, not given the module's own words.
    with pytest.raises(vf.InputError, match="the required argument for option '--policy' is missing"):
        g.run("evaluate", "--games", "100", "--policy")
    assert g.run("evaluate", "--games", "100", "--seed", "3", "--exact", "false")["games"] == 100


def test_a_warning_of_the_command_line_is_a_python_warning(vf):
    # The command line says it on stderr; in a notebook that line would reach no cell.
    code, _, err = cli("schocken", "advise", "--dice", "611", "--limit", "2")
    assert code == 0 and "--limit changes nothing for the starter" in err
    with pytest.warns(UserWarning, match="--limit changes nothing for the starter"):
        r = vf.game("schocken").advise(dice="611", limit=2)
    # And listed in the answer, as in the command line's JSON.
    assert any("--limit changes nothing" in w for w in r.warnings)
    assert masked(r.to_dict()) == cli_json("schocken", "advise", "--dice", "611", "--limit", "2")
    with pytest.warns(UserWarning, match="--set players=3 changes nothing"):
        vf.game("pig", set={"goal": 20}).run("advise", "--score", "3", "--set", "players=3")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # none where nothing is said
        vf.game("schocken").advise(dice="611")
        with pytest.raises(UserWarning, match="--limit"):  # and a filter may make one an error
            vf.game("schocken").advise(dice="611", limit=2)
