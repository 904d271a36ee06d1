import { createRequire } from 'node:module';
import type { MessagePort } from 'node:worker_threads';
import type { RE2JS } from 're2js';
import type {
  GrepFile,
  GrepSearchSettings,
  GrepWorkerRequest,
  GrepWorkerResponse,
} from './grep-worker-protocol.js';

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
  changed: number;
}

/** The worker's whole program. Runs in the worker; see {@link grepWorkerSource}. */
function runGrepWorker(load: NodeJS.Require, enginePath: string): void {
  const port = (load('node:worker_threads') as typeof import('node:worker_threads'))
    .parentPort as MessagePort;
  const files = load('node:fs') as typeof import('node:fs');
  // Checking what was opened: see verified-open.ts, whose checks this repeats (this program
  // cannot import it). On Linux the kernel's name for the descriptor; elsewhere device, inode
  // and a link-free path, which narrows the window but cannot close it.
  const hasDescriptorPaths = ((): boolean => {
    let probe: number | undefined;
    try {
      probe = files.openSync('/', files.constants.O_RDONLY);
      return files.readlinkSync(`/proc/self/fd/${probe}`) === '/';
    } catch {
      return false;
    } finally {
      if (probe !== undefined) files.closeSync(probe);
    }
  })();
  const isOpenedAt = (descriptor: number, expected: string): boolean => {
    try {
      if (hasDescriptorPaths) return files.readlinkSync(`/proc/self/fd/${descriptor}`) === expected;
      const opened = files.fstatSync(descriptor, { bigint: true });
      const there = files.lstatSync(expected, { bigint: true });
      return (
        opened.dev === there.dev &&
        opened.ino === there.ino &&
        files.realpathSync.native(expected) === expected
      );
    } catch {
      return false;
    }
  };
  const noFollow = files.constants.O_NOFOLLOW ?? 0;
  const engine = (load(enginePath) as typeof import('re2js')).RE2JS;
  let search: ActiveSearch | undefined;

  /**
   * A file's text, or `undefined` to skip it: unreadable, not a regular file, too large, or
   * binary (a NUL byte). Read synchronously: this thread does nothing else, and a synchronous
   * read of a small file costs a fifth of the CPU of an asynchronous one.
   */
  const readText = (active: ActiveSearch, realPath: string, maxBytes: number): string | undefined => {
    let descriptor: number;
    try {
      // O_NONBLOCK: opening a FIFO (behind a link) would otherwise wait for a writer forever.
      // O_NOFOLLOW: the judged real path has no link in its last component; one there now was swapped in.
      descriptor = files.openSync(realPath, files.constants.O_RDONLY | files.constants.O_NONBLOCK | noFollow);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOOP') active.changed += 1;
      return undefined;
    }
    try {
      if (!isOpenedAt(descriptor, realPath)) {
        active.changed += 1;
        return undefined;
      }
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

  const searchFile = (active: ActiveSearch, file: GrepFile): void => {
    const { expression, settings, output } = active;
    const { path } = file;
    const text = readText(active, file.realPath, settings.maxFileBytes);
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
        search = {
          expression: engine.compile(settings.pattern, flags),
          settings,
          output: [],
          matches: 0,
          changed: 0,
        };
        return { kind: 'started' };
      } catch (error) {
        return { kind: 'invalid-pattern', message: (error as Error).message };
      }
    }
    if (search === undefined) throw new Error(`"${request.kind}" arrived before a successful "start"`);
    if (request.kind === 'search') {
      for (const file of request.files) searchFile(search, file);
      return { kind: 'searched' };
    }
    const { output, matches, changed } = search;
    search = undefined;
    return { kind: 'finished', output, matches, changed };
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
