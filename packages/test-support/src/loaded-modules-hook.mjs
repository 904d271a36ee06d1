// Lists the modules a Node process loads, for tests that pin what an entry point or a command does
// NOT load (see loaded-modules.ts). Given to `node --import`, with TOOLWRIGHT_LOADED_MODULES_FILE
// naming the file the URLs are appended to, one a line, it registers itself as the module hooks
// (`initialize` and `load` below then run on Node's hooks thread). Every module the ESM loader
// loads is written down: each import, and the CommonJS file an import reaches; what CommonJS code
// then `require`s does not pass the hooks on Node 20 (look in `require.cache` for those).
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

let listFile;

export function initialize(data) {
  listFile = data.file;
}

export async function load(url, context, nextLoad) {
  appendFileSync(listFile, `${url}\n`);
  return nextLoad(url, context);
}

const file = process.env.TOOLWRIGHT_LOADED_MODULES_FILE;
if (isMainThread && file !== undefined && file !== '') {
  register(import.meta.url, { data: { file } });
}
