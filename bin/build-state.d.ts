/** The package root, as a file URL. */
export declare const ROOT: URL;
/** Whether dist/ holds a build of the sources as they are now (see build-state.js). */
export declare function buildIsCurrent(root?: URL): boolean;
