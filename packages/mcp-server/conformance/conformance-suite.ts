import {
  type ConformanceCheck,
  describeOutcomes as describeWith,
  type InstalledSuite,
  listScenarios,
  readOutcomes,
  runSuite,
  type ScenarioOutcome,
  unexpectedWarnings as unexpectedWith,
} from '../../../conformance/suite.js';

// The install and the run are shared with mcp-adapter's client scenarios (../../../conformance);
// what is here is this server's side: its scenarios and what the suite says of them.
export {
  CONFORMANCE_DIRECTORY,
  CONFORMANCE_VERSION,
  type ConformanceCheck,
  type InstalledSuite,
  installConformanceSuite,
  NODE_22_VERSION,
  nodePackageName,
  type ScenarioOutcome,
} from '../../../conformance/suite.js';

/** The 32 server scenarios of the pinned suite; the run checks the suite still lists exactly these. */
export const SERVER_SCENARIOS: readonly string[] = [
  'server-initialize',
  'logging-set-level',
  'ping',
  'completion-complete',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-with-logging',
  'tools-call-error',
  'tools-call-with-progress',
  'tools-call-sampling',
  'tools-call-elicitation',
  'json-schema-2020-12',
  'elicitation-sep1034-defaults',
  'server-sse-polling',
  'server-sse-multiple-streams',
  'elicitation-sep1330-enums',
  'resources-list',
  'resources-read-text',
  'resources-read-binary',
  'resources-templates-read',
  'resources-subscribe',
  'resources-unsubscribe',
  'prompts-list',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
  'dns-rebinding-protection',
];

/** Scenarios that cannot apply to this server, with the reason. None: every scenario applies. */
export const NOT_APPLICABLE: Readonly<Record<string, string>> = {};

/**
 * Warnings (not failures) the pinned suite raises whatever the server does, by scenario and
 * check id, with the reason. Any other warning fails the run.
 */
export const KNOWN_WARNINGS: Readonly<
  Record<string, { readonly checks: readonly string[]; readonly reason: string }>
> = {
  'server-sse-polling': {
    checks: ['server-sse-priming-event', 'server-sse-retry-field'],
    reason:
      'suite 0.1.16 sends its raw tools/call with `mcp-protocol-version: 2025-03-26`, and a priming event (empty data, with `retry`) may only go to clients of 2025-11-25 or later, so the SDK transport rightly sends none; fixed upstream after 0.1.16 (modelcontextprotocol/conformance#366, #416). Our own test shows priming, retry and resumption with the 2025-11-25 header.',
  },
};

/** The server scenarios the installed suite lists (`conformance list --server`). */
export function listServerScenarios(suite: InstalledSuite): string[] {
  return listScenarios(suite, 'server');
}

/**
 * Runs every server scenario of the suite (`--suite all`: the active ones and the pending ones)
 * against `url`, on the suite's Node, and reads each scenario's `checks.json`.
 */
export async function runServerScenarios(
  suite: InstalledSuite,
  url: string,
  outputDirectory: string,
): Promise<ScenarioOutcome[]> {
  const output = await runSuite(suite, ['server', '--url', url, '--suite', 'all', '-o', outputDirectory]);
  const outcomes = readOutcomes(
    outputDirectory,
    (folder) => /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(folder)?.[1],
  );
  if (outcomes.length === 0) throw new Error(`The suite wrote no results; its output was:\n${output}`);
  return outcomes.sort((a, b) => SERVER_SCENARIOS.indexOf(a.scenario) - SERVER_SCENARIOS.indexOf(b.scenario));
}

/** Warnings that are not in {@link KNOWN_WARNINGS}. */
export function unexpectedWarnings(outcome: ScenarioOutcome): ConformanceCheck[] {
  return unexpectedWith(outcome, KNOWN_WARNINGS);
}

/** One line per scenario, for a person reading the run. */
export function describeOutcomes(outcomes: readonly ScenarioOutcome[]): string {
  return describeWith(outcomes, KNOWN_WARNINGS);
}
