import { expect, it } from 'vitest';

it('exports exactly the public surface (a change here is a visible, reviewed diff)', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'DEFAULT_PREVIEW_LENGTH',
    'MAX_SUGGESTED_NAME_LENGTH',
    'ToolwrightError',
    'UNSUPPORTED_SPECIFICATION_VERSION',
    'boundedEditDistance',
    'brandErrorClass',
    'canonicalJson',
    'closestName',
    'describeNumberProblem',
    'describeOptionProblem',
    'describeRenamedOptionProblem',
    'describeSpecificationVersionProblem',
    'didYouMean',
    'escapeHiddenCharacters',
    'hasHiddenCharacters',
    'isHiddenCodePoint',
    'previewText',
    'previewValue',
    'renamedOptionValue',
    'stripHiddenCharacters',
  ]);
});
