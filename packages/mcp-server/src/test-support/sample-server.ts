import { createSampleRegistry } from './sample-tools.js';

/**
 * The config module the spawned-bin tests serve: the sample registry, with the server's own
 * artifact store (the bin's default) reachable by the Picture tool through `contextFields`.
 */
export default function createServer() {
  return { registry: createSampleRegistry(), serverInfo: { name: 'sample', version: '1.0.0' } };
}
