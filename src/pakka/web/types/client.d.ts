// The message shapes the browser client works with, named from the generated types (the
// other .d.ts files here, made from docs/protocol-schemas by scripts/web-types.mjs). Written
// by hand: only what the schemas leave open (the presentation inside a state frame, an
// action's fields) is said here.

import type { ErrorMsg, HelloMsg, HintReply, StateMsg, TableInfo, TableMsg } from "./out";
import type { Presentation, Summary } from "./present";
import type { GameMeta } from "./game";

export type { ErrorMsg, HelloMsg, HintReply, TableInfo, TableMsg, Presentation, Summary, GameMeta };
export type { SeatLine, Trick, TrickPlay, Fact, Badge, Series, Pause } from "./present";

/** A legal action: its type and its other fields (cards when it is made of cards). */
export type Action = { type: string; cards?: string[]; [k: string]: unknown };

/** A state frame as the client reads it: the presentation typed (with the break between
 * deals, `present.pause`). */
export type State = Omit<StateMsg, "present" | "legal_actions"> & {
  present: Presentation;
  legal_actions: Action[];
  observation: { deal?: number; result?: unknown; [k: string]: unknown };
};
