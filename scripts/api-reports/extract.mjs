// Writes the API report of one package entry with API Extractor, from the built `.d.ts` (build
// first: `turbo run build`). The report is a Markdown file holding every exported declaration's
// signature, so an API change shows up as a reviewable diff of that file.
//
// The configuration lives here, not in one api-extractor.json per package: every entry of every
// package is reported the same way, and the entries come from each package's `exports` map, so a
// new entry point (like `@toolwright/contracts/testing`) is reported without a config to add.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

/**
 * The public entries of a package, from its `exports` map: `[{ subpath: '.', reportName:
 * 'contracts', typesFile: 'dist/index.d.ts' }, { subpath: './testing', reportName:
 * 'contracts-testing', ... }]`. An entry without ESM types is refused by name.
 */
export function packageEntries(packageDir) {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const unscoped = manifest.name.split('/').pop();
  const entries = [];
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (subpath === './package.json') continue;
    const typesFile = target?.import?.types ?? target?.types;
    if (typeof typesFile !== 'string') {
      throw new Error(
        `${manifest.name}: exports["${subpath}"] has no import.types; the API report reads the ESM .d.ts.`,
      );
    }
    const suffix = subpath === '.' ? '' : `-${subpath.slice(2).replaceAll('/', '-')}`;
    entries.push({ subpath, reportName: `${unscoped}${suffix}`, typesFile: typesFile.replace(/^\.\//, '') });
  }
  return { name: manifest.name, version: manifest.version, entries };
}

/**
 * Runs API Extractor on one entry and returns the report's text. `workDir` receives the
 * report (and nothing else: no doc model, no rollup). Errors and warnings of the analysis come
 * back in `problems` (a forgotten export is noted inside the report itself, as API Extractor does).
 * `compilerStateFor(config)` may return a TypeScript program to share between entries.
 */
export function extractReport(packageDir, entry, workDir, compilerStateFor = () => undefined) {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const configObject = {
    projectFolder: packageDir,
    mainEntryPointFilePath: join(packageDir, entry.typesFile),
    bundledPackages: [],
    newlineKind: 'lf',
    compiler: {
      overrideTsconfig: {
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          skipLibCheck: true,
          types: ['node'],
        },
        files: [join(packageDir, entry.typesFile)],
      },
    },
    apiReport: {
      enabled: true,
      reportFileName: `${entry.reportName}.api.md`,
      reportFolder: workDir,
      reportTempFolder: join(workDir, 'temp'),
    },
    docModel: { enabled: false },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    messages: {
      // Release tags (@public/@beta) are not used here: every export of an entry is public.
      extractorMessageReporting: {
        default: { logLevel: 'warning' },
        'ae-missing-release-tag': { logLevel: 'none' },
        'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: true },
        // Documentation is reviewed in the READMEs; an undocumented member is noted in the report.
        'ae-undocumented': { logLevel: 'none' },
        'ae-unresolved-link': { logLevel: 'none' },
      },
      // TSDoc's stricter comment syntax is not this repo's convention (plain JSDoc prose).
      tsdocMessageReporting: { default: { logLevel: 'none' } },
      compilerMessageReporting: { default: { logLevel: 'warning' } },
    },
  };
  const config = ExtractorConfig.prepare({
    configObject,
    configObjectFullPath: undefined,
    packageJsonFullPath: join(packageDir, 'package.json'),
  });
  const problems = [];
  const result = Extractor.invoke(config, {
    compilerState: compilerStateFor(config),
    localBuild: true,
    showVerboseMessages: false,
    messageCallback: (message) => {
      // `console-*` messages are API Extractor's own chatter ("the report file was missing").
      const fromAnalysis = !message.messageId.startsWith('console-');
      if (fromAnalysis && (message.logLevel === 'error' || message.logLevel === 'warning')) {
        problems.push(`${message.logLevel}: ${message.text}`);
      }
      message.handled = true;
    },
  });
  if (!result.succeeded && problems.length === 0) problems.push('API Extractor did not succeed');
  const reportPath = join(workDir, `${entry.reportName}.api.md`);
  return { text: readFileSync(reportPath, 'utf8'), problems };
}
