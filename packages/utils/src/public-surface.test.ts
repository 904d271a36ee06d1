import { expect, it } from 'vitest';

it('exports exactly the public surface (a change here is a visible, reviewed diff)', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'DEFAULT_PREVIEW_LENGTH',
    'MAX_SESSION_ID_LENGTH',
    'MAX_SUGGESTED_NAME_LENGTH',
    'SESSION_ID_PATTERN',
    'SESSION_ID_RULE',
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
    'isSessionId',
    'previewText',
    'previewValue',
    'renamedOptionValue',
    'stripHiddenCharacters',
  ]);
});
