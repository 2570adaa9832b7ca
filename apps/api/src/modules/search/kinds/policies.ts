import { sql } from 'drizzle-orm';
import { defineKind } from './kind';

/**
 * The organization's own policy records (its LPI profile, not a survey's copy), read by its approved
 * members (lpi/engine/scope.ts: members read their own profile), found by the policy's name.
 */
export const policiesKind = defineKind<{
  status: string | null;
  current_as_of: string | null;
  attachments: number;
}>({
  kind: 'policies',
  from: sql`organization_policies op JOIN policies p ON p.id = op.policy_id`,
  id: sql`op.id`,
  vector: sql`p.search`,
  name: sql`p.name`,
  readable: (caller) =>
    caller.organizationId === null
      ? sql`FALSE`
      : sql`(op.survey_id IS NULL AND op.organization_id = ${caller.organizationId})`,
  title: sql`p.name`,
  extra: () =>
    sql`json_build_object('status', op.status, 'current_as_of', op.current_as_of::text,
      'attachments', (SELECT count(*)::int FROM organization_policy_attachments a WHERE a.organization_policy_id = op.id))`,
  present: (_id, extra) => ({
    subtitle: [
      'Policy',
      extra.status,
      extra.current_as_of ? `current as of ${extra.current_as_of}` : null,
      extra.attachments ? `${extra.attachments} attachment${extra.attachments === 1 ? '' : 's'}` : null,
    ]
      .filter(Boolean)
      .join(' · '),
    link: '/lpi/policies',
  }),
});
