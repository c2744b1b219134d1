/**
 * The host's version (Semantic Versioning): what a plugin's `requiresVersions.panel` range is checked
 * against when it is activated. The Seeder's own version is SEEDER_VERSION (controllers/version.ts).
 */
export const PANEL_VERSION = '0.1.0';
