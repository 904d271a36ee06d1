import { guardConfig } from './stryker.shared.mjs';

// What stands between a model's or a server's input and harm: the argument guard (size and
// depth caps before anything recursive, forbidden keys, plain JSON only), the foreign JSON
// Schema pre-screen and its limits, and the sensitive-path rules.
export default guardConfig('validation', {
  mutate: [
    'src/parse/argument-guard.ts',
    'src/foreign/prescreen-json-schema.ts',
    'src/foreign/json-schema-limits.ts',
    'src/sensitive/detect-sensitive-path.ts',
    'src/sensitive/sensitive-rules.ts',
  ],
  // The tests of these guards. Left out: the property tests (fast-check runs hundreds of
  // schemas per test, and every guard mutant would rerun them: ~50 min instead of ~10) and the
  // projection, lint and message suites, which reach the guards only on the way.
  testFiles: [
    'src/parse/parse-tool-schema.test.ts',
    'src/parse/parse-options.test.ts',
    'src/parse/fill-defaults.test.ts',
    'src/foreign/*.test.ts',
    'src/sensitive/*.test.ts',
    'src/options/every-option-checked.test.ts',
    'src/parse/argument-guard.test.ts',
  ],
});
