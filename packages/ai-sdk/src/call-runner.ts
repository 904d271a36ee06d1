import type { Tool, ToolInvocation } from '@toolwright/contracts';
import type { ToolwrightToolOutput } from './tool-output.js';

/** What one call needs besides its tool and input. */
export interface CallRunOptions {
  /** The provider's call id (the executor echoes it back). */
  readonly toolCallId: string;
  /** The run's abort signal, when the host gave `generateText` / `streamText` one. */
  readonly signal: AbortSignal | undefined;
  /** Build with `nullAsAbsent` (the declaration was projected for OpenAI strict mode). */
  readonly nullAsAbsent: boolean;
  /** The invocation the schema's validation already built for this input, when there is one. */
  readonly invocation: ToolInvocation | undefined;
}

/** Runs one validated call and reduces its outcome to a tool output. Never rejects for a tool's failure. */
export type CallRunner = (
  tool: Tool,
  input: unknown,
  options: CallRunOptions,
) => Promise<ToolwrightToolOutput>;
