/** The Seeder's version (Semantic Versioning; see CHANGELOG.md). */
export const SEEDER_VERSION = '0.1.0';
