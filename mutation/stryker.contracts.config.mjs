import { guardConfig } from './stryker.shared.mjs';

// A tool's config is checked by name and value before it exists; a call's params are frozen
// deeply (and copied where they are not plain data) so nothing can change them after the
// permission check.
export default guardConfig('contracts', {
  mutate: ['src/check-tool-config.ts', 'src/params-freezer.ts', 'src/freeze-parsed.ts', 'src/deep-freeze.ts'],
});
