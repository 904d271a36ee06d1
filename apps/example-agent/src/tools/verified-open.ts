import { closeSync, constants, lstatSync, openSync, readlinkSync, realpathSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import type { ExecutionContext } from '@toolwright/contracts';
import { judgedPathsOf, resolveRealPath } from '@toolwright/executor';
import { brandErrorClass, type ErrorClassGuard, ToolwrightError } from '@toolwright/utils';

/**
 * Opening exactly the file the permission check judged.
 *
 * The executor judges a path by where it really is, then the tool opens it. Between the two
 * another process can swap a symbolic link or a directory on the path, and the same path then
 * leads outside the workspace. So the tools never open the path the model wrote: they open the
 * real path that was judged (`judgedPaths` from the executor), with `O_NOFOLLOW` so that a link
 * in its last component is refused, and then check that the descriptor they got is that file.
 *
 * On Linux the kernel names every open descriptor in `/proc/self/fd/<fd>`: its link target is
 * the real path of the opened file, computed from the open file itself, so no swap after the
 * open can fake it. A directory opened that way also gives a path, `/proc/self/fd/<fd>/<name>`,
 * that reaches `name` inside that very directory whatever happens to the directory's own path,
 * which works like `openat(2)` and `renameat(2)` (Node has neither).
 *
 * Without `/proc` (macOS, BSD, or a container that hides it) the check compares the opened
 * file's device and inode with those the judged path names just after the open, and that the
 * judged path still has no link on it. That narrows the window to the instant between the open
 * and the check, but a racer that swaps the path back within it is not caught.
 */
const DESCRIPTOR_DIRECTORY = '/proc/self/fd';

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_DIRECTORY = constants.O_DIRECTORY ?? 0;
// O_NONBLOCK: opening a FIFO would otherwise wait for a writer forever; regular files ignore it.
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;

let descriptorPaths: boolean | undefined;

/**
 * True where the kernel names open descriptors in `/proc/self/fd` (Linux). Probed once by
 * opening `/` and reading its name back: a `/proc` that is mounted but answers something else
 * (a sandbox's emulation) gets the fallback instead of refusing every file.
 */
export function hasDescriptorPaths(): boolean {
  descriptorPaths ??= probeDescriptorPaths();
  return descriptorPaths;
}

function probeDescriptorPaths(): boolean {
  let fd: number | undefined;
  try {
    fd = openSync('/', constants.O_RDONLY);
    return readlinkSync(`${DESCRIPTOR_DIRECTORY}/${fd}`) === '/';
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The kernel's real path of an open descriptor; `undefined` without `/proc` or when it cannot be read. */
export function descriptorPath(fd: number): string | undefined {
  if (!hasDescriptorPaths()) return undefined;
  try {
    return readlinkSync(`${DESCRIPTOR_DIRECTORY}/${fd}`);
  } catch {
    return undefined;
  }
}

/** A path to `name` inside the directory open as `fd`, immune to swaps of the directory's own path (Linux). */
export function pathInDirectory(fd: number, name: string): string {
  return `${DESCRIPTOR_DIRECTORY}/${fd}/${name}`;
}

/** The path a tool was pointed at no longer leads to what the permission check judged. */
export class PathChangedError extends ToolwrightError {
  /** The path as shown to the model. */
  readonly path: string;

  declare static readonly isInstance: ErrorClassGuard<PathChangedError>;

  static {
    brandErrorClass(PathChangedError, 'toolwright.example-agent.PathChangedError');
  }

  constructor(shownPath: string, action: 'read' | 'written') {
    super(
      'path_changed',
      `${shownPath} changed while it was being opened: it no longer leads to the file the permission check judged (a symbolic link or a directory on its path was swapped). Nothing was ${action}; try again once it stays put.`,
    );
    this.path = shownPath;
  }
}

/**
 * The real path the executor judged for `absolutePath` (one of the call's affected paths). A
 * host that runs the tool without the executor judged nothing; the path is resolved here, and
 * the tool still opens only that.
 */
export function judgedRealPath(context: ExecutionContext, absolutePath: string): string {
  return judgedPathsOf(context)?.realPathOf(absolutePath) ?? resolveRealPath(absolutePath);
}

/**
 * Opens the judged real path `expected` for reading, without following a link, and checks that
 * the opened file is the one there. Throws {@link PathChangedError} when it is not (or when the
 * last component has become a link); other errors (`ENOENT`, `EACCES`) propagate as they are.
 */
export async function openJudgedFile(expected: string, shownPath: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(expected, constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new PathChangedError(shownPath, 'read');
    throw error;
  }
  if (await isOpenedAt(handle, expected)) return handle;
  await handle.close();
  throw new PathChangedError(shownPath, 'read');
}

/**
 * Opens the directory at the judged real path `expected` without following a link, and checks
 * it is the one there. `undefined` without `/proc`, where a directory handle gives nothing to
 * work through (and Windows cannot open one). Throws {@link PathChangedError} on a mismatch.
 */
export async function openJudgedDirectory(
  expected: string,
  shownPath: string,
  action: 'read' | 'written',
): Promise<FileHandle | undefined> {
  if (!hasDescriptorPaths()) return undefined;
  let handle: FileHandle;
  try {
    handle = await open(expected, constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  } catch (error) {
    // With O_DIRECTORY, Linux reports a link in the last component as ENOTDIR, not ELOOP: a
    // link where the judged real path had none means it changed; a file there is an ordinary
    // error for the caller, like ENOENT.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || (code === 'ENOTDIR' && isSymbolicLink(expected))) {
      throw new PathChangedError(shownPath, action);
    }
    throw error;
  }
  if (descriptorPath(handle.fd) === expected) return handle;
  await handle.close();
  throw new PathChangedError(shownPath, action);
}

/**
 * True when the open `handle` is the file at `expected`: by the kernel's name for it, or
 * without `/proc` by {@link isSameFileAt}.
 */
async function isOpenedAt(handle: FileHandle, expected: string): Promise<boolean> {
  if (hasDescriptorPaths()) return descriptorPath(handle.fd) === expected;
  return isSameFileAt(handle, expected);
}

/**
 * The check where `/proc` is absent: the opened file has the device and inode of what
 * `expected` names now, and `expected` has no link on it. It runs after the open, so a path
 * swapped away and back between the two is not caught (see the module comment).
 */
export async function isSameFileAt(handle: FileHandle, expected: string): Promise<boolean> {
  try {
    const opened = await handle.stat({ bigint: true });
    const there = lstatSync(expected, { bigint: true });
    return opened.dev === there.dev && opened.ino === there.ino && realpathSync.native(expected) === expected;
  } catch {
    return false;
  }
}

/**
 * `text` with a line saying how many paths a multi-path tool (Grep, Glob) left out because they
 * changed while it opened them; `text` itself when none did.
 */
export function withChangedNote(text: string, changed: number): string {
  if (changed === 0) return text;
  const what = changed === 1 ? '1 path was' : `${changed} paths were`;
  return `${text}\n${what} skipped: changed while being opened (a symbolic link or directory was swapped); nothing from there was read.`;
}

function isSymbolicLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
