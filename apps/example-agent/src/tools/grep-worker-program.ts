import { createRequire } from 'node:module';
import type { MessagePort } from 'node:worker_threads';
import type { RE2JS } from 're2js';
import type { GrepSearchSettings, GrepWorkerRequest, GrepWorkerResponse } from './grep-worker-protocol.js';

/**
 * The source of Grep's worker thread: {@link runGrepWorker} as text, started with `eval`.
 *
 * Grep runs the model's pattern in a worker because nothing else bounds how long one call into
 * the regex engine takes: RE2 is linear, but linear in the program size times the line length,
 * and `.{1000}` repeated ten times on one 4000-character line takes about half a second in one
 * uninterruptible call (compiling a 1000-character pattern up to a quarter of a second). A worker
 * can be terminated mid-call; the main thread never runs the pattern. The worker also reads the
 * files (the main thread walks the tree and checks each path), so reading, matching and the
 * permission checks run side by side.
 *
 * The program travels as text, not as a file next to this module, so the same code works from
 * the TypeScript source under vitest or tsx, from the tsup bundle, and from any other bundle of
 * the app, with no second entry point to keep in step. It must therefore be self-contained: it
 * reaches the engine through the path resolved here, and uses nothing from this module's scope.
 */
export function grepWorkerSource(): string {
  const enginePath = createRequire(import.meta.url).resolve('re2js');
  // Transpilers that keep function names (tsx, esbuild's keepNames) wrap inner functions in a
  // `__name(fn, "name")` helper defined at the top of the module; the worker has no such
  // module, so it gets an identity stand-in.
  return [
    "'use strict';",
    'var __name = (target) => target;',
    // `require` is handed in as an argument: a bundler rewrites a literal `require(...)` call in
    // ESM output into its own helper, which does not exist in the worker.
    `(${runGrepWorker.toString()})(require, ${JSON.stringify(enginePath)});`,
  ].join('\n');
}

interface ActiveSearch {
  readonly expression: RE2JS;
  readonly settings: GrepSearchSettings;
  readonly output: string[];
  matches: number;
}

/** The worker's whole program. Runs in the worker; see {@link grepWorkerSource}. */
function runGrepWorker(load: NodeJS.Require, enginePath: string): void {
  const port = (load('node:worker_threads') as typeof import('node:worker_threads'))
    .parentPort as MessagePort;
  const files = load('node:fs') as typeof import('node:fs');
  const { join } = load('node:path') as typeof import('node:path');
  const engine = (load(enginePath) as typeof import('re2js')).RE2JS;
  let search: ActiveSearch | undefined;

  /**
   * A file's text, or `undefined` to skip it: unreadable, not a regular file, too large, or
   * binary (a NUL byte). Read synchronously: this thread does nothing else, and a synchronous
   * read of a small file costs a fifth of the CPU of an asynchronous one.
   */
  const readText = (absolute: string, maxBytes: number): string | undefined => {
    let descriptor: number;
    try {
      // O_NONBLOCK: opening a FIFO (behind a link) would otherwise wait for a writer forever.
      descriptor = files.openSync(absolute, files.constants.O_RDONLY | files.constants.O_NONBLOCK);
    } catch {
      return undefined;
    }
    try {
      const info = files.fstatSync(descriptor);
      if (!info.isFile() || info.size > maxBytes) return undefined;
      const bytes = Buffer.allocUnsafe(info.size);
      let filled = 0;
      while (filled < bytes.byteLength) {
        const count = files.readSync(descriptor, bytes, filled, bytes.byteLength - filled, null);
        if (count === 0) break;
        filled += count;
      }
      const content = bytes.subarray(0, filled);
      return content.includes(0) ? undefined : content.toString('utf8');
    } catch {
      return undefined;
    } finally {
      files.closeSync(descriptor);
    }
  };

  const searchFile = (active: ActiveSearch, path: string): void => {
    const { expression, settings, output } = active;
    const text = readText(join(settings.root, path), settings.maxFileBytes);
    if (text === undefined) return;
    let fileMatches = 0;
    let lineNumber = 0;
    for (const line of text.split('\n')) {
      lineNumber += 1;
      if (!expression.test(line.slice(0, settings.maxTestedLine))) continue;
      fileMatches += 1;
      if (settings.mode === 'content' && output.length < settings.headLimit) {
        output.push(`${path}:${lineNumber}:${line}`);
      }
    }
    active.matches += fileMatches;
    if (fileMatches === 0 || output.length >= settings.headLimit) return;
    if (settings.mode === 'files_with_matches') output.push(path);
    if (settings.mode === 'count') output.push(`${path}:${fileMatches}`);
  };

  const answer = (request: GrepWorkerRequest): GrepWorkerResponse => {
    if (request.kind === 'start') {
      const { settings } = request;
      search = undefined;
      try {
        const flags = settings.caseInsensitive ? engine.CASE_INSENSITIVE : 0;
        search = { expression: engine.compile(settings.pattern, flags), settings, output: [], matches: 0 };
        return { kind: 'started' };
      } catch (error) {
        return { kind: 'invalid-pattern', message: (error as Error).message };
      }
    }
    if (search === undefined) throw new Error(`"${request.kind}" arrived before a successful "start"`);
    if (request.kind === 'search') {
      for (const path of request.paths) searchFile(search, path);
      return { kind: 'searched' };
    }
    const { output, matches } = search;
    search = undefined;
    return { kind: 'finished', output, matches };
  };

  port.on('message', (request: GrepWorkerRequest) => {
    let response: GrepWorkerResponse;
    try {
      response = answer(request);
    } catch (error) {
      response = { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(response);
  });
}
