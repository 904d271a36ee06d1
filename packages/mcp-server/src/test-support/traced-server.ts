import { createTracedRegistry } from './traced-tools.js';

/** The config module the cross-process trace test serves with the bin. */
export default function createServer() {
  return { registry: createTracedRegistry(), serverInfo: { name: 'traced', version: '1.0.0' } };
}
