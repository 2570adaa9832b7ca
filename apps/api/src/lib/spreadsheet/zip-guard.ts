import { inflateRawSync } from 'node:zlib';

/**
 * Checks an uploaded .xlsx container (a ZIP archive) before any xlsx parser inflates it: the
 * central directory is walked with plain Buffer reads, the declared sizes are held to the limits,
 * and then every entry is inflated with a hard output cap equal to its declared size, so an archive
 * that lies about its sizes cannot make the parser allocate more than the limits allow.
 */

/** The limits an uploaded archive must respect. */
export interface ZipLimits {
  /** Most entries (files) the archive may hold. */
  maxEntries: number;
  /** Most bytes all entries may declare once uncompressed, together. */
  maxTotalUncompressedBytes: number;
  /** Highest uncompressed:compressed ratio allowed for an entry larger than `ratioCheckMinBytes`. */
  maxCompressionRatio: number;
  /** Entries up to this many uncompressed bytes are not held to the ratio (small XML compresses well). */
  ratioCheckMinBytes: number;
}

/** One file of the archive, as its central directory declares it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (nothing else is accepted). */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Offset of the entry's data in the buffer (after its local header). */
  dataStart: number;
}

/** Why an archive was refused: `malformed` (not a usable ZIP) or `bomb` (over the limits). */
export class ZipProblem extends Error {
  constructor(
    readonly kind: 'malformed' | 'bomb',
    message: string,
  ) {
    super(message);
    this.name = 'ZipProblem';
  }
}

const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY_SIGNATURE = 0x06054b50;
const LOCAL_HEADER_BYTES = 30;
const CENTRAL_HEADER_BYTES = 46;
const END_OF_CENTRAL_DIRECTORY_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;

const malformed = (message: string) => new ZipProblem('malformed', message);
const bomb = (message: string) => new ZipProblem('bomb', message);

/** True when the buffer starts like a ZIP archive (PK\x03\x04). */
export function hasZipMagic(buffer: Buffer): boolean {
  return buffer.length >= 4 && buffer.readUInt32LE(0) === LOCAL_HEADER_SIGNATURE;
}

/** The end-of-central-directory record: the last one in the buffer, as ZIP readers take it. */
function findEndOfCentralDirectory(buffer: Buffer): number {
  const lowest = Math.max(0, buffer.length - END_OF_CENTRAL_DIRECTORY_BYTES - MAX_COMMENT_BYTES);
  for (let at = buffer.length - END_OF_CENTRAL_DIRECTORY_BYTES; at >= lowest; at--) {
    if (buffer.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY_SIGNATURE) {
      const commentLength = buffer.readUInt16LE(at + 20);
      if (at + END_OF_CENTRAL_DIRECTORY_BYTES + commentLength > buffer.length) {
        throw malformed('the end of the ZIP directory is cut short');
      }
      return at;
    }
  }
  throw malformed('the ZIP directory is missing');
}

/**
 * Walks the central directory and returns its entries, or throws a ZipProblem when the archive is
 * malformed, split over several disks, encrypted, uses an unknown compression method, or declares
 * more entries, more uncompressed bytes or a higher compression ratio than the limits allow.
 * Nothing is inflated here.
 */
export function inspectZip(buffer: Buffer, limits: ZipLimits): ZipEntry[] {
  if (!hasZipMagic(buffer)) throw malformed('the file does not start like a ZIP archive');
  if (buffer.length < LOCAL_HEADER_BYTES + END_OF_CENTRAL_DIRECTORY_BYTES) {
    throw malformed('the ZIP archive is cut short');
  }
  const end = findEndOfCentralDirectory(buffer);
  const diskNumber = buffer.readUInt16LE(end + 4);
  const directoryDisk = buffer.readUInt16LE(end + 6);
  const entriesOnDisk = buffer.readUInt16LE(end + 8);
  const entryCount = buffer.readUInt16LE(end + 10);
  const directorySize = buffer.readUInt32LE(end + 12);
  const directoryOffset = buffer.readUInt32LE(end + 16);

  if (diskNumber !== 0 || directoryDisk !== 0 || entriesOnDisk !== entryCount) {
    throw malformed('the ZIP archive spans several disks');
  }
  if (entryCount > limits.maxEntries) {
    throw bomb(`the archive holds ${entryCount} files, more than the ${limits.maxEntries} allowed`);
  }
  const directoryEnd = directoryOffset + directorySize;
  if (directoryEnd > end) throw malformed('the ZIP directory points outside the file');

  const entries: ZipEntry[] = [];
  let totalUncompressed = 0;
  let at = directoryOffset;
  for (let index = 0; index < entryCount; index++) {
    if (at + CENTRAL_HEADER_BYTES > directoryEnd || buffer.readUInt32LE(at) !== CENTRAL_HEADER_SIGNATURE) {
      throw malformed('the ZIP directory is damaged');
    }
    const flags = buffer.readUInt16LE(at + 8);
    const method = buffer.readUInt16LE(at + 10);
    const compressedSize = buffer.readUInt32LE(at + 20);
    const uncompressedSize = buffer.readUInt32LE(at + 24);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const localHeaderOffset = buffer.readUInt32LE(at + 42);
    const recordEnd = at + CENTRAL_HEADER_BYTES + nameLength + extraLength + commentLength;
    if (recordEnd > directoryEnd) throw malformed('the ZIP directory is damaged');
    const name = buffer.toString('utf8', at + CENTRAL_HEADER_BYTES, at + CENTRAL_HEADER_BYTES + nameLength);

    if (flags & 0x1) throw malformed('the archive is encrypted');
    if (method !== 0 && method !== 8) throw malformed(`"${name}" uses an unsupported compression method`);
    if (method === 0 && compressedSize !== uncompressedSize) throw malformed(`"${name}" is damaged`);

    totalUncompressed += uncompressedSize;
    if (totalUncompressed > limits.maxTotalUncompressedBytes) {
      throw bomb(
        `the archive unpacks to more than ${limits.maxTotalUncompressedBytes} bytes (the limit for a spreadsheet)`,
      );
    }
    if (
      uncompressedSize > limits.ratioCheckMinBytes &&
      uncompressedSize > Math.max(compressedSize, 1) * limits.maxCompressionRatio
    ) {
      throw bomb(`"${name}" is compressed more than ${limits.maxCompressionRatio}:1`);
    }

    if (
      localHeaderOffset + LOCAL_HEADER_BYTES > directoryOffset ||
      buffer.readUInt32LE(localHeaderOffset) !== LOCAL_HEADER_SIGNATURE
    ) {
      throw malformed(`the header of "${name}" is missing`);
    }
    const dataStart =
      localHeaderOffset +
      LOCAL_HEADER_BYTES +
      buffer.readUInt16LE(localHeaderOffset + 26) +
      buffer.readUInt16LE(localHeaderOffset + 28);
    if (dataStart + compressedSize > directoryOffset) throw malformed(`"${name}" is cut short`);

    entries.push({ name, method, compressedSize, uncompressedSize, dataStart });
    at = recordEnd;
  }
  if (at !== directoryEnd) throw malformed('the ZIP directory holds more than it declares');
  return entries;
}

/**
 * Inflates every deflated entry with its output capped at the size the directory declares, so an
 * entry that would grow past its declared size is refused as a bomb instead of being inflated.
 * The declared sizes were already held to the limits by `inspectZip`. Returns the contents of the
 * entries `keep` accepts (inflated, or as stored), by name, so they are not inflated twice.
 */
export function verifyZipEntries(
  buffer: Buffer,
  entries: readonly ZipEntry[],
  keep: (name: string) => boolean = () => false,
): Map<string, Buffer> {
  const kept = new Map<string, Buffer>();
  for (const entry of entries) {
    const data = buffer.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    if (entry.method !== 8) {
      if (keep(entry.name) && !kept.has(entry.name)) kept.set(entry.name, data);
      continue;
    }
    let inflated: Buffer;
    try {
      inflated = inflateRawSync(data, { maxOutputLength: Math.max(entry.uncompressedSize, 1) });
    } catch (error) {
      if (error instanceof RangeError) throw bomb(`"${entry.name}" unpacks to more than it declares`);
      throw malformed(`"${entry.name}" cannot be decompressed`);
    }
    if (inflated.length !== entry.uncompressedSize) throw malformed(`"${entry.name}" is damaged`);
    if (keep(entry.name) && !kept.has(entry.name)) kept.set(entry.name, inflated);
  }
  return kept;
}
