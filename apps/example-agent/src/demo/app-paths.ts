import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
      throw new Error('example-agent: cannot find scenarios/demo.json above this module');
    directory = parent;
  }
}

/** The demo's scenario file. */
export function demoScenarioPath(): string {
  return join(appDirectory(), 'scenarios', 'demo.json');
}
