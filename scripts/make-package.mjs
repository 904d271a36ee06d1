// One-off scaffolding helper kept for new packages: writes package.json, tsconfig, tsup and
// vitest configs for packages/<dir>. Usage: node scripts/make-package.mjs <dir> <description>
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, description] = process.argv.slice(2);
if (!dir || !description) {
  console.error('usage: node scripts/make-package.mjs <dir> <description>');
  process.exit(2);
}
const root = join('packages', dir);
mkdirSync(join(root, 'src'), { recursive: true });
mkdirSync(join(root, 'bench'), { recursive: true });
const pkg = {
  name: `@toolwright/${dir}`,
  version: '0.0.0',
  description,
  license: 'MIT',
  type: 'module',
  sideEffects: false,
  engines: { node: '>=20' },
  exports: {
    '.': {
      import: { types: './dist/index.d.ts', default: './dist/index.js' },
      require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
    },
    './package.json': './package.json',
  },
  main: './dist/index.cjs',
  module: './dist/index.js',
  types: './dist/index.d.cts',
  files: ['dist', 'src', '!src/**/*.test.ts'],
  scripts: {
    build: 'tsup',
    typecheck: 'tsc --noEmit -p tsconfig.json',
    test: 'vitest run --maxWorkers=100%',
    bench: 'node --import tsx bench/index.ts',
  },
  publishConfig: { access: 'public' },
  dependencies: {},
  devDependencies: {},
};
const write = (file, content) => {
  if (!existsSync(file)) writeFileSync(file, content);
};
write(join(root, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
write(
  join(root, 'tsconfig.json'),
  `${JSON.stringify({ extends: '../../tsconfig.base.json', include: ['src', 'bench'] }, null, 2)}\n`,
);
write(
  join(root, 'tsup.config.ts'),
  `import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  target: 'node20',
  clean: true,
});
`,
);
write(
  join(root, 'vitest.config.ts'),
  `import { defineProject } from 'vitest/config';
import { sharedProjectConfig } from '../../vitest.shared.js';

export default defineProject(sharedProjectConfig(import.meta.url));
`,
);
write(join(root, 'src/index.ts'), `export {};\n`);
write(join(root, 'README.md'), `# @toolwright/${dir}\n\n${description}\n`);
