"""OpenSpiel observers of a pakka game: the env codec's vector and the JSON observation.

OpenSpiel asks a game for an observer of an ``IIGObservationType``; two kinds exist here:

* **a seat's view** (``private_info=SINGLE_PLAYER``, ``public_info=True``: the default
  observation and the information state): the tensor is the codec's observation vector of
  the seat (``docs/env/<game>.md``), one named piece per layout segment (``hand``,
  ``level``...), so ``make_observation(game).dict["hand"]`` is that segment; the string is
  the seat's JSON observation (keys sorted), followed by its pending indices in the middle
  of a multi-index decision.  ``perfect_recall`` does not change it: pakka's observation
  already holds the deal's public history and the seat's own private facts (cards passed
  and received...); earlier deals are summed up by the scores, their cards being
  shuffled away;
* **the public view** (``private_info=NONE``): the spectator's JSON observation, no tensor.

Other kinds (every seat's private cards, private facts without the public ones) raise
``ValueError``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from pakka.env.codec import Vector
from pakka.env.openspiel.setup import Setup

__all__ = ["PakkaObserver"]


class PakkaObserver:
    """A PyObserver (``set_from``, ``string_from``, ``tensor``, ``dict``)."""

    def __init__(self, setup: Setup, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.SINGLE_PLAYER and iig_obs_type.public_info:
            self.public = False
            layout = setup.codec.layout
            self.tensor: Vector | None = np.zeros(layout.size, np.float32)
            self.dict: dict[str, Any] = {}
            offset = 0
            for seg in layout.segments:
                piece = self.tensor[offset : offset + seg.size]
                self.dict[seg.name] = piece.reshape(seg.rows, seg.cols) if seg.rows > 1 else piece
                offset += seg.size
        elif private == pyspiel.PrivateInfoType.NONE and iig_obs_type.public_info:
            self.public = True
            self.tensor = None
            self.dict = {}
        else:
            raise ValueError(
                f"observation type {iig_obs_type} is not offered: a seat's view "
                "(private_info=SINGLE_PLAYER with public_info) or the public view "
                "(private_info=NONE)"
            )

    def set_from(self, state: Any, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = state.match.vector(player)

    def string_from(self, state: Any, player: int) -> str:
        text: str = state.match.text(None if self.public else player)
        return text
