/** Roles and the capabilities they grant. `administrator` holds every capability. */
export const ROLES = ['administrator', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

const GRANTS: Record<Exclude<Role, 'administrator'>, readonly string[]> = {
  editor: ['read', 'edit_posts', 'manage_store'],
  viewer: ['read'],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function roleHasCapability(role: Role, capability: string): boolean {
  if (role === 'administrator') return true;
  return GRANTS[role].includes(capability);
}
