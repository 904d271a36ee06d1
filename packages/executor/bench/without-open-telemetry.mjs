// `node --import ./without-open-telemetry.mjs`: the process runs as if `@opentelemetry/api` were
// not installed (Node 20's module.register; the hooks run on the loader's own thread).
import { register } from 'node:module';

register('./without-open-telemetry-hooks.mjs', import.meta.url);
