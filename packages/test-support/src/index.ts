// The workspace's shared test helpers. Helpers one package alone uses stay in that package's
// `src/test-support/`; what two or more packages (or the repo tests) use lives here, once. The
// benchmarks' timing helpers are their own entry, `@toolwright/test-support/bench` (src/bench.ts).

export {
  type ArtifactStoreKit,
  describeArtifactStoreKit,
  type KitArtifactRecord,
  type KitArtifactStore,
  type KitStoreOptions,
} from './artifact-store-kit.js';
export {
  type BuiltEntry,
  type BuiltEntryOptions,
  buildEntryWithProbes,
  builtEntryForThisFile,
} from './built-entry.js';
export {
  describeErrorClassContract,
  type ErrorClassContract,
  type ErrorClassUnderTest,
  loadSecondCopy,
} from './error-class-contract.js';
export {
  LOADED_MODULES_HOOK_URL,
  type LoadedModules,
  loadedModulesEnvironment,
  modulesLoadedBy,
} from './loaded-modules.js';
export {
  type PrintedLines,
  type ReadmeExampleOptions,
  readmeBlocks,
  runReadmeExample,
} from './readme-example.js';
export {
  type RedisServerOptions,
  type RedisServerUnderTest,
  redisServerPath,
  redisTestsRun,
  startRedisServer,
} from './redis/redis-server.js';
export { type SyscallFault, withSyscallFault } from './syscall-fault.js';
export { makeTempDir, type TempDirOptions } from './temp-dir.js';
export { type RecognisableErrorClass, rejectionOf, thrownBy } from './thrown-by.js';
export { waitFor } from './wait-for.js';
