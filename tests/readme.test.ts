import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { repoRoot } from './support/workspace.js';

// The example app depends on every package, so a file placed under it resolves them all.
const scratch = mkdtempSync(join(repoRoot, 'apps', 'example-agent', '.tmp-readme-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it("the root README's example runs as written", () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const example = readme.split('```ts\n')[1]?.split('```')[0];
  expect(example, 'README.md has a ```ts example').toBeTruthy();
  // Print what the example's bare expressions return, so the test can check them.
  const probe = (example as string)
    .replace(/^(read\.build\(.*\));(.*)$/m, 'console.log(JSON.stringify($1.params));$2')
    .replace(/^(toProviderToolFormat\(.*\));(.*)$/m, 'console.log(JSON.stringify($1));$2')
    .replace(
      /^(registry\.getFunctionDeclarationsByMode\(.*\));(.*)$/m,
      'console.log(JSON.stringify($1.declarations.map((d) => d.name)));$2',
    );
  const file = join(scratch, 'readme-example.mts');
  writeFileSync(file, probe);
  const output = execFileSync(process.execPath, ['--import', 'tsx', file], {
    cwd: scratch,
    encoding: 'utf8',
  })
    .trim()
    .split('\n');
  expect(output).toHaveLength(3);
  expect(JSON.parse(output[0] as string)).toEqual({ file_path: 'a.ts', limit: 5 });
  const gemini = JSON.parse(output[1] as string);
  expect(gemini.name).toBe('Read');
  expect(gemini.parameters).not.toHaveProperty('additionalProperties');
  expect(JSON.parse(output[2] as string)).toEqual(['Read', 'ToolSearch']);
});
