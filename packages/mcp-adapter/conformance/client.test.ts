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
/** The one 0.1.16 scenario that a 2026-07-28 requirement contradicts (see its test). */
const ISSUER_CONFLICT = 'auth/2025-03-26-oauth-metadata-backcompat';

let suite: InstalledSuite;
let outcomes: ScenarioOutcome[];
let report: string;
const work = makeTempDir('conformance-client');
const packageDirectory = join(dirname(fileURLToPath(import.meta.url)), '..');

beforeAll(async () => {
  suite = installConformanceSuite();
  // Inside the package (git-ignored .tmp/): what the bundle still loads at run time with
  // `require` (TypeBox, Ajv and re2js, which contracts and validation load on first use) resolves
  // from the package's own node_modules, as it would beside a user's bundle that keeps them
  // external (the devDependencies ajv and re2js are there for this).
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

  // The 2025-03-26 back-compat scenario of 0.1.16 serves authorization server metadata whose
  // `issuer` does not echo the URL it was fetched from. RFC 8414 §3.3 says such metadata MUST be
  // refused, and the 2026-07-28 requirement set checks exactly that (auth/metadata-issuer-mismatch,
  // passing in client-2026.test.ts): the two cannot both pass, and the client keeps the check.
  // Pinned: the login stops before registering, and nothing else in the scenario fails.
  it('auth/2025-03-26-oauth-metadata-backcompat stops at the metadata whose issuer does not echo its URL', () => {
    const outcome = outcomes.find((candidate) => candidate.scenario === ISSUER_CONFLICT);
    const failed = outcome?.checks.filter((check) => check.status === 'FAILURE').map((check) => check.id);
    expect(failed, report).toEqual(['client-registration', 'authorization-request', 'token-request']);
  });

  it.each(CLIENT_SCENARIOS.filter((scenario) => scenario !== ISSUER_CONFLICT))(
    '%s passes: no failed check, no warning',
    (scenario) => {
      const outcome = outcomes.find((candidate) => candidate.scenario === scenario);
      const problems = outcome?.checks.filter(
        (check) => check.status === 'FAILURE' || check.status === 'WARNING',
      );
      expect(problems, report).toEqual([]);
      expect(outcome?.passed, report).toBeGreaterThan(0);
    },
  );
});
