import type { McpResourceDefinition, McpResourceTemplateDefinition } from '../src/index.js';
import { TEST_IMAGE_BASE64 } from './fixture-media.js';

/** The conformance suite's fixed resources. */
export const FIXTURE_RESOURCES: readonly McpResourceDefinition[] = [
  {
    uri: 'test://static-text',
    name: 'static-text',
    title: 'Static Text Resource',
    description: 'A static text resource for testing',
    mimeType: 'text/plain',
    read: ({ uri }) => [
      { uri, mimeType: 'text/plain', text: 'This is the content of the static text resource.' },
    ],
  },
  {
    uri: 'test://static-binary',
    name: 'static-binary',
    title: 'Static Binary Resource',
    description: 'A static binary resource (image) for testing',
    mimeType: 'image/png',
    read: ({ uri }) => [{ uri, mimeType: 'image/png', blob: TEST_IMAGE_BASE64 }],
  },
  {
    uri: 'test://watched-resource',
    name: 'watched-resource',
    title: 'Watched Resource',
    description: 'A resource clients may subscribe to',
    mimeType: 'text/plain',
    read: ({ uri }) => [{ uri, mimeType: 'text/plain', text: 'Watched resource content' }],
  },
];

/** The conformance suite's resource template. */
export const FIXTURE_RESOURCE_TEMPLATES: readonly McpResourceTemplateDefinition[] = [
  {
    uriTemplate: 'test://template/{id}/data',
    name: 'template',
    title: 'Resource Template',
    description: 'A resource template with parameter substitution',
    mimeType: 'application/json',
    read: ({ uri, variables }) => [
      {
        uri,
        mimeType: 'application/json',
        text: JSON.stringify({
          id: variables.id,
          templateTest: true,
          data: `Data for ID: ${String(variables.id)}`,
        }),
      },
    ],
    complete: { id: (value) => ['123', '456', '789'].filter((id) => id.startsWith(value)) },
  },
];
