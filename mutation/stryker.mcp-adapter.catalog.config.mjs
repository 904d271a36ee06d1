import { guardConfig } from './stryker.shared.mjs';

// What a live server lists is screened before it becomes a tool: names, description and schema
// sizes and depth (measured by validation's pre-screen, a guard of that package's own run),
// duplicates, counts per server.
export default guardConfig('mcp-adapter', {
  part: 'catalog',
  mutate: ['src/catalog-screen.ts', 'src/catalog-limits.ts'],
  // The screen's own tests. The adapter suites connect real servers in beforeAll hooks, which
  // screens their catalogs there: every screen mutant would be "static" and rerun every test
  // file (an hour instead of minutes); they exercise the screen with well-formed catalogs only.
  testFiles: ['src/catalog-screen.test.ts', 'src/catalog-limits.test.ts', 'src/options.test.ts'],
});
