"""Per-game heuristics: ``pakka.bots.heuristic.<game>`` modules.

Each module exports ``KIT``, the game's :class:`~pakka.bots.kit.BotKit` (its heuristic
policy, the ``normal`` level and the search's rollout policy, and optionally a cheaper
rollout, a value of a deal's end, a hint explanation, a search budget and a search class),
registered as the game's ``pakka.bots`` entry point.
"""
