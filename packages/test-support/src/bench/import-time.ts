// What a package costs to load: its built entry imported (ESM) and required (CJS) in a fresh Node
// process, against the same for what it wraps (the SDK or library it is a layer over), measured
// in the same rounds. A user pays this once per process, before the first line of their own code
// runs: in a CLI's start-up, a serverless cold start, a test worker.
import { spawnSync } from 'node:child_process';
import { formatMillis, report } from './format.js';
import { median, medianRatio } from './statistics.js';

/** One load in a fresh process: its wall time and the process's CPU time spent on it, in ms. */
interface LoadSample {
  readonly wallMs: number;
  readonly cpuMs: number;
}

type LoadKind = 'import' | 'require';

/**
 * The child's program: loads every specifier (resolved from its working directory, the package's
 * own folder, as the package itself resolves them) and prints the time it took. The clocks start
 * after Node has booted, so the figure is the load alone, not the process start.
 */
function loaderProgram(kind: LoadKind, specifiers: readonly string[]): string {
  // Several ES modules load as one graph, as a package's static imports do: one module importing
  // them all (their URLs resolved before the clock starts, as a data: module resolves no bare
  // name). One `await import()` each would load a graph per module, at a CPU cost of its own.
  const resolve =
    kind === 'import' && specifiers.length > 1
      ? `const source = ${JSON.stringify(specifiers)}.map((specifier) => \`import \${JSON.stringify(import.meta.resolve(specifier))};\`).join('');`
      : '';
  const loads =
    kind === 'require'
      ? specifiers.map((specifier) => `require(${JSON.stringify(specifier)});`).join('\n')
      : specifiers.length > 1
        ? "await import('data:text/javascript,' + encodeURIComponent(source));"
        : `await import(${JSON.stringify(specifiers[0])});`;
  return [
    resolve,
    'const wall = performance.now(); const cpu = process.cpuUsage();',
    loads,
    'const used = process.cpuUsage(cpu);',
    'process.stdout.write(JSON.stringify({ wallMs: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 }));',
  ].join('\n');
}

function loadOnce(directory: string, kind: LoadKind, specifiers: readonly string[]): LoadSample {
  const child = spawnSync(
    process.execPath,
    [...(kind === 'import' ? ['--input-type=module'] : []), '-e', loaderProgram(kind, specifiers)],
    { cwd: directory, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
  );
  if (child.status !== 0) {
    throw new Error(
      `Loading ${specifiers.join(', ')} with ${kind} from ${directory} failed (exit ${child.status}): ${child.stderr.trim().split('\n').slice(0, 3).join(' ')}. Build the packages first (npx turbo run build).`,
    );
  }
  return JSON.parse(child.stdout) as LoadSample;
}

/** A package's import-time comparison. */
export interface ImportTimeOptions {
  /** The package's folder: its entry and what it wraps are resolved from there, as at run time. */
  readonly directory: string;
  /** The package's name, imported through its `exports` (the built dist). */
  readonly packageName: string;
  /** What it wraps: the modules of the SDK or library it is a layer over, as it imports them. */
  readonly wraps: readonly string[];
  /** Most the package may take, as a multiple of what it wraps (1.2: a fifth more). */
  readonly target: number;
  /**
   * Every module the package's entry imports (what it wraps included): loaded together, they are
   * the floor under the package's figure, since no code of its own can load without them. Each
   * line then prints that floor beside the figure.
   */
  readonly imports?: readonly string[];
  /** Recorded rounds (default 11); each spawns one process per figure. */
  readonly rounds?: number;
}

/**
 * Times the ESM import and the CJS require of `packageName` against the same for `wraps`, each
 * load in a fresh process, in alternating rounds; prints one line each with the median CPU time
 * (the verdict: on a shared machine, wall time mostly measures who else ran) and the wall time
 * beside it. A wrapped library with no CJS build is compared by its ESM import.
 */
export function reportImportTimes(options: ImportTimeOptions): void {
  const { directory, packageName, wraps, target, imports, rounds = 11 } = options;
  const wrappedRequires = canRequire(directory, wraps);
  const figures: Array<{ kind: LoadKind; specifiers: readonly string[] }> = [
    { kind: 'import', specifiers: [packageName] },
    { kind: 'import', specifiers: wraps },
    { kind: 'require', specifiers: [packageName] },
    { kind: 'require', specifiers: wraps },
  ];
  if (imports !== undefined) {
    figures.push({ kind: 'import', specifiers: imports }, { kind: 'require', specifiers: imports });
  }
  const samples: LoadSample[][] = figures.map(() => []);
  // One unrecorded round warms the disk cache; then the order flips every other round.
  for (let round = -1; round < rounds; round += 1) {
    const order = [...figures.keys()];
    for (const index of round % 2 === 0 ? order : order.toReversed()) {
      const figure = figures[index]!;
      const kind =
        figure.specifiers === wraps && figure.kind === 'require' && !wrappedRequires ? 'import' : figure.kind;
      const sample = loadOnce(directory, kind, figure.specifiers);
      if (round >= 0) samples[index]!.push(sample);
    }
  }
  const wrapped = wraps.join(' + ');
  for (const [subject, baseline, floor, how] of [
    [0, 1, 4, 'ESM import'],
    [2, 3, 5, 'CJS require'],
  ] as const) {
    const cpu = (index: number) => samples[index]!.map((sample) => sample.cpuMs);
    const wall = (index: number) => samples[index]!.map((sample) => sample.wallMs);
    const ratio = medianRatio(cpu(subject), cpu(baseline));
    const baselineHow = subject === 2 && !wrappedRequires ? 'ESM import (it has no CJS build)' : how;
    const floorText =
      imports === undefined
        ? ''
        : `; floor: ${imports.join(' + ')}, which its entry imports, ${medianRatio(cpu(floor), cpu(baseline)).toFixed(2)}x on their own`;
    report(
      `${packageName} ${how}: ${ratio.toFixed(2)}x the ${baselineHow} of ${wrapped} (CPU ${formatMillis(median(cpu(subject)))} vs ${formatMillis(median(cpu(baseline)))}; wall ${formatMillis(median(wall(subject)))} vs ${formatMillis(median(wall(baseline)))}${floorText})`,
      `<= ${target}x`,
      ratio <= target,
    );
  }
}

/** Whether every specifier loads with `require` (some libraries ship ESM only). */
function canRequire(directory: string, specifiers: readonly string[]): boolean {
  const child = spawnSync(
    process.execPath,
    ['-e', specifiers.map((specifier) => `require(${JSON.stringify(specifier)});`).join('')],
    { cwd: directory, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
  );
  return child.status === 0;
}

/** A package that wraps nothing (the leaf every other package loads): its own load time. */
export interface LeafImportTimeOptions {
  readonly directory: string;
  readonly packageName: string;
  /** Most CPU time its load may take, in ms. */
  readonly targetMs: number;
  readonly rounds?: number;
}

/**
 * Times the ESM import and the CJS require of a package that wraps nothing, in fresh processes,
 * and prints each against an absolute target, with the floor beside it: importing an empty module,
 * or requiring a built-in (what any load costs at the least).
 */
export function reportLeafImportTimes(options: LeafImportTimeOptions): void {
  const { directory, packageName, targetMs, rounds = 11 } = options;
  for (const kind of ['import', 'require'] as const) {
    const subject: LoadSample[] = [];
    const floor: LoadSample[] = [];
    for (let round = -1; round < rounds; round += 1) {
      // An empty ES module; for require, a built-in (already in memory: nothing to read).
      const empty = kind === 'import' ? 'data:text/javascript,' : 'node:os';
      // Alternate which goes first, so neither always gets the quieter moment.
      const measured =
        round % 2 === 0
          ? [loadOnce(directory, kind, [packageName]), loadOnce(directory, kind, [empty])]
          : [loadOnce(directory, kind, [empty]), loadOnce(directory, kind, [packageName])].reverse();
      if (round < 0) continue;
      subject.push(measured[0]!);
      floor.push(measured[1]!);
    }
    const cpu = median(subject.map((sample) => sample.cpuMs));
    report(
      `${packageName} ${kind === 'import' ? 'ESM import' : 'CJS require'}: CPU ${formatMillis(cpu)} (floor, ${kind === 'import' ? 'an empty module' : 'a built-in'}: ${formatMillis(median(floor.map((sample) => sample.cpuMs)))}; wall ${formatMillis(median(subject.map((sample) => sample.wallMs)))})`,
      `<= ${targetMs} ms`,
      cpu <= targetMs,
    );
  }
}
