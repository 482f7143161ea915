/** Builds the storefront example into `outdir` (default examples/storefront/dist). */
export function buildStorefront(outdir?: string): Promise<string>;
