import { z } from 'zod';

/** The files (documents) and media (images) pages of the organization space. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_EXTENSIONS = ['pdf', 'docx', 'xlsx', 'pptx', 'txt', 'csv'] as const;
export const MEDIA_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'gif'] as const;
export const DOCUMENT_TYPES_MESSAGE = 'The file must be a PDF, DOCX, XLSX, PPTX, TXT or CSV document.';
export const DOCUMENT_SIZE_MESSAGE = 'The file must be at most 10 MB.';
export const MEDIA_TYPES_MESSAGE = 'The image must be a PNG, JPEG, WebP or GIF file.';
export const MEDIA_SIZE_MESSAGE = 'The image must be at most 5 MB.';
export const FILE_DELETED_MESSAGE = 'The file was deleted.';
export const FILES_PAGE_SIZE = 30;

export const ZFilesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(FILES_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type TFilesQuery = z.infer<typeof ZFilesQuery>;

export const ZOrganizationFile = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  created_at: z.string(),
  uploaded_by: z.object({ id: z.number().int(), name: z.string(), lastname: z.string() }).nullable(),
  /** attachment download */
  download_url: z.string(),
  /** inline view (media only) */
  preview_url: z.string().nullable(),
  /** the caller may delete it (admins, or the uploader) */
  can_delete: z.boolean(),
});
export type TOrganizationFile = z.infer<typeof ZOrganizationFile>;

export const ZOrganizationFileList = z.object({ data: z.array(ZOrganizationFile), total: z.number().int() });
export type TOrganizationFileList = z.infer<typeof ZOrganizationFileList>;
