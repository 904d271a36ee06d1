import { spawn } from 'node:child_process';

/** One system call of this process, on one path, made to fail. */
export interface SyscallFault {
  /**
   * The path (or a descriptor open on it) the call must touch. Without it every such call of this
   * process counts: needed for calls on libuv's threads, where strace does not match a descriptor
   * to its path.
   */
  path?: string | undefined;
  /** Kernel name of the call: `statx`, `openat`, `mkdir`, `fchmod`, ... */
  syscall: string;
  /** What it does instead: fail with an errno (`ENOENT`, `ELOOP`, `EIO`, ...) or return a value (`0`). */
  error?: string;
  retval?: number;
  /**
   * Which of the calls fail, counted from the first, in each thread on its own: `2` (only the
   * second), `2+`, ...
   */
  when?: string;
}

/**
 * Runs `action` (to the end of its promise, if it returns one) while strace, the kernel's fault
 * injection through ptrace, makes the chosen calls of this process fail or return `retval`: the
 * deterministic form of another process removing, replacing or cutting a file between two of the
 * store's calls, or of a disk failing, which no real race hits on demand. Only calls on `path`
 * count, so what the test runner does meanwhile changes nothing. Resolves undefined, without
 * running `action`, where strace is missing or may not trace this process.
 */
export async function withSyscallFault<T>(
  fault: SyscallFault,
  action: () => T | Promise<T>,
): Promise<{ result: T } | undefined> {
  const outcome = fault.error === undefined ? `retval=${fault.retval ?? 0}` : `error=${fault.error}`;
  const when = fault.when === undefined ? '' : `:when=${fault.when}`;
  const tracer = spawn(
    'strace',
    // -f: every thread, libuv's too (the asynchronous file calls run there).
    [
      '-f',
      '-p',
      String(process.pid),
      '-o',
      '/dev/null',
      ...(fault.path === undefined ? [] : ['-P', fault.path]),
      '-e',
      `inject=${fault.syscall}:${outcome}${when}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => {
    tracer.once('close', () => resolve());
    tracer.once('error', () => resolve());
  });
  let stderr = '';
  // strace says so once this process is traced; it exits instead when it may not trace it.
  const attached = await new Promise<boolean>((resolve) => {
    tracer.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes(' attached')) resolve(true);
    });
    exited.then(() => resolve(false));
  });
  if (!attached) return undefined;
  try {
    return { result: await action() };
  } finally {
    tracer.kill('SIGINT');
    await exited;
  }
}
