// The declaration set is a versioned interface, defined in @toolwright/spec; this package makes it.
export type {
  DeclarationSet,
  DeclarationSetV1,
  DeferredNamespace,
  OmittedDeclaration,
  ToolMode,
} from '@toolwright/spec';
