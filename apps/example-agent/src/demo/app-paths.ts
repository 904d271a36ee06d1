import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AgentError, AgentErrorCode } from '../errors.js';

/**
 * The example agent's own directory (the one holding `scenarios/`), found by walking up from
 * this module: the same code runs from `src/` under vitest and from the bundled `dist/cli.js`.
 */
export function appDirectory(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(directory, 'scenarios', 'demo.json'))) return directory;
    const parent = dirname(directory);
    if (parent === directory)
      throw new AgentError(
        AgentErrorCode.ScenarioInvalid,
        `Cannot find scenarios/demo.json in any directory above ${fileURLToPath(import.meta.url)}; the example agent's scenarios/ folder must sit beside its dist/ and src/.`,
      );
    directory = parent;
  }
}

/** The demo's scenario file. */
export function demoScenarioPath(): string {
  return join(appDirectory(), 'scenarios', 'demo.json');
}

/**
 * The demo's own MCP server module (`demo-server/word-count-server.mjs`), the config the
 * `toolwright-mcp-server` bin serves: plain JavaScript beside `scenarios/`, so the same file runs
 * under vitest and from the built CLI.
 */
export function demoMcpServerModule(): string {
  return join(appDirectory(), 'demo-server', 'word-count-server.mjs');
}
