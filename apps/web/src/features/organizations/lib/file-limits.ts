import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_SIZE_MESSAGE,
  DOCUMENT_TYPES_MESSAGE,
  MEDIA_EXTENSIONS,
  MEDIA_MAX_BYTES,
  MEDIA_SIZE_MESSAGE,
  MEDIA_TYPES_MESSAGE,
} from '@parity/domain/organization-files';
import {
  IMAGE_MAX_BYTES,
  ORGANIZATION_IMAGE_SIZE_MESSAGE,
  ORGANIZATION_IMAGE_TYPES_MESSAGE,
} from '@parity/domain/organization-settings';

/** What an upload accepts: the same limits the API enforces, checked before sending. */
export interface FileLimit {
  extensions: readonly string[];
  maxBytes: number;
  typesMessage: string;
  sizeMessage: string;
  /** the file input's accept attribute */
  accept: string;
}

function limit(extensions: readonly string[], maxBytes: number, typesMessage: string, sizeMessage: string) {
  return {
    extensions,
    maxBytes,
    typesMessage,
    sizeMessage,
    accept: extensions.map((e) => `.${e}`).join(','),
  } satisfies FileLimit;
}

export const DOCUMENT_LIMIT = limit(
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES_MESSAGE,
  DOCUMENT_SIZE_MESSAGE,
);
export const MEDIA_LIMIT = limit(MEDIA_EXTENSIONS, MEDIA_MAX_BYTES, MEDIA_TYPES_MESSAGE, MEDIA_SIZE_MESSAGE);
export const ORGANIZATION_IMAGE_LIMIT = limit(
  ['png', 'jpg', 'jpeg', 'webp'],
  IMAGE_MAX_BYTES,
  ORGANIZATION_IMAGE_TYPES_MESSAGE,
  ORGANIZATION_IMAGE_SIZE_MESSAGE,
);

/** The message why this file cannot be uploaded, or null. */
export function fileLimitError(file: File, rule: FileLimit): string | null {
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  if (!rule.extensions.includes(extension)) return rule.typesMessage;
  if (file.size > rule.maxBytes) return rule.sizeMessage;
  if (file.size === 0) return 'The file is empty.';
  return null;
}
