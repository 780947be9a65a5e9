import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { Registry } from '../shared/trust';

/**
 * Each registry's short name as its own country writes it (Turkish "MERSİS", with the dotted capital
 * İ, as the registry's own site does): the same spelling in the registry list, the format error
 * and the seller's verification line.
 */
const REGISTRY_SHORT = {
  CAC: msg`CAC`,
  RCCM: msg`RCCM`,
  NINEA: msg`NINEA`,
  MERSIS: msg`MERSIS`,
  VKN: msg`VKN`,
} satisfies Record<Registry, MessageDescriptor>;

/** A registry's short name in the active language; an unknown code as it came. */
export function registryShortName(i18n: I18n, registry: string): string {
  const descriptor = (REGISTRY_SHORT as Record<string, MessageDescriptor>)[registry];
  return descriptor ? i18n._(descriptor) : registry;
}
