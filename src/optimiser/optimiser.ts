import type { OptimiserInput } from "./input.ts";
import type { OptimisationResult } from "../shared/optimiser/result.ts";

/**
 * One interface, two implementations (like the payment providers): the local analyser, which needs nothing and
 * sends nothing anywhere, and the AI engine behind an OpenAI-compatible API, which falls back to the local one.
 */
export interface Optimiser {
  /** "local" or "ai <model>", for the start-up log. */
  readonly description: string;
  optimise(input: OptimiserInput): Promise<OptimisationResult>;
}
