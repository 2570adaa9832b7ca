/** Spec 9: file sizes are counted in base 1000 (kB, MB) and shown with 2 decimals. */
export const FILE_SIZE_BASE = 1000;
export const FILE_SIZE_DECIMALS = 2;

/** A file's size for people: kB below 1 MB, else MB. */
export function formatFileSize(bytes: number): string {
  const megabyte = FILE_SIZE_BASE * FILE_SIZE_BASE;
  if (bytes >= megabyte) return `${(bytes / megabyte).toFixed(FILE_SIZE_DECIMALS)} MB`;
  return `${(bytes / FILE_SIZE_BASE).toFixed(FILE_SIZE_DECIMALS)} kB`;
}
