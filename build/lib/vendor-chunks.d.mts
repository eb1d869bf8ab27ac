/** Types of vendor-chunks.mjs (imported by the Vite configs). */
export function vendorChunks(id: string): string | undefined;
