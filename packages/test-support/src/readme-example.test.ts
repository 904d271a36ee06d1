import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readmeBlocks, runReadmeExample } from './readme-example.js';
import { makeTempDir } from './temp-dir.js';

function packageWithReadme(readme: string): string {
  const dir = makeTempDir('tw-readme-runner');
  writeFileSync(join(dir, 'README.md'), readme);
  return dir;
}

const README = [
  '# demo',
  '```sh',
  'npm run build',
  '```',
  '```ts',
  "console.log('first', 1);",
  'console.log({ second: await Promise.resolve(2) });',
  '```',
  '```ts',
  "console.log('other block');",
  '```',
  '',
].join('\n');

describe('readmeBlocks', () => {
  it('returns each block of the language, in order, without fences', () => {
    const dir = packageWithReadme(README);
    expect(readmeBlocks(join(dir, 'README.md'), 'sh')).toEqual(['npm run build\n']);
    expect(readmeBlocks(join(dir, 'README.md'), 'ts')).toHaveLength(2);
  });

  it('names the file and the language when there is no such block', () => {
    const dir = packageWithReadme('# nothing to run\n');
    expect(() => readmeBlocks(join(dir, 'README.md'), 'ts')).toThrow(
      `${join(dir, 'README.md')} has no \`\`\`ts block`,
    );
  });
});

describe('runReadmeExample', () => {
  it('runs the first ts block as a module and returns each console.log call’s arguments', async () => {
    const dir = packageWithReadme(README);
    expect(await runReadmeExample({ packageDir: dir })).toEqual([['first', 1], [{ second: 2 }]]);
    // The scratch copy does not outlive the run.
    expect(readdirSync(join(dir, '.tmp'))).toEqual([]);
  });

  it('runs another block, rewritten by transform', async () => {
    const dir = packageWithReadme(README);
    const printed = await runReadmeExample({
      packageDir: dir,
      block: 1,
      transform: (code) => code.replace('other', 'rewritten'),
    });
    expect(printed).toEqual([['rewritten block']]);
  });

  it('fails with the example’s own error, and restores console.log', async () => {
    const dir = packageWithReadme('```ts\nthrow new Error("the example broke");\n```\n');
    const log = console.log;
    await expect(runReadmeExample({ packageDir: dir })).rejects.toThrow('the example broke');
    expect(console.log).toBe(log);
    expect(existsSync(join(dir, '.tmp'))).toBe(true);
    expect(readdirSync(join(dir, '.tmp'))).toEqual([]);
  });

  it('names a missing block number', async () => {
    const dir = packageWithReadme(README);
    await expect(runReadmeExample({ packageDir: dir, block: 2 })).rejects.toThrow(
      'has no ```ts block number 2',
    );
  });
});
