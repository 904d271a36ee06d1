import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { McpClientCapabilities } from '@toolwright/mcp-client';
import { type SamplingPolicy, samplingHandler } from './sampling-approval.js';
import type { Terminal } from './terminal.js';
import { terminalElicitation } from './terminal-elicitation.js';

/** What the app offers MCP servers, and on which terms. */
export interface McpClientHandlerOptions {
  /** The workspace: the one root servers are given. */
  readonly workspaceRoot: string;
  /** Where to ask the user; `undefined` when not interactive. */
  readonly terminal: Terminal | undefined;
  /** Sampling, in commands that have a model; without it, sampling is not offered at all. */
  readonly sampling?: Omit<SamplingPolicy, 'terminal' | 'report'>;
  /** Where the app tells the user what happened. */
  report(message: string): void;
}

/**
 * The app's client capabilities: the workspace as the only root; form elicitation asked on the
 * terminal (declined when not interactive); sampling through the session's model with approval
 * and a token cap, when the command has a model. URL elicitation is not offered: the app has no
 * browser to open and will not print links a server chose into the terminal as if they were its own.
 */
export function mcpClientHandlers(options: McpClientHandlerOptions): McpClientCapabilities {
  const { terminal, report } = options;
  return {
    roots: [{ uri: pathToFileURL(options.workspaceRoot).href, name: basename(options.workspaceRoot) }],
    elicitation: terminalElicitation(terminal, report),
    ...(options.sampling === undefined
      ? {}
      : { sampling: samplingHandler({ ...options.sampling, terminal, report }) }),
  };
}
