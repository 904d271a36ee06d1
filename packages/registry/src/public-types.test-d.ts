import type { Tool } from '@toolwright/contracts';
import type { Drained } from '@toolwright/utils';
import { describe, expectTypeOf, it } from 'vitest';
import type { CatalogChange } from './catalog-change.js';
import type { DeclarationSet, DeclarationSetV1 } from './declaration-set.js';
import type { RegistryEvents } from './registry-events.js';
import { ToolRegistry } from './tool-registry.js';

const registry = new ToolRegistry();

describe('ToolRegistry', () => {
  it('hands back tools as the contracts interface, of unknown params', () => {
    expectTypeOf(registry.get).returns.toEqualTypeOf<Tool | undefined>();
    expectTypeOf(registry.getAll).returns.toEqualTypeOf<Tool[]>();
    expectTypeOf(registry.register).parameter(0).toEqualTypeOf<Tool>();
    expectTypeOf(registry.clone).returns.toEqualTypeOf<ToolRegistry>();
  });

  it('returns a versioned declaration set, DeclarationSet being its alias', () => {
    expectTypeOf<DeclarationSet>().toEqualTypeOf<DeclarationSetV1>();
    expectTypeOf(registry.getFunctionDeclarationsByMode).returns.toEqualTypeOf<DeclarationSet>();
    expectTypeOf<DeclarationSet['specificationVersion']>().toEqualTypeOf<'v1'>();
  });

  it('types each event listener by the event it listens to', () => {
    registry.on('catalog-change', (change) => {
      expectTypeOf(change).toEqualTypeOf<CatalogChange>();
    });
    registry.on('registered', (event) => {
      expectTypeOf(event).toEqualTypeOf<RegistryEvents['registered']>();
      expectTypeOf(event.name).toEqualTypeOf<string>();
    });
    // @ts-expect-error: no such event
    registry.on('registerd', () => {});
    expectTypeOf(registry.on).returns.toEqualTypeOf<() => void>();
  });

  it('drains catalog changes as Drained<CatalogChange>', () => {
    expectTypeOf(registry.drainCatalogChanges).returns.toEqualTypeOf<Drained<CatalogChange>>();
    expectTypeOf<Drained<CatalogChange>['dropped']>().toEqualTypeOf<number>();
  });
});
