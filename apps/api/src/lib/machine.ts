/**
 * One shape for every state machine: the allowed moves in one table, and the checks read from it.
 * Each domain's `transitions.ts` declares its machine with `defineMachine` and keeps its own words
 * for a refused move (`refusal`), which `assertMove` throws as 409 `invalid_transition`.
 */
import { type AppError, conflict } from './errors.ts';

export interface Machine<S extends string> {
  /** Every allowed move: from each state, the states it may become. */
  readonly moves: Readonly<Record<S, readonly S[]>>;
  canMove(from: S, to: S): boolean;
  /** The states from which `to` may be reached (the `from` of a conditional UPDATE). */
  sources(to: S): S[];
  /** The 409 `invalid_transition` a refused move answers. */
  refuse(from: S, to: S): AppError;
  /** Throws `refuse(from, to)` unless the table allows the move. */
  assertMove(from: S, to: S): void;
}

export interface MachineSpec<S extends string> {
  moves: Record<S, readonly S[]>;
  /** The refusal's message and the fields beside it; without it a move is never refused. */
  refusal?: (from: S, to: S) => { message: string; extra?: Record<string, unknown> };
}

export function defineMachine<S extends string>(spec: MachineSpec<S>): Machine<S> {
  const moves = spec.moves;
  const canMove = (from: S, to: S): boolean => moves[from].includes(to);
  const refuse = (from: S, to: S): AppError => {
    const r = spec.refusal?.(from, to) ?? { message: `Cannot move from ${from} to ${to}` };
    return conflict('invalid_transition', r.message, r.extra);
  };
  return {
    moves,
    canMove,
    sources: (to) => (Object.keys(moves) as S[]).filter((s) => moves[s].includes(to)),
    refuse,
    assertMove: (from, to) => {
      if (!canMove(from, to)) throw refuse(from, to);
    },
  };
}
