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
});
