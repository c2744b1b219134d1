/** cartwheel-pro: the plugin, its service key and its public types. */
export { CartwheelProPlugin } from './plugin.ts';
export { CartwheelProStore } from './store.ts';
export { CARTWHEEL_PRO } from './service.ts';
export { PRO_TABLES } from './schema.ts';
export { LICENSE_STATUSES, type LicenseStatus, type LicenseInput, type ActivationInput, type LicenseRecord } from './licenses.ts';
