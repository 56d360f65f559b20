/** Types of scripts/build-server.js (plain JavaScript, run by `npm run build:server`). */
import type { BuildOptions } from 'esbuild';

/** The files bundled, relative to the project root. */
export const ENTRY_POINTS: string[];
/** The development target (`node20.19`). */
export const DEFAULT_TARGET: string;
/** esbuild's options for `target`, run in the project root. */
export function bundleOptions(target?: string): BuildOptions;
