import type { ProviderLintIssue } from '@toolwright/spec';
import { checkOption } from '@toolwright/utils';
import { invalidOption } from '../options/invalid-option.js';
import { GEMINI_SCHEMA_KEYWORDS, GEMINI_TYPES } from '../projection/gemini-schema.js';
import { projectionNotes } from '../projection/projection-notes.js';
import { appendPointer } from '../schema/json-pointer.js';
import {
  type JsonSchema,
  type JsonValue,
  PROVIDER_TARGETS,
  type ProviderTarget,
} from '../schema/json-types.js';
import {
  SCHEMA_ARRAY_KEYWORDS,
  SCHEMA_MAP_KEYWORDS,
  SINGLE_SCHEMA_KEYWORDS,
} from '../schema/schema-keywords.js';
import { createRefResolver, isSchemaNode, type SchemaNode } from '../schema/schema-node.js';
import {
  GEMINI_PROPERTY_NAME,
  OPENAI_STRICT_LIMITS,
  OPENAI_STRICT_UNSUPPORTED,
  PROVIDER_RULES,
} from './provider-rules.js';
import { findReferenceCycles } from './reference-cycles.js';

export type { ProviderLintIssue };

/** A declaration as sent to a provider (`strict` only matters for the OpenAI targets). */
export interface LintableDeclaration {
  name: string;
  description: string;
  parameters: JsonSchema;
  strict?: boolean;
}

interface Frame {
  node: JsonValue;
  path: string;
  depth: number;
  objectDepth: number;
}

/**
 * Reports, naming the tool and the JSON-pointer path, everything `target` would reject in a
 * declaration: the name pattern, schema depth and size, a root that is not one object, `$ref`
 * cycles, keywords the provider does not accept (Gemini's subset, OpenAI strict mode), plus what
 * `projectSchema` had to cut or drop for this very schema. Lint the parameters you send: the
 * output of `projectSchema(schema, target)`. An empty list means nothing was found.
 */
export function lintToolDeclaration(
  declaration: LintableDeclaration,
  target: ProviderTarget,
): ProviderLintIssue[] {
  // Checked first: an unknown target has no rules, and reading them would throw a TypeError
  // instead of naming the targets that are accepted.
  if (!Object.hasOwn(PROVIDER_RULES, target)) {
    checkOption(
      'lintToolDeclaration',
      'target',
      target,
      { kind: 'oneOf', values: PROVIDER_TARGETS },
      invalidOption,
    );
  }
  const rules = PROVIDER_RULES[target];
  const issues: ProviderLintIssue[] = [];
  const report = (path: string, reason: string): void => {
    issues.push({ target, toolName: declaration.name, path, reason });
  };
  const strict = declaration.strict === true && (target === 'openai-chat' || target === 'openai-responses');

  if (!rules.namePattern.test(declaration.name)) {
    report(
      '',
      `tool name ${JSON.stringify(declaration.name)} is not accepted by ${target}; use ${rules.nameRule}`,
    );
  }
  const root = declaration.parameters;
  if (!isSchemaNode(root)) {
    report('', 'parameters must be a JSON Schema object');
    return issues;
  }
  if (rules.rootMustBeObject) {
    for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
      if (keyword in root)
        report(
          `/${keyword}`,
          `${target} does not accept ${keyword} at the root of parameters; use one object schema`,
        );
    }
    if (root.type !== 'object') {
      report('', `${target} needs parameters of type "object", found ${JSON.stringify(root.type ?? null)}`);
    }
  }

  let characters = 0;
  let propertyCount = 0;
  let enumValues = 0;
  let deepestReported = false;
  const stack: Frame[] = [{ node: root, path: '', depth: 1, objectDepth: 0 }];
  while (stack.length > 0) {
    const { node, path, depth, objectDepth } = stack.pop()!;
    if (!isSchemaNode(node)) {
      if (target === 'gemini' && typeof node !== 'boolean')
        report(path, `Gemini accepts only schema objects here, found ${JSON.stringify(node)}`);
      continue;
    }
    const schema = node as JsonSchema;
    if (depth > rules.maxDepth && !deepestReported) {
      deepestReported = true;
      report(path, `schema nests deeper than ${rules.maxDepth} levels`);
      continue;
    }
    const isObject = schema.type === 'object' || isSchemaNode(schema.properties);
    const nextObjectDepth = objectDepth + (isObject ? 1 : 0);
    if (strict && nextObjectDepth > OPENAI_STRICT_LIMITS.maxObjectNesting && isObject) {
      report(
        path,
        `strict mode allows at most ${OPENAI_STRICT_LIMITS.maxObjectNesting} levels of object nesting`,
      );
    }
    for (const [key, value] of Object.entries(schema)) {
      characters += key.length + 4;
      if (typeof value === 'string') characters += value.length + 2;
      else if (typeof value === 'number' || typeof value === 'boolean') characters += 6;
      if (target === 'gemini' && !GEMINI_SCHEMA_KEYWORDS.has(key)) {
        report(appendPointer(path, key), `Gemini does not accept the keyword "${key}"`);
      }
      if (strict && OPENAI_STRICT_UNSUPPORTED.has(key)) {
        report(appendPointer(path, key), `OpenAI strict mode does not support "${key}"`);
      }
      if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) {
        report(
          appendPointer(path, key),
          `reference ${JSON.stringify(value)} is not local; only "#..." references can be sent`,
        );
      }
      if (SCHEMA_MAP_KEYWORDS.has(key) && isSchemaNode(value)) {
        for (const [name, child] of Object.entries(value)) {
          characters += name.length + 4;
          const childPath = appendPointer(appendPointer(path, key), name);
          if (key === 'properties') {
            propertyCount++;
            if (target === 'gemini' && !GEMINI_PROPERTY_NAME.test(name)) {
              report(childPath, `Gemini parameter names must match ${GEMINI_PROPERTY_NAME.source}`);
            }
          }
          stack.push({ node: child, path: childPath, depth: depth + 1, objectDepth: nextObjectDepth });
        }
      } else if (SCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(value)) {
        for (const [index, child] of value.entries())
          stack.push({
            node: child,
            path: `${path}/${key}/${index}`,
            depth: depth + 1,
            objectDepth: nextObjectDepth,
          });
      } else if (SINGLE_SCHEMA_KEYWORDS.has(key) && (isSchemaNode(value) || typeof value === 'string')) {
        stack.push({ node: value, path: `${path}/${key}`, depth: depth + 1, objectDepth: nextObjectDepth });
      } else if (Array.isArray(value)) {
        for (const member of value) characters += typeof member === 'string' ? member.length + 3 : 8;
        if (key === 'enum') enumValues += value.length;
      }
    }
    if (target === 'gemini') lintGeminiNode(schema, path, report);
    else lintJsonTypes(schema, path, report);
    if (strict) lintStrictNode(schema, path, report);
  }

  if (characters > rules.maxSchemaChars) {
    report('', `schema is about ${characters} characters; ${target} accepts at most ${rules.maxSchemaChars}`);
  }
  if (strict && propertyCount > OPENAI_STRICT_LIMITS.maxProperties) {
    report(
      '',
      `strict mode allows at most ${OPENAI_STRICT_LIMITS.maxProperties} properties in total, found ${propertyCount}`,
    );
  }
  if (strict && enumValues > OPENAI_STRICT_LIMITS.maxEnumValues) {
    report(
      '',
      `strict mode allows at most ${OPENAI_STRICT_LIMITS.maxEnumValues} enum values in total, found ${enumValues}`,
    );
  }
  for (const cycle of findReferenceCycles(root as SchemaNode, createRefResolver(root as SchemaNode))) {
    if (rules.refsForbidden) {
      report(
        cycle.path,
        `recursive reference cycle ${cycle.chain.join(' -> ')}${rules.refsForbidden ? ` cannot be expressed for ${target}` : ''}`,
      );
    }
  }
  for (const note of projectionNotes(root)) report(note.path, note.reason);
  return issues;
}

function lintGeminiNode(
  schema: JsonSchema,
  path: string,
  report: (path: string, reason: string) => void,
): void {
  if (Array.isArray(schema.type))
    report(
      appendPointer(path, 'type'),
      'Gemini does not accept a list of types; use one type with nullable: true or anyOf',
    );
  else if (schema.type !== undefined && !GEMINI_TYPES.has(String(schema.type))) {
    report(appendPointer(path, 'type'), `Gemini does not know the type ${JSON.stringify(schema.type)}`);
  }
  if (schema.type !== undefined && (schema.anyOf !== undefined || schema.oneOf !== undefined)) {
    report(
      appendPointer(path, 'type'),
      'Gemini refuses "type" next to "anyOf"; put the type into each alternative',
    );
  }
  if (schema.type === 'array' && (schema.items === undefined || Array.isArray(schema.items))) {
    report(path, 'Gemini needs one "items" schema on every array ("items: missing field")');
  }
  if (Array.isArray(schema.enum) && schema.enum.some((member) => typeof member !== 'string')) {
    report(appendPointer(path, 'enum'), 'Gemini accepts only string enum values');
  } else if (Array.isArray(schema.enum) && schema.type !== 'string') {
    report(appendPointer(path, 'enum'), 'Gemini accepts an enum only with type "string"');
  }
}

const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/** A type that is not a JSON type (a TypeBox `Date`, `Uint8Array`, `Undefined`...) cannot be sent. */
function lintJsonTypes(
  schema: JsonSchema,
  path: string,
  report: (path: string, reason: string) => void,
): void {
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  for (const type of types) {
    if (!JSON_TYPES.has(String(type))) {
      report(
        appendPointer(path, 'type'),
        `type ${JSON.stringify(type)} is not a JSON Schema type; a model cannot send it as JSON`,
      );
    }
  }
}

function lintStrictNode(
  schema: JsonSchema,
  path: string,
  report: (path: string, reason: string) => void,
): void {
  const properties = schema.properties;
  if (isSchemaNode(properties)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    for (const name of Object.keys(properties)) {
      if (!required.has(name)) {
        report(
          appendPointer(appendPointer(path, 'properties'), name),
          `strict mode needs every property in required; make "${name}" required and nullable`,
        );
      }
    }
  }
  if ((schema.type === 'object' || isSchemaNode(properties)) && schema.additionalProperties !== false) {
    report(path, 'strict mode needs additionalProperties: false on every object');
  }
}
