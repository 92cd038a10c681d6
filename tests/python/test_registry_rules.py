"""The registry and the rules: every game is listed, a ruleset is a dict with rule ids, and the
INI text goes round trip."""
import pytest

from conftest import cli, cli_json

GAMES = ["verflixte6", "pig", "schocken", "en-gingg", "zehntausend", "kniffel"]


def test_games_lists_every_game_in_the_registry_order(vf):
    assert [g.name for g in vf.games()] == GAMES
    for g in vf.games():
        assert g.description
        assert {"solve", "evaluate", "tournament", "advise", "balance", "rules"} <= set(g.commands)
        assert g.players >= 1


@pytest.mark.parametrize("name", GAMES)
def test_rules_are_the_rules_commands_json(vf, name):
    rules = vf.game(name).rules
    doc = cli_json(name, "rules")
    assert rules.to_ini() == doc["ini"]
    # Every game lists its parameters alike (Die verflixte 6 describes its jokers besides).
    params = doc["parameters"]
    assert list(rules.to_dict()) == [p["key"] for p in params]
    assert rules.rule_ids() == {p["key"]: p["rule"] for p in params}
    assert rules.parameters() == params


@pytest.mark.parametrize("name", GAMES)
def test_ini_round_trip(vf, name):
    rules = vf.game(name).rules
    again = vf.Rules.from_ini(name, rules.to_ini())
    assert again == rules
    assert again.to_ini() == rules.to_ini()
    assert vf.game(name, rules=rules.to_ini()).rules == rules


def test_preset_and_set_give_the_command_lines_rules(vf):
    g = vf.game("kniffel", preset="yahtzee", set={"bonus": 45})
    assert g.rules.to_dict()["bonus"] == 45
    assert g.rules.to_ini() == cli_json("kniffel", "rules", "--preset", "yahtzee", "--set", "bonus=45")["ini"]
    # The model follows the rules: Pig to 30 ends sooner than Pig to 100, and says so.
    pig = vf.game("pig", set={"goal": 30})
    assert pig.rules["goal"] == 30
    assert pig.rules.summary() == cli_json("pig", "rules", "--set", "goal=30")["rules"]


def test_rules_read_from_ini_reach_the_commands(vf):
    ini = vf.game("pig", set={"goal": 30}).rules.to_ini()
    g = vf.game("pig", rules=ini)
    assert g.rules["goal"] == 30
    assert g.solve().p_first_wins == vf.game("pig", set={"goal": 30}).solve().p_first_wins


def test_bad_rules_raise_the_command_lines_message(vf):
    code, _, err = cli("pig", "rules", "--set", "goal=0")
    assert code == 2
    with pytest.raises(vf.InputError) as e:
        vf.game("pig", set={"goal": 0})
    assert err.strip() == "verflixt: " + str(e.value)
    assert isinstance(e.value, ValueError)
    with pytest.raises(vf.InputError, match="unknown game 'pgi'.*pig"):
        vf.game("pgi")
    with pytest.raises(vf.InputError):
        vf.game("kniffel", preset="no-such-preset")
    with pytest.raises(vf.InputError):
        vf.Rules.from_ini("pig", "[rules]\nno_such_key = 1\n")
