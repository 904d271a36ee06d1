import { lintToolDeclaration, PROVIDER_TARGETS } from '@toolwright/validation';
import type { Tool } from '../tool.js';
import { findNonJsonValue } from './json-check.js';
import type { RunRule } from './rule-runner.js';

/** Rules `declarations-json`, `declarations-cached` and `declarations-lint-clean`, over every target. */
export function checkDeclarations(tool: Tool, run: RunRule): void {
  run('declarations-json', (fail) => {
    for (const target of PROVIDER_TARGETS) {
      const declaration = tool.getFunctionDeclaration(target);
      const nonJson = findNonJsonValue(declaration);
      if (nonJson !== undefined) {
        fail(`the ${target} declaration is not plain JSON at ${nonJson}`);
      }
      if (declaration.name !== tool.name || declaration.target !== target) {
        fail(`the ${target} declaration is named "${declaration.name}" for target "${declaration.target}"`);
      }
      if (typeof declaration.description !== 'string' || declaration.description.trim() === '') {
        fail(`the ${target} declaration has an empty description`);
      }
      if (declaration.parameters?.type !== 'object') {
        fail(`the ${target} declaration's parameters are not an object schema`);
      }
    }
  });
  run('declarations-cached', (fail) => {
    for (const target of PROVIDER_TARGETS) {
      const first = tool.getFunctionDeclaration(target);
      const second = tool.getFunctionDeclaration(target);
      if (first !== second) {
        fail(`getFunctionDeclaration("${target}") built a new declaration on the second call`);
      }
      if (JSON.stringify(first) !== JSON.stringify(second)) {
        fail(`getFunctionDeclaration("${target}") is not deterministic byte for byte`);
      }
    }
  });
  run('declarations-lint-clean', (fail) => {
    for (const target of PROVIDER_TARGETS) {
      for (const issue of lintToolDeclaration(tool.getFunctionDeclaration(target), target)) {
        fail(`${target} would reject it at ${issue.path || '/'}: ${issue.reason}`);
      }
    }
  });
}
