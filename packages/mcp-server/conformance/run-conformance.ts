import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  describeOutcomes,
  installConformanceSuite,
  KNOWN_WARNINGS,
  NOT_APPLICABLE,
  runServerScenarios,
  unexpectedWarnings,
} from './conformance-suite.js';
import { serveFixture } from './serve-fixture.js';

// `npm run conformance` (the workspace installed and built first): installs the pinned suite and Node 22 if needed,
// serves the fixture on this Node, runs every server scenario and prints one line each.
const suite = installConformanceSuite(undefined, (line) => console.error(line));
const fixture = await serveFixture();
try {
  const outcomes = await runServerScenarios(
    suite,
    fixture.url,
    mkdtempSync(join(tmpdir(), 'conformance-results-')),
  );
  console.log(describeOutcomes(outcomes));
  for (const [scenario, { reason }] of Object.entries(KNOWN_WARNINGS))
    console.log(`\nknown warnings of ${scenario}: ${reason}`);
  for (const [scenario, reason] of Object.entries(NOT_APPLICABLE))
    console.log(`not applicable: ${scenario}: ${reason}`);
  const failing = outcomes.filter((outcome) => outcome.failed > 0 || unexpectedWarnings(outcome).length > 0);
  process.exitCode = failing.length === 0 ? 0 : 1;
} finally {
  await fixture.stop();
}
