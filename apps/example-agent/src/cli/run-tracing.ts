import { startAgentTracing } from '../telemetry/agent-tracing.js';
import { waterfallStyle } from '../telemetry/waterfall-style.js';
import type { TracingFlags } from './run-tracing-options.js';
import type { LineSink, Transcript } from './transcript.js';

/** The service name of the agent's spans unless `OTEL_SERVICE_NAME` names another. */
export const AGENT_SERVICE_NAME = 'toolwright-agent';

/**
 * Runs `body` traced as `flags` ask: nothing at all without `--otel` and `--trace`. `body` gets
 * the variables to give the stdio MCP servers it starts and must have closed them when it ends,
 * so that their last spans are in; then the waterfall is printed (even when `body` failed: that
 * is when it helps most), and everything is flushed and shut down.
 */
export async function withRunTracing<T>(
  flags: TracingFlags,
  io: { transcript: Transcript; stdout: LineSink; stderr: LineSink },
  body: (serverEnvironment: Readonly<Record<string, string>>) => Promise<T>,
): Promise<T> {
  if (flags.otel !== true && flags.trace !== true) return body({});
  const tracing = await startAgentTracing({
    otel: flags.otel === true,
    waterfall: flags.trace === true,
    serviceName: AGENT_SERVICE_NAME,
    report: (message) => io.stderr.write(`toolwright-agent: ${message}\n`),
  });
  try {
    return await body(tracing.serverEnvironment);
  } finally {
    try {
      await tracing.settle();
      const turn = tracing.lastTurn();
      if (turn !== undefined) io.transcript.trace(turn, waterfallStyle(io.stdout, process.env));
    } finally {
      await tracing.shutdown();
    }
  }
}
