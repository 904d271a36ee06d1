// Stryker's vitest runner runs test files in worker threads. os.homedir() reads HOME from the
// process environment, not from the thread's copy that vi.stubEnv('HOME', ...) changes, so a test
// that points HOME at a fake home directory would see the real one. In a process of its own (how
// the suite normally runs) HOME is honoured; this makes a worker thread behave the same.
import { createRequire, syncBuiltinESMExports } from 'node:module';

const os = createRequire(import.meta.url)('node:os') as typeof import('node:os');
const realHomedir = os.homedir;
os.homedir = () => process.env.HOME || realHomedir();
syncBuiltinESMExports();
