"""lesson_data/carcata_skill.json is what its module computes: the first deal, played again at
the steadiest and the shakiest spread."""

from __future__ import annotations

from lesson_data import carcata_skill, load


def test_the_file_matches_a_fresh_run_of_its_first_deal() -> None:
    stored = load("carcata_skill")
    assert stored["spreads"] == list(carcata_skill.SPREADS)
    assert stored["seeds"] == carcata_skill.SEEDS
    assert stored["chance_budget"] == carcata_skill.CHANCE_BUDGET
    ends = (carcata_skill.SPREADS[0], carcata_skill.SPREADS[-1])
    fresh = carcata_skill.compute(sample=1, spreads=ends)
    for spread in ends:
        games = stored["games"][str(spread)]
        assert fresh["games"][str(spread)] == games[:2], spread
        assert len(games) == 2 * stored["seeds"]
        assert all(g["island"] == (g["win"] == g["rival_win"] == 0) for g in games)


def test_the_keeper_keeps_the_dice_and_plays_legal_actions() -> None:
    from carcata_core import Game

    game = Game.new(2, seed=5)
    keeper = carcata_skill.Keeper(5)
    while game.phase == "setup":
        game.play(keeper.choose(game))
    assert game.phase == "dice" and str(keeper.choose(game)) == "keep"
    game.play(keeper.choose(game))
    assert keeper.choose(game) in game.legal_actions()
