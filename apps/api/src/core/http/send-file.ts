import type { FastifyReply } from 'fastify';

/** Streams a stored file with its type, size and a safe name (every module's download). */
export function sendFile(
  reply: FastifyReply,
  found: {
    stream: NodeJS.ReadableStream;
    file: { content_type: string; original_name: string; size: number };
  },
  inline = false,
) {
  const ascii = found.file.original_name.replace(/[^\w.-]+/g, '_').slice(0, 100) || 'file';
  return reply
    .header('content-type', found.file.content_type)
    .header('content-length', String(found.file.size))
    .header(
      'content-disposition',
      `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(found.file.original_name)}`,
    )
    .header('cache-control', 'private, max-age=300')
    .header('x-content-type-options', 'nosniff')
    .send(found.stream);
}

/** Sends a generated download (a report, an export) as an attachment nobody caches. */
export function sendAttachment(
  reply: FastifyReply,
  file: { contentType: string; fileName: string; body: unknown },
) {
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body as never);
}
