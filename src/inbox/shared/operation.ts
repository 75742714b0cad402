// One thing a caller can do, declared once: its name, the schema of its input (checked by the edge
// before `run`, so `run` gets typed values), the schema of its answer, and `run`. An HTTP route adds only
// its method, path, where each field travels and its statuses; an agent tool adds only its description
// and annotations; the OpenAPI document and the tools' schemas are generated from these schemas (D20, D23).
import type { z } from 'zod';
import type { Caller } from './caller.js';

/** What a long operation (the wait) may be told by its edge besides its input. */
export interface RunOptions {
  /** Aborted when the caller goes away: the operation ends at once. */
  signal?: AbortSignal;
  onProgress?: (elapsedSeconds: number, totalSeconds: number) => void;
}

export interface Operation<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  name: string;
  input: I;
  output: O;
  run(caller: Caller, input: z.output<I>, options?: RunOptions): Promise<z.input<O>>;
}

/** Declares an operation; the identity function, there for the types it infers. */
export function operation<I extends z.ZodObject, O extends z.ZodType>(declared: Operation<I, O>): Operation<I, O> {
  return declared;
}
