/**
 * `@toolwright/utils/private-files` (Node only): files only this user can read, in directories
 * only this user can enter, written crash-safely, and the per-user state directory. The root
 * entry of the package stays free of Node's file system.
 *
 * `PrivateDirectory`, `userStateDirectory` and `PrivateFileError` are for every package; the
 * checks and writes beneath them are exported for the artifact store, which keeps its session
 * directories with the same rules.
 *
 * @packageDocumentation
 */

export {
  fsyncDirectory,
  removeTempFile,
  TEMP_OPEN_FLAGS,
  writeTempFileSync,
} from './private-files/atomic-write.js';
export {
  type CheckedFile,
  openExistingFileSync,
  openOwnFileSync,
  type RefuseFile,
} from './private-files/own-file.js';
export { PrivateDirectory } from './private-files/private-directory.js';
export {
  errnoCode,
  ioFailure,
  PrivateFileError,
  PrivateFileErrorCode,
} from './private-files/private-file-error.js';
export {
  checkPrivateDirectory,
  ensurePrivateDirectory,
  ensureStorageRoot,
  formatMode,
  lstatOrMissing,
  PRIVATE_DIRECTORY_MODE,
  PRIVATE_FILE_MODE,
} from './private-files/secure-directory.js';
export { userStateDirectory } from './private-files/user-state-directory.js';
