import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeOutcomes,
  type InstalledSuite,
  installConformanceSuite,
  listServerScenarios,
  NOT_APPLICABLE,
  runServerScenarios,
  SERVER_SCENARIOS,
  unexpectedWarnings,
} from './conformance-suite.js';
import { serveFixture } from './serve-fixture.js';

// The official MCP conformance suite, on the Node 22 it needs (installed from the npm registry
// beside the suite, apart from the workspace, on first run), against the fixture served on this
// Node. The first run on a fresh machine downloads about 190 MB; later runs reuse it.
let suite: InstalledSuite;
let fixture: Awaited<ReturnType<typeof serveFixture>>;
const results = mkdtempSync(join(tmpdir(), 'conformance-results-'));

beforeAll(async () => {
  suite = installConformanceSuite();
  fixture = await serveFixture();
}, 150_000);

afterAll(async () => {
  await fixture?.stop();
  rmSync(results, { recursive: true, force: true });
});

describe(`the official MCP conformance suite`, () => {
  it('lists the 32 server scenarios this run accounts for', () => {
    expect(listServerScenarios(suite)).toEqual(SERVER_SCENARIOS);
  });

  it('passes every server scenario that applies (no failure, no warning beyond the known ones)', async () => {
    const outcomes = await runServerScenarios(suite, fixture.url, results);
    const report = describeOutcomes(outcomes);
    const applicable = SERVER_SCENARIOS.filter((scenario) => NOT_APPLICABLE[scenario] === undefined);
    expect(
      outcomes.map((outcome) => outcome.scenario),
      report,
    ).toEqual(applicable);
    for (const outcome of outcomes) {
      const failures = outcome.checks.filter((check) => check.status === 'FAILURE');
      expect(failures, `${outcome.scenario}\n${report}`).toEqual([]);
      expect(unexpectedWarnings(outcome), `${outcome.scenario}\n${report}`).toEqual([]);
    }
  }, 120_000);
});
