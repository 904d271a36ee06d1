import { expect, it } from 'vitest';

it('exports exactly the public surface (a change here is a visible, reviewed diff)', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'DEFAULT_PREVIEW_LENGTH',
    'MAX_SUGGESTED_NAME_LENGTH',
    'boundedEditDistance',
    'canonicalJson',
    'closestName',
    'describeNumberProblem',
    'describeOptionProblem',
    'didYouMean',
    'previewText',
    'previewValue',
  ]);
});
