import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, lstat, mkdir, open, rename, rm, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import {
  descriptorPath,
  isSameFileAt,
  openJudgedDirectory,
  PathChangedError,
  pathInDirectory,
} from './verified-open.js';

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
/** A new file only: never an existing one, never through a link planted under the temporary name. */
const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW;

/**
 * Replaces a file's content atomically: the new content goes to a temporary file in the same
 * directory, then is renamed over the target. A crash or a failed write never leaves a
 * half-written file under the real name, and an existing file keeps its permission bits.
 *
 * `realPath` is the real path the permission check judged (`judgedRealPath`), and nothing is
 * written anywhere else, whatever another process does to the path meanwhile. On Linux the
 * target's directory is opened once, without following links, and checked to be the judged
 * directory; missing directories are created one by one inside the directory opened before
 * them; the temporary file is created and renamed through `/proc/self/fd/<fd>/<name>`, which
 * works inside that opened directory like `openat`/`renameat`, so a swapped link cannot
 * redirect any step. The one thing a swap of links cannot do but a rename of the directory
 * itself can — move the opened directory out of the workspace while the file is written — is
 * checked after the rename: the directory's path is read again, and if it moved, the file just
 * written is removed and the write refused. Only in that instant can the bytes exist outside.
 *
 * Without `/proc` the same steps go by path, and each is checked after it happens (the
 * temporary file's and the result's device and inode, and a link-free path to each): a racer
 * that swaps a link and swaps it back between a step and its check is not caught there, and a
 * missing directory is made by path, so a swapped link can leave an empty directory elsewhere. {@link PathChangedError} reports a failed check; `shownPath` names the file in it.
 */
export async function writeFileAtomically(
  realPath: string,
  content: string,
  shownPath: string,
): Promise<void> {
  const directory = dirname(realPath);
  const handle = await openCreatingDirectory(directory, shownPath);
  if (handle === undefined) {
    await writeFileAtomicallyByPath(realPath, content, shownPath);
    return;
  }
  const name = basename(realPath);
  const temporaryName = `.${name}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const inDirectory = (entry: string): string => pathInDirectory(handle.fd, entry);
    const mode = await existingMode(inDirectory(name));
    const temporary = await open(inDirectory(temporaryName), CREATE_NEW, mode);
    let renamed = false;
    try {
      await temporary.writeFile(content);
      const written = await temporary.stat({ bigint: true });
      await rename(inDirectory(temporaryName), inDirectory(name));
      renamed = true;
      if (descriptorPath(handle.fd) !== directory) {
        // The directory itself was moved while the file was written: take the file back out.
        const landed = await lstat(inDirectory(name), { bigint: true }).catch(() => undefined);
        if (landed?.ino === written.ino && landed.dev === written.dev) await unlink(inDirectory(name));
        throw new PathChangedError(shownPath, 'written');
      }
    } finally {
      await temporary.close();
      if (!renamed) await rm(inDirectory(temporaryName), { force: true });
    }
  } finally {
    await handle.close();
  }
}

/**
 * Opens the judged directory (see `openJudgedDirectory`), creating what is missing of it one
 * directory at a time inside the directory opened before, so that no directory is made through
 * a swapped link either. `undefined` without `/proc`.
 */
async function openCreatingDirectory(directory: string, shownPath: string): Promise<FileHandle | undefined> {
  try {
    return await openJudgedDirectory(directory, shownPath, 'written');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(directory) === directory) throw error;
  }
  const parent = await openCreatingDirectory(dirname(directory), shownPath);
  if (parent === undefined) return undefined;
  try {
    await mkdir(pathInDirectory(parent.fd, basename(directory))).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  } finally {
    await parent.close();
  }
  return openJudgedDirectory(directory, shownPath, 'written');
}

/** The permission bits of the file at `path`, kept by the new content; 0644 for a new file. */
async function existingMode(path: string): Promise<number> {
  const info = await lstat(path).catch(() => undefined);
  return info?.isFile() === true ? info.mode & 0o777 : 0o644;
}

/**
 * The same write by path, each step checked after it: what {@link writeFileAtomically} does
 * where `/proc` is absent.
 */
export async function writeFileAtomicallyByPath(
  realPath: string,
  content: string,
  shownPath: string,
): Promise<void> {
  const directory = dirname(realPath);
  await mkdir(directory, { recursive: true });
  const target = realPath;
  const temporaryPath = join(directory, `.${basename(realPath)}.${randomBytes(6).toString('hex')}.tmp`);
  const temporary = await open(temporaryPath, CREATE_NEW, await existingMode(target));
  let renamed = false;
  try {
    if (!(await isSameFileAt(temporary, temporaryPath))) throw new PathChangedError(shownPath, 'written');
    await temporary.writeFile(content);
    await rename(temporaryPath, target);
    renamed = true;
    if (!(await isSameFileAt(temporary, target))) {
      // Renamed through a swapped path: where it landed is unknown, but not where it was judged.
      throw new PathChangedError(shownPath, 'written');
    }
  } finally {
    await temporary.close();
    if (!renamed) await rm(temporaryPath, { force: true });
  }
}
