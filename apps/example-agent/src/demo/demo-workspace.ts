import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Lines in the generated build log: enough to be spilled (about 100 KiB). */
const BUILD_LOG_LINES = 1200;

/**
 * Fills a fresh directory with the small project the demo works on: notes, two sources with a
 * TODO, a large build log (to be spilled), and two secrets the agent must not read.
 */
export function writeDemoWorkspace(root: string): void {
  const files: Record<string, string> = {
    'notes.md':
      '# toolwright demo\n\nThis workspace is created for the demo and deleted after it.\nThe agent fixes the TODO in src/app.ts.\n',
    'src/app.ts': "// TODO: greet\nconsole.log('start');\n",
    'src/util.ts': 'export const add = (left: number, right: number): number => left + right;\n',
    '.env': 'DEPLOY_TOKEN=not-a-real-token\n',
    '.ssh/id_ed25519':
      '-----BEGIN OPENSSH PRIVATE KEY-----\nnot-a-real-key\n-----END OPENSSH PRIVATE KEY-----\n',
  };
  const log: string[] = [];
  for (let line = 1; line <= BUILD_LOG_LINES; line += 1) {
    log.push(
      `[build] step ${String(line).padStart(4, '0')}: compiled module-${line % 97} in ${(line * 7) % 113} ms, cache ${line % 3 === 0 ? 'miss' : 'hit'}`,
    );
  }
  log.push('[build] done: 1200 steps, 0 errors');
  files['logs/build.log'] = `${log.join('\n')}\n`;
  for (const [path, content] of Object.entries(files)) {
    const absolute = join(root, path);
    mkdirSync(dirname(absolute), { recursive: true });
    writeFileSync(absolute, content, { mode: path.startsWith('.ssh') ? 0o600 : 0o644 });
  }
}
