"""Golden Karnak playthroughs: seeded games played through ``Game.play`` (each action chosen
by a seeded player that reveals what it can and otherwise picks at random), as text
transcripts with the deal, both decks and every action's events, in English and in French,
diffed against the stored ones.

Regenerate after an intended rules change with
``CARNUTA_UPDATE_GOLDEN=1 pytest tests/test_karnak_golden.py`` and read the diff before
committing it.
"""

from __future__ import annotations

import random

import pytest

from karnak_core import Game, Reveal, Rules
from karnak_core.transcript import transcript
from tests.game_checks import assert_matches_golden

GAMES = [
    # name, players, seed, rules, language
    ("karnak-random-2p-seed3", 2, 3, Rules(round_limit=6), "en"),
    ("karnak-random-3p-seed8-fr", 3, 8, Rules(favor_deck=3, round_limit=12), "fr"),
    ("karnak-random-4p-seed5", 4, 5, Rules(favor_deck=2, round_limit=10), "en"),
    (
        "karnak-variant-2p-seed11-fr",
        2,
        11,
        Rules(max_level=2, hand_limit=3, priests_each=3, favor_deck=4, round_limit=10),
        "fr",
    ),
]


def played(players: int, seed: int, rules: Rules) -> Game:
    rng = random.Random(seed)
    game = Game.new(players, seed=seed, rules=rules)
    while not game.is_over:
        legal = game.legal_actions()
        reveals = [a for a in legal if isinstance(a, Reveal)]
        game.play(reveals[0] if reveals else rng.choice(legal))
    return game


@pytest.mark.parametrize("name, players, seed, rules, lang", GAMES, ids=[g[0] for g in GAMES])
def test_golden_playthrough(name: str, players: int, seed: int, rules: Rules, lang: str) -> None:
    game = played(players, seed, rules)
    text = transcript(game, lang=lang) + "\n"
    assert_matches_golden(name, text)
    # The transcript is the game: its log replays to the same end, and one line an action.
    again = Game.new(players, seed=seed, rules=rules)
    for _, action in game.log:
        again.play(action)
    assert again == game
    deal = 1 + players + 2
    assert text.count("\n") == deal + len(game.log) + 2


def test_a_french_transcript_is_french_from_the_deal_to_the_winners() -> None:
    game = played(2, 11, Rules(favor_deck=2, round_limit=6))
    lines = transcript(game, lang="fr").splitlines()
    assert lines[1].startswith("  Joueur 1 : Dessins ") and lines[1].endswith(" prêtres")
    assert lines[3].startswith("  Pioche de Dessins, du dessus : ")
    assert lines[4].startswith("  Pioche Faveur, du dessus : ")
    assert lines[-2].startswith("Points : joueur 1 ") and lines[-1].startswith(
        "Gagnant(s) : Joueur"
    )
    english = transcript(game).splitlines()
    assert english[-2].startswith("Scores: player 1 ") and english[-1].startswith("Winner(s): ")
