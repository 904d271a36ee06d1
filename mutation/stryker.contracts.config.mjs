import { guardConfig } from './stryker.shared.mjs';

// A tool's config is checked by name and value before it exists; a call's params are frozen
// deeply (and copied where they are not plain data) so nothing can change them after the
// permission check.
export default guardConfig('contracts', {
  mutate: ['src/check-tool-config.ts', 'src/params-freezer.ts', 'src/freeze-parsed.ts', 'src/deep-freeze.ts'],
  // Left out: dual-install.test.ts, which builds the package with tsup and installs it twice in
  // beforeAll (every mutant it reaches would be static and rebuild), and the declaration tests.
  testFiles: [
    'src/create-tool.test.ts',
    'src/every-option-checked.test.ts',
    'src/params-freezer.test.ts',
    'src/freeze-parsed.test.ts',
    'src/tool-invocation.test.ts',
    'src/errors.test.ts',
    'src/deep-freeze.test.ts',
    'src/check-tool-config.test.ts',
  ],
});
