import { sql } from 'drizzle-orm';
import { defineKind } from './kind';

/**
 * Organizations, as visible as their public page (organizations/service.ts canSee): a public, live
 * one to every caller, a private one to its own approved members, every one to platform admins.
 */
export const organizationsKind = defineKind<{ website: string | null; is_public: boolean }>({
  kind: 'organizations',
  from: sql`organizations o`,
  id: sql`o.id`,
  vector: sql`o.search`,
  name: sql`o.name`,
  readable: (caller) =>
    caller.isPlatformAdmin
      ? sql`TRUE`
      : sql`((o.is_public AND o.deleted_at IS NULL) OR o.id = ${caller.organizationId ?? 0})`,
  title: sql`o.name`,
  snippet: { text: sql`o.about`, config: 'english' },
  extra: () => sql`json_build_object('website', o.website, 'is_public', o.is_public)`,
  present: (id, extra, caller) => ({
    subtitle: [extra.is_public ? 'Public organization' : 'Private organization', extra.website]
      .filter(Boolean)
      .join(' · '),
    // The own organization's private space is where its members work on it.
    link: id === caller.organizationId ? '/organizations/private' : `/organizations/${id}`,
  }),
});
