"""``bezique settle``: the value of a one-deal game from its final scores."""

from __future__ import annotations

import argparse
import json

from interpreter.cli.output import load_variant


def settle_command(args: argparse.Namespace) -> int:
    from interpreter.engine.settlement import settle
    from interpreter.model.scoring import GameFormat

    variant = load_variant(args.variant)
    if variant.game.format is not GameFormat.SINGLE_DEAL:
        raise ValueError(
            f"{variant.name} is a race game to {variant.game.target}: it has no one-deal "
            "settlement (try rubicon, chinese or eight-pack)"
        )
    scores = (args.scores[0], args.scores[1])
    brisques = (args.brisques[0], args.brisques[1])
    result = settle(variant.settlement, scores, brisques, variant.brisques.usage)
    if args.json:  # the winner as a number, from 0: 0 is p1
        print(json.dumps(result.as_json(), ensure_ascii=False))
        return 0
    if result.winner is None:
        print(f"{variant.title}: the game is void. {result.explanation}")
        return 0
    rubicon = " The loser is rubiconed." if result.rubiconed else ""
    print(f"{variant.title}: p{result.winner + 1} wins {result.value}.{rubicon}")
    print(result.explanation)
    return 0
