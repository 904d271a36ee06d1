import { join } from 'node:path';
import { runReadmeExample } from '@toolwright/test-support';
import { expect, it } from 'vitest';
import { repoRoot } from './support/workspace.js';

it("the root README's example runs as written", async () => {
  const printed = await runReadmeExample({
    // The example app depends on every package, so a file placed under it resolves them all.
    packageDir: join(repoRoot, 'apps', 'example-agent'),
    readme: join(repoRoot, 'README.md'),
    // Print what the example's bare expressions return, so the test can check them.
    transform: (example) =>
      example
        .replace(/^(read\.build\(.*\));(.*)$/m, 'console.log(JSON.stringify($1.params));$2')
        .replace(/^(toProviderToolFormat\(.*\));(.*)$/m, 'console.log(JSON.stringify($1));$2')
        .replace(
          /^(registry\.getFunctionDeclarationsByMode\(.*\));(.*)$/m,
          'console.log(JSON.stringify($1.declarations.map((d) => d.name)));$2',
        ),
  });
  const output = printed.map(([line]) => line as string);
  expect(output).toHaveLength(3);
  expect(JSON.parse(output[0] as string)).toEqual({ file_path: 'a.ts', limit: 5 });
  const gemini = JSON.parse(output[1] as string);
  expect(gemini.name).toBe('Read');
  expect(gemini.parameters).not.toHaveProperty('additionalProperties');
  // Nothing is deferred, so ToolSearch is not declared.
  expect(JSON.parse(output[2] as string)).toEqual(['Read']);
});
