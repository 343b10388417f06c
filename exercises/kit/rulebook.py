"""The rulebook sections the hints point at, quoted word for word from the English rulebooks
(Carnuta's, and Carnival's for the exercises that compare the two games), and, for the French
exercises, from Carnuta's French express rules (Repos Production) where they say the same;
Carnival has no French rulebook, so its French hints state the rule in the kit's own words.
Carcata's and Karnak's hints name the section of their rulebook and state its rule in the kit's
own words, in both languages (``own_words``), never as a quote."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    """A rulebook section and the sentence of it that settles a question; ``book`` is the
    game whose rulebook it quotes."""

    section: str
    quote: str
    book: str = "carnuta"
    #: The same rule in the French express rules: (section, quote); for another game than
    #: Carnuta, which has no French rulebook, (the English section, the rule in the kit's words).
    french: tuple[str, str] | None = None
    #: True when the express rules leave this rule out and ``french`` translates the English
    #: rulebook's sentence instead (the hint says so).
    translated: bool = False
    #: True when ``quote`` states the rule in the kit's own words (and says where the kit's
    #: reconstruction fills a gap), not as the rulebook words it: the hint says "in short".
    own_words: bool = False

    def __str__(self) -> str:
        book = "Rulebook" if self.book == "carnuta" else f"{self.book.title()} rulebook"
        if self.own_words:
            return f'{book}, "{self.section}", in short: {self.quote}'
        return f'{book}, "{self.section}": “{self.quote}”'

    def text(self, lang: str = "en") -> str:
        """The hint's reference in ``lang``: a French one quotes the French express rules."""
        if lang != "fr":
            return str(self)
        if self.french is None:
            raise ValueError(f"the rule {self.section!r} has no French quote yet")
        section, quote = self.french
        if self.book != "carnuta":
            # No French rulebook of that game: the rule in the kit's words, not as a quote.
            return f"Règles de {self.book.title()} (en anglais), « {section} », en bref : {quote}"
        if self.translated:
            return f"Livret de règles (en anglais), « {section} », traduit : « {quote} »"
        return f"Règles express, « {section} » : « {quote} »"


RULES: dict[str, Rule] = {
    "setup": Rule(
        "Setup",
        "Place 4 runes, 2 on the Sun side and 2 on the Moon side, on the first four spaces on "
        "your board. [...] Make a reserve of runes according to the number of players: "
        "2 players: 1 Sun and 1 Moon; 3 players: 2 Sun and 2 Moon; 4 players: 3 Sun and 3 Moon.",
        french=(
            "Setup",
            "Placez 4 runes, 2 côté Soleil et 2 côté Lune, sur les quatre premiers "
            "emplacements de votre plateau. [...] Formez une réserve de runes selon le nombre"
            " de joueurs : 2 joueurs : 1 Soleil et 1 Lune ; 3 joueurs : 2 Soleils et 2 Lunes "
            "; 4 joueurs : 3 Soleils et 3 Lunes.",
        ),
        translated=True,
    ),
    "actions": Rule(
        "Gameplay Overview",
        "On your turn, take 2 actions from the 4 following actions: [...] Your 2 actions can be "
        "the same or different, and you may do them in any order.",
        french=(
            "Déroulement d’une partie",
            "À votre tour, vous jouez 2 actions, identiques ou différentes, parmi 4 possibles.",
        ),
    ),
    "take": Rule(
        "Take a Card",
        "Take a card from the 8 visible in the center of the table and add it to your hand. "
        "Replace it immediately with the top card of the corresponding deck.",
        french=(
            "Prendre une Carte",
            "Prenez une carte parmi les 8 visibles au centre de la table et ajoutez-la à votre "
            "main. Remplacez-la immédiatement par la première carte de la pioche correspondante.",
        ),
    ),
    "play": Rule(
        "Play a Card",
        "Choose a card from your hand and pay the cost shown with the runes on your board: "
        "Flip the rune shown to its other side. Return the rune shown to the reserve, without "
        "flipping it.",
        french=(
            "Poser une Carte",
            "Choisissez une carte de votre main et payez le coût indiqué avec les runes présentes"
            " sur votre plateau, en fonction de l’iconographie : • Soit retournez la rune "
            "indiquée sur son autre face. • Soit remettez la rune indiquée dans la réserve, sans "
            "la retourner.",
        ),
    ),
    "counter": Rule(
        "Play a Card",
        "Finally, move your counter by one space. [...] Certain spaces offer a bonus. When you "
        "reach one, immediately benefit from the corresponding effect: Remove a Padlock from "
        "your board. [...] Take a Bonus Ingredient token [...]",
        french=(
            "Poser une Carte",
            "Enfin, avancez votre compteur d’un cran. [...] Certains crans offrent des bonus. "
            "Lorsque vous les atteignez, bénéficiez immédiatement de l’effet correspondant : • "
            "Cadenas : Retirez un Cadenas de votre plateau. [...] • Flèche vers le bas : Prenez "
            "un jeton Ingrédient bonus [...]",
        ),
    ),
    "runes": Rule(
        "Take Runes",
        "Fill the empty spaces on your board, as many as possible, with runes from the reserve, "
        "without flipping them. You may take either Moons or Suns, but never both types of "
        "runes in the same action. Note: Spaces blocked by a Padlock are not yet available.",
        french=(
            "Prendre des Runes",
            "Remplissez, autant que possible, les emplacements vides de votre plateau avec des "
            "runes provenant de la réserve, sans les retourner. Vous pouvez soit prendre des "
            "Lunes, soit prendre des Soleils, mais jamais les deux types de runes lors d’une même"
            " action.",
        ),
    ),
    "flip": Rule(
        "Flip Runes",
        "Flip runes on your board so that you only have runes of the same type faceup: Moons "
        "or Suns.",
        french=(
            "Retourner des Runes",
            "Retournez des runes de votre plateau de manière à n’avoir que des runes du même type"
            " face visible : Lunes ou Soleils.",
        ),
    ),
    "end_turn": Rule(
        "End of Turn",
        "End your turn by checking the 2 following points: 3 cards in hand. Discard any cards "
        "above this limit. Move your counter.",
        french=(
            "Fin du Tour",
            "Terminez votre tour en vérifiant les 2 points suivants : • La limite de 3 cartes en "
            "main. Défaussez les éventuelles cartes excédentaires. • L’avancée de votre compteur."
            " Il doit correspondre au nombre de cartes devant vous.",
        ),
    ),
    "end_game": Rule(
        "End of the Game",
        "The end of the game is triggered as soon as one player plays their 11th card. Finish "
        "the current turn (until the person to the right of the Ancestor), then take a final "
        "turn.",
        french=(
            "Fin de Partie",
            "La fin de la partie est déclenchée dès qu’une personne pose sa 11e carte. Finissez "
            "le tour en cours (jusqu’à la personne à la droite de l’Ancêtre), puis faites un "
            "dernier tour de jeu.",
        ),
    ),
    "tie": Rule(
        "End of the Game",
        "The player with the highest score wins the game. In case of tie, the player with the "
        "most points in a single Ingredient wins. If there's still a tie, share the victory.",
        french=(
            "Décompte Final",
            "La personne qui obtient le score le plus élevé remporte la partie. En cas d’égalité,"
            " celle qui a gagné le plus de points avec un seul type d’Ingrédient l’emporte. En "
            "cas de nouvelle égalité, la victoire est partagée.",
        ),
    ),
    "points": Rule(
        "Description of Points",
        "Gain 1 point for each of the two Ingredients shown. [...] Gain 1 point for each "
        "Ingredient shown, including this card. [...] Gain 4 points for each set of 2 "
        "Ingredients shown.",
        french=(
            "Déroulement d’une partie",
            "Le but du jeu est de créer une potion en posant des cartes devant vous. Chaque "
            "carte rapporte des points en fonction des ingrédients présents dans votre "
            "potion.",
        ),
    ),
    "special": Rule(
        "Special cards",
        "At the end of the game, double cards count as 2 Ingredients of the type shown. Salt is "
        "a Wild Ingredient. When you play a Salt card, stack it on a card already played in "
        "front of you. At the end of the game, the Salt counts as 1 extra Ingredient of this "
        "type.",
        french=(
            "Special cards",
            "À la fin de la partie, les cartes doubles comptent comme 2 Ingrédients du type "
            "indiqué. Le Sel est un Ingrédient joker. Quand vous posez une carte Sel, posez-"
            "la sur une carte déjà posée devant vous. À la fin de la partie, le Sel compte "
            "comme 1 Ingrédient de plus de ce type.",
        ),
        translated=True,
    ),
    "bonus": Rule(
        "Play a Card",
        "Take a Bonus Ingredient token from those available in the center of the table and "
        "place it in front of you. At the end of the game, this counts as 1 extra Ingredient "
        "of the type shown.",
        french=(
            "Poser une Carte",
            "Flèche vers le bas : Prenez un jeton Ingrédient bonus parmi ceux disponibles au "
            "centre de la table et posez-le devant vous. À la fin de la partie, celui-ci "
            "compte comme 1 Ingrédient supplémentaire du type indiqué.",
        ),
    ),
    "carnival_turn": Rule(
        "How to Play",
        "During your turn, you must draw one card from the draw deck and then play a card from "
        "your hand face up: [...] onto the Carnival stack, [...] on the table in front of you "
        "(as your Spectator), or [...] in front of another player (as their Spectator).",
        book="carnival",
        french=(
            "How to Play",
            "à votre tour, piochez une carte, puis jouez une carte de votre main face visible : sur la pile du Carnaval, devant vous comme Spectateur, ou devant un autre joueur comme son Spectateur.",
        ),
    ),
    "carnival_masks": Rule(
        "Mask Cards",
        "When playing a Mask card, slide another card from your hand face down under it. [...] "
        "Mask cards can be used to play hidden Creature cards in the Carnival stack, as your "
        "Spectator, or in front of another player as their Spectator.",
        book="carnival",
        french=(
            "Mask Cards",
            "un Masque se joue avec une autre carte de votre main glissée face cachée dessous ; il cache ainsi une Créature, sur la pile du Carnaval, devant vous ou devant un autre joueur.",
        ),
    ),
    "carnival_younger": Rule(
        "For Younger Players",
        "You are not allowed to play cards in front of other players. You can only play "
        "Creatures in the Carnival stack or as your Spectators. You can still play mask cards "
        "to hide Creatures you play.",
        book="carnival",
        french=(
            "For Younger Players",
            "on ne joue aucune carte devant les autres joueurs : les Créatures vont sur la pile du Carnaval ou devant vous, et les Masques peuvent toujours les cacher.",
        ),
    ),
    "carnival_round_end": Rule(
        "End of a Round",
        "The round ends when the draw pile is empty. However the player still gets to complete "
        "their turn. Players must now add the remaining Creature cards from their hands as "
        "Spectators to the cards they already have on the table in front of them.",
        book="carnival",
        french=(
            "End of a Round",
            "la manche finit quand la pioche est vide, une fois le tour en cours achevé ; chacun ajoute alors à ses Spectateurs les Créatures qui lui restent en main.",
        ),
    ),
    "carnival_rounds": Rule(
        "Game Overview",
        "The game is played over 2 rounds. [...] play a second round using the same rules.",
        book="carnival",
        french=(
            "Game Overview",
            "une partie se joue en 2 manches, la seconde avec les mêmes règles.",
        ),
    ),
    "carnival_happy": Rule(
        "End of a Round",
        "Your Creatures are only happy if there are more Creatures of their type in the "
        "Carnival than there are in the Spectator rows in front of you. Turn all cards of the "
        "Creature types that are not happy face down, they do not contribute to your score.",
        book="carnival",
        french=(
            "End of a Round",
            "vos Créatures d'un type ne sont heureuses que si le Carnaval en compte strictement plus que vos Spectateurs ; les types malheureux sont retournés face cachée et ne rapportent rien.",
        ),
    ),
    "carcata_turtle": Rule(
        "Turtle",
        "a die that lands on the Turtle is put aside for the rest of the turn and is never "
        "rolled again; every other die may be picked up and rolled again, as often as you "
        "like; at the end of the turn each Turtle die moves the Ancestral Turtle on by one "
        "symbol. (The kit's dice have one Turtle face in six: the rulebook does not list the "
        "faces.)",
        book="carcata",
        own_words=True,
        french=(
            "Turtle",
            "un dé tombé sur la Tortue est mis de côté pour le reste du tour et n'est plus "
            "jamais relancé ; tous les autres dés peuvent être repris et relancés, aussi "
            "souvent que vous le voulez ; à la fin du tour, chaque dé Tortue fait avancer la "
            "Tortue ancestrale d'un symbole. (Les dés du kit ont une face Tortue sur six : les "
            "règles ne donnent pas les faces.)",
        ),
    ),
    "carcata_lava": Rule(
        "Lava",
        "all the turn's lava dice make one straight flow, one token each; it starts on a "
        "space touching the volcano (its first token there) or goes on from an older token; "
        "each token lies lower than the one before, and the flow ends where that fails, at "
        "the sea or (the kit's ruling) against older lava, the tokens left being lost; a "
        "statue in its way turns it a sixth of a turn to the left or right, if that space is "
        "lower; a token kills the pawn and burns the gems it lands on.",
        book="carcata",
        own_words=True,
        french=(
            "Lava",
            "tous les dés de lave du tour forment une seule coulée droite, un jeton chacun ; "
            "elle part d'une case qui touche le volcan (son premier jeton y va) ou continue "
            "depuis un jeton plus ancien ; chaque jeton est plus bas que le précédent, et la "
            "coulée s'arrête là où ce n'est plus le cas, à la mer ou (décision du kit) contre "
            "une lave plus ancienne, les jetons restants étant perdus ; une statue sur son "
            "chemin la détourne d'un sixième de tour à gauche ou à droite, si cette case est "
            "plus basse ; un jeton tue le pion et détruit les gemmes de sa case.",
        ),
    ),
    "carcata_scoring": Rule(
        "End of the Game",
        "each surviving pawn scores its level (1 on the beach, 6 on the top), each tribe its "
        "collected gems, and each pawn in a territory closed by the lava scores the loose "
        "gems lying in that territory, so two pawns there score them twice (gems are worth "
        "1, 2, 3 and 5).",
        book="carcata",
        own_words=True,
        french=(
            "End of the Game",
            "chaque pion survivant marque son niveau (1 sur la plage, 6 au sommet), chaque "
            "tribu ses gemmes ramassées, et chaque pion dans un territoire fermé par la lave "
            "marque les gemmes libres de ce territoire, si bien que deux pions y marquent deux "
            "fois (les gemmes valent 1, 2, 3 et 5).",
        ),
    ),
    "carcata_catapult": Rule(
        "Eruption",
        "each eruption die draws one gem from the bag and throws it from the volcano: a gem "
        "that ends in the sea or on lava goes back to the bag; one that touches a pawn puts "
        "that pawn out of the game; one that stops by a pawn without touching it goes to the "
        "pawn's owner; on a free space it stays. (Where a throw lands, and the chance of a "
        "touch, are the kit's model: the rulebook leaves the throw to the player's hand.)",
        book="carcata",
        own_words=True,
        french=(
            "Eruption",
            "chaque dé d'éruption tire une gemme du sac et la lance depuis le volcan : une "
            "gemme qui finit dans la mer ou sur la lave retourne au sac ; celle qui touche un "
            "pion fait sortir ce pion du jeu ; celle qui s'arrête près d'un pion sans le "
            "toucher va au propriétaire du pion ; sur une case libre, elle reste. (Où tombe un "
            "tir, et la probabilité de toucher, sont le modèle du kit : les règles laissent le "
            "tir à la main du joueur.)",
        ),
    ),
    "karnak_frozen": Rule(
        "Main Actions",
        "a piece can no longer change when it is white, when another piece stands on it, or "
        "when a Priest touches it or any piece of the structure it belongs to; such a piece "
        "cannot be moved, and no new piece may touch a structure a Priest holds. (Touching is "
        "the kit's reading of the drawn mat: on top, or side by side at the same level across "
        "an edge of the kit's grid.)",
        book="karnak",
        own_words=True,
        french=(
            "Main Actions",
            "une pièce ne peut plus changer quand elle est blanche, quand une autre pièce est "
            "posée dessus, ou quand un prêtre la touche, elle ou une pièce de sa structure ; "
            "une telle pièce ne peut pas être déplacée, et aucune pièce nouvelle ne peut "
            "toucher une structure tenue par un prêtre. (Toucher est la lecture du kit : "
            "dessus, ou côte à côte au même niveau par un bord de la grille du kit.)",
        ),
    ),
    "karnak_designs": Rule(
        "Scoring",
        "a Design is complete when the mat does what its card says; a structure is two or "
        "more pieces touching one another without a break, never a lone piece, and unless "
        "the card says exactly, same or only, extra pieces and other structures around do no "
        "harm. (Every Design but Kiosk, and the grid of the mat, are the kit's "
        "reconstruction.)",
        book="karnak",
        own_words=True,
        french=(
            "Scoring",
            "un Design est complet quand le plateau fait ce que dit sa carte ; une structure "
            "est faite de deux pièces ou plus qui se touchent sans interruption, jamais d'une "
            "pièce seule, et sauf si la carte dit exactement, même ou seulement, les pièces en "
            "plus et les autres structures autour ne gênent pas. (Tous les Designs sauf le "
            "Kiosque, et la grille du plateau, sont la reconstitution du kit.)",
        ),
    ),
    "karnak_scoring": Rule(
        "Scoring",
        "the game stops as soon as someone takes the last Favor card; then each player "
        "scores every Design card they hold or have revealed that the mat still completes at "
        "that moment, revealed cards being no safer than the others, plus a point for each "
        "Favor card left unused. (Every Design but Kiosk, and the mix of Favor cards, are the "
        "kit's reconstruction.)",
        book="karnak",
        own_words=True,
        french=(
            "Scoring",
            "la partie s'arrête dès que quelqu'un prend la dernière carte Faveur ; chaque "
            "joueur marque alors chaque Design qu'il a en main ou a révélé et que le plateau "
            "complète encore à ce moment, les cartes révélées n'étant pas plus à l'abri que "
            "les autres, plus un point par carte Faveur restée inutilisée. (Tous les Designs "
            "sauf le Kiosque, et le mélange des cartes Faveur, sont la reconstitution du kit.)",
        ),
    ),
    "karnak_priest": Rule(
        "Bonus Actions",
        "a player may put a Priest they hold on an empty spot where it touches one piece and "
        "no more; that piece, and the whole structure it is part of, is frozen from then on, "
        "so a piece some Priest already holds cannot be chosen. (On the kit's grid a Priest "
        "stands on a cell and touches the pieces on the mat in the cells across its edges; "
        "pieces higher in a stack are not touched.)",
        book="karnak",
        own_words=True,
        french=(
            "Bonus Actions",
            "un joueur peut poser un prêtre qu'il a sur un emplacement vide où il touche une "
            "pièce et pas plus ; cette pièce, et toute la structure dont elle fait partie, est "
            "figée dès lors, si bien qu'une pièce qu'un prêtre tient déjà ne peut pas être "
            "choisie. (Sur la grille du kit, un prêtre est posé sur une case et touche les "
            "pièces posées sur le plateau dans les cases de l'autre côté de ses bords ; les "
            "pièces plus haut dans une pile ne sont pas touchées.)",
        ),
    ),
}
