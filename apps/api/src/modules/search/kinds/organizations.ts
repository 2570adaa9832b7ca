import { sql } from 'drizzle-orm';
import { mayKnowOrganizationSql } from '../../../core/access/organization-visibility';
import { defineKind } from './kind';

/**
 * Organizations, as visible as their public page (core/access/organization-visibility.ts): a
 * public, live one to every caller, a private one to who may know it, every one to platform admins.
 */
export const organizationsKind = defineKind<{ website: string | null; is_public: boolean }>({
  kind: 'organizations',
  from: sql`organizations o`,
  id: sql`o.id`,
  vector: sql`o.search`,
  name: sql`o.name`,
  readable: (caller) => mayKnowOrganizationSql(caller, sql`o.id`),
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
