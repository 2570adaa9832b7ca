/** Upload limits for every multipart request; a route may lower them (core/http/multipart.ts). */
export const UPLOAD_LIMITS = {
  fileSize: 5 * 1024 * 1024,
  files: 1,
  fields: 50,
  fieldSize: 64 * 1024,
  parts: 60,
};
