import { spawn } from 'node:child_process';

/** One system call of this process, on one path, made to fail. */
export interface SyscallFault {
  /** The path (or a descriptor open on it) the call must touch. */
  path: string;
  /** Kernel name of the call: `statx`, `openat`, `mkdir`, `fchmod`, ... */
  syscall: string;
  /** The errno it fails with: `ENOENT`, `ELOOP`, `EIO`, ... */
  error: string;
  /** Which of the calls on `path` fail, counted from the first: `2` (only the second), `2+`, ... */
  when?: string;
}

/**
 * Runs `action` while strace (the kernel's fault injection through ptrace) makes the chosen calls
 * of this process fail: the deterministic form of another process removing or replacing a path
 * between two of the store's calls, or of a disk failing, which no real race hits on demand.
 * Only calls on `path` count, so what the test runner does meanwhile changes nothing. Resolves
 * undefined, without running `action`, where strace is missing or may not trace this process.
 */
export async function withSyscallFault<T>(
  fault: SyscallFault,
  action: () => T,
): Promise<{ result: T } | undefined> {
  const when = fault.when === undefined ? '' : `:when=${fault.when}`;
  const tracer = spawn(
    'strace',
    [
      '-p',
      String(process.pid),
      '-o',
      '/dev/null',
      '-P',
      fault.path,
      '-e',
      `inject=${fault.syscall}:error=${fault.error}${when}`,
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
    return { result: action() };
  } finally {
    tracer.kill('SIGINT');
    await exited;
  }
}
