// The message shapes the browser client works with, named from the generated types (the
// other .d.ts files here, made from docs/protocol-schemas by scripts/web-types.mjs). Written
// by hand: only what the schemas leave open (the presentation inside a state frame, an
// action's fields, the break between deals) is said here.

import type { ErrorMsg, HelloMsg, HintReply, StateMsg, TableInfo, TableMsg } from "./out";
import type { Presentation, Summary } from "./present";
import type { GameMeta } from "./game";

export type { ErrorMsg, HelloMsg, HintReply, TableInfo, TableMsg, Presentation, Summary, GameMeta };
export type { SeatLine, Trick, TrickPlay, Fact, Badge, Series } from "./present";

/** A legal action: its type and its other fields (cards when it is made of cards). */
export type Action = { type: string; cards?: string[]; [k: string]: unknown };

/** The break after a deal at a table with people (the state frame's `pause`): the deal's
 * summary stays up until everyone still reading has said ready or the time is up. */
export interface Pause {
  summary?: Summary | null;
  /** the seats still reading the summary */
  waiting?: number[];
  /** seconds left until the next deal starts anyway */
  seconds?: number | null;
  [k: string]: unknown;
}

/** A state frame as the client reads it: the presentation typed, an optional break. */
export type State = Omit<StateMsg, "present" | "legal_actions"> & {
  present: Presentation & { confirm?: string[] };
  legal_actions: Action[];
  observation: { deal?: number; result?: unknown; [k: string]: unknown };
  pause?: Pause | null;
};
