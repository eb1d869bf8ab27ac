/** Types of apt.mjs (used by TypeScript scripts such as the benchmarks). */
export function isDebianPackageInstalled(name: string): boolean;
export function missingDebianPackages(names: string[]): string[];
export function ensureDebianPackages(names: string[], options?: { log?: (message: string) => void }): string[];
