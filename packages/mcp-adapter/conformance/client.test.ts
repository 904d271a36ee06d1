import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempDir } from '@toolwright/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  describeOutcomes,
  type InstalledSuite,
  installConformanceSuite,
  listScenarios,
  runClientScenarios,
  type ScenarioOutcome,
} from '../../../conformance/suite.js';
import { buildConformanceClient } from './build-client.js';
import { CLIENT_SCENARIOS } from './client-scenarios.js';

// The official MCP conformance suite's client scenarios: the suite runs on the Node 22 it needs
// (installed from the npm registry beside it, apart from the workspace, on first run) and starts
// our client — conformance/client.ts, bundled, on this machine's Node — once per scenario. The
// client connects with the adapter's own configuration, no custom transport.
let suite: InstalledSuite;
let outcomes: ScenarioOutcome[];
let report: string;
const work = makeTempDir('conformance-client');
const packageDirectory = join(dirname(fileURLToPath(import.meta.url)), '..');

beforeAll(async () => {
  suite = installConformanceSuite();
  // Inside the package (git-ignored .tmp/): what the bundle still loads at run time (TypeBox,
  // which contracts loads on demand) resolves from the package's own node_modules.
  const client = await buildConformanceClient(join(packageDirectory, '.tmp', 'conformance-client'));
  outcomes = await runClientScenarios(
    suite,
    `${process.execPath} ${client}`,
    CLIENT_SCENARIOS,
    join(work, 'results'),
  );
  report = describeOutcomes(outcomes);
}, 600_000);

describe('the official MCP conformance suite, client scenarios', () => {
  it('lists the 26 client scenarios this run accounts for', () => {
    expect(listScenarios(suite, 'client')).toEqual(CLIENT_SCENARIOS);
  });

  it.each(CLIENT_SCENARIOS)('%s passes: no failed check, no warning', (scenario) => {
    const outcome = outcomes.find((candidate) => candidate.scenario === scenario);
    const problems = outcome?.checks.filter(
      (check) => check.status === 'FAILURE' || check.status === 'WARNING',
    );
    expect(problems, report).toEqual([]);
    expect(outcome?.passed, report).toBeGreaterThan(0);
  });
});
