// Lists every module a Node process loads, for tests that pin what a command does NOT load.
// Use: `node --import <this file's URL> …` with TOOLWRIGHT_LOADED_MODULES_FILE naming the file the
// URLs are appended to, one a line. Imported with --import, it registers itself as the module
// hooks (`initialize` and `load` below run on Node's hooks thread); each module that goes through
// the ESM loader (every import, and the CommonJS files an import reaches) is written down.
import { appendFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { register } from 'node:module';

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
