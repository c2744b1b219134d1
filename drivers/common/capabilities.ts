/** Building a capability matrix: every resource supported unless the driver says otherwise. */
import { RESOURCE_NAMES, type ResourceName } from '../../generators/resources.ts';
import type { CapabilityCell, CapabilityMatrix } from '../contract.ts';

export function capabilityMatrix(overrides: Partial<Record<ResourceName, CapabilityCell>>): CapabilityMatrix {
  return Object.fromEntries(RESOURCE_NAMES.map((r) => [r, overrides[r] ?? { status: 'supported' }])) as CapabilityMatrix;
}

export function unsupported(reason: string): CapabilityCell {
  return { status: 'unsupported', reason };
}

/** A resource that needs an extension plugin; the reason names the plugin that would enable it. */
export function missingExtension(slug: string, label: string, what: string): CapabilityCell {
  return {
    status: 'missing_extension',
    extension: { slug, label },
    reason: `${what} need the ${label} plugin (${slug}); activate it on this site to generate them.`,
  };
}
