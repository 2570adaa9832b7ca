import { formatFileSize } from '@parity/domain/file-size';
import { sql } from 'drizzle-orm';
import { defineKind } from './kind';

/**
 * The organization's documents (its files library), read by its approved members only, as the
 * files routes allow (organizations/service.ts listLibrary); found by name and by their text.
 */
export const documentsKind = defineKind<{ organization: string; name: string; size: number }>({
  kind: 'documents',
  from: sql`files f JOIN organizations fo ON fo.id = f.organization_id`,
  id: sql`f.number`,
  vector: sql`f.search`,
  name: sql`f.original_name`,
  readable: (caller) =>
    caller.organizationId === null
      ? sql`FALSE`
      : sql`(f.kind = 'organization_document' AND f.organization_id = ${caller.organizationId})`,
  title: sql`f.original_name`,
  snippet: { text: sql`f.text`, config: 'english' },
  extra: () => sql`json_build_object('organization', fo.name, 'name', f.original_name, 'size', f.size)`,
  present: (_id, extra) => {
    const type = /\.([a-z0-9]+)$/i.exec(extra.name)?.[1]?.toUpperCase();
    return {
      subtitle: `${extra.organization} · ${[type, formatFileSize(extra.size)].filter(Boolean).join(', ')}`,
      link: '/organizations/private/files',
    };
  },
});
