import { guardConfig } from './stryker.shared.mjs';

// Each part of a server's result is routed by kind and size: text marked untrusted and spilled
// to the artifact store past the threshold, images stored and inlined when small, audio and
// blobs stored and described, and a part the store refuses described with the reason.
export default guardConfig('mcp-adapter', {
  part: 'routing',
  mutate: ['src/content-routing.ts'],
  // Results through an in-memory server and a real artifact store (fast); left out: the 150 MiB
  // unstored-part test (17 s) and the stdio message-limit tests (21 s).
  testFiles: ['src/mcp-adapter.results.test.ts', 'src/content-routing.test.ts', 'src/options.test.ts'],
  timeoutMS: 20_000,
});
