import { describe, expect, it } from 'vitest';
import {
  describeSpecificationVersionProblem,
  UNSUPPORTED_SPECIFICATION_VERSION,
} from './specification-version.js';

describe('describeSpecificationVersionProblem', () => {
  it('names the version the object says and the version the package accepts', () => {
    expect(
      describeSpecificationVersionProblem('Tool', { specificationVersion: 'v2' }, '@toolwright/registry 0.x'),
    ).toBe("this Tool says specificationVersion 'v2'; @toolwright/registry 0.x accepts 'v1'");
  });

  it('lists every accepted version', () => {
    expect(
      describeSpecificationVersionProblem('Tool', { specificationVersion: 'v3' }, 'x 1.x', ['v1', 'v2']),
    ).toBe("this Tool says specificationVersion 'v3'; x 1.x accepts 'v1' or 'v2'");
  });

  it('previews a version that is not a string', () => {
    expect(describeSpecificationVersionProblem('Tool', { specificationVersion: 2 }, 'x 0.x')).toBe(
      "this Tool says specificationVersion integer 2; x 0.x accepts 'v1'",
    );
  });

  it('has nothing to say about an accepted version or an object that declares none', () => {
    expect(
      describeSpecificationVersionProblem('Tool', { specificationVersion: 'v1' }, 'x 0.x'),
    ).toBeUndefined();
    expect(describeSpecificationVersionProblem('Tool', { name: 'read' }, 'x 0.x')).toBeUndefined();
    expect(describeSpecificationVersionProblem('Tool', null, 'x 0.x')).toBeUndefined();
    expect(describeSpecificationVersionProblem('Tool', 'v2', 'x 0.x')).toBeUndefined();
  });

  it('exports the one code every package refuses with', () => {
    expect(UNSUPPORTED_SPECIFICATION_VERSION).toBe('unsupported_specification_version');
  });
});
