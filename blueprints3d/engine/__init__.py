"""The rules of Blueprints, headless: state, actions, scoring, awards, views and save files.

Pure Python; never imports Panda3D. Everything that shows or plays the game asks this package
what is legal.
"""

from blueprints3d.engine import actions
from blueprints3d.engine.awards import AWARDS_BY_PLAYERS, Award, Placement
from blueprints3d.engine.blueprints import Blueprint, card_by_id, standard_deck
from blueprints3d.engine.errors import (BlueprintsError, BuildFileError, CardDataError,
                                        IllegalAction, SaveFileError)
from blueprints3d.engine.materials import MATERIAL_OF, NUM_DICE, Material
from blueprints3d.engine.scoring import Prize, Score, explain_building, score_building
from blueprints3d.engine.state import GameResult, GameState, Phase, RoundResult

__all__ = [
    "actions", "AWARDS_BY_PLAYERS", "Award", "Placement", "Blueprint", "card_by_id",
    "standard_deck", "BlueprintsError", "BuildFileError", "CardDataError", "IllegalAction",
    "SaveFileError", "MATERIAL_OF", "NUM_DICE", "Material", "Prize", "Score", "explain_building",
    "score_building", "GameResult", "GameState", "Phase", "RoundResult",
]
