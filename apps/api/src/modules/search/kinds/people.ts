import { sql } from 'drizzle-orm';
import { mayKnowOrganizationSql } from '../../../core/access/organization-visibility';
import { defineKind } from './kind';

/**
 * People, as the users directory lists them (users/repo.ts listDirectory): live accounts with an
 * approved membership of a live organization the caller may know (a private one's members only to
 * who may know it). A private last name or bio is neither shown nor searched (the generated
 * columns leave them out).
 */
export const peopleKind = defineKind<{ title: string | null; organization: string }>({
  kind: 'people',
  from: sql`users u JOIN memberships um ON um.user_id = u.id JOIN organizations uo ON uo.id = um.organization_id`,
  id: sql`u.id`,
  vector: sql`u.search`,
  name: sql`u.search_name`,
  readable: (caller) =>
    sql`(u.deleted_at IS NULL AND um.status = 'approved' AND uo.deleted_at IS NULL
      AND ${mayKnowOrganizationSql(caller, sql`uo.id`)})`,
  title: sql`u.search_name`,
  snippet: {
    text: sql`CASE WHEN 'bio' = ANY (u.private_fields) THEN NULL ELSE u.bio END`,
    config: 'english',
  },
  extra: () => sql`json_build_object('title', u.title, 'organization', uo.name)`,
  present: (id, extra) => ({
    subtitle: [extra.title, extra.organization].filter(Boolean).join(' · '),
    link: `/users/${id}`,
  }),
});
