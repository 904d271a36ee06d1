import { guardConfig } from './stryker.shared.mjs';

// The permission policy judges each call on real paths: its rules, the protected files that
// always ask before a write, and the resolution of symlinks on every component.
export default guardConfig('executor', {
  mutate: [
    'src/permission/permission-policy.ts',
    'src/permission/permission-rule.ts',
    'src/permission/protected-paths.ts',
    'src/paths/real-path.ts',
  ],
  // The protected names are module constants: every one of their mutants ("static") reruns all
  // the test files below, so they are the policy's and the paths' own tests, not the
  // streaming and scheduling suites.
  // Some policy tests stub HOME, which os.homedir() in a worker thread does not see.
  homeFromEnv: true,
  testFiles: [
    'src/permission/*.test.ts',
    'src/paths/*.test.ts',
    'src/tool-executor.test.ts',
    'src/readme-example.test.ts',
  ],
});
