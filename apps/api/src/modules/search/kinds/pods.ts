import { sql } from 'drizzle-orm';
import { isPodMemberSql } from '../../../core/access/pod-membership';
import { defineKind } from './kind';

/**
 * Pods by name and description (the pods module's rule): a member finds their pods, an approved
 * user the open ones, a platform admin every pod; secret and invite-only pods only their members.
 */
export const podsKind = defineKind<{ visibility: string; members: number }>({
  kind: 'pods',
  from: sql`pods p`,
  id: sql`p.id`,
  vector: sql`p.search`,
  name: sql`p.name`,
  readable: (caller) =>
    caller.isPlatformAdmin
      ? sql`TRUE`
      : sql`(${isPodMemberSql(sql`p.id`, caller.userId)}
          OR (p.visibility = 'open' AND ${caller.organizationId !== null}::boolean))`,
  title: sql`p.name`,
  snippet: { text: sql`p.description`, config: 'english' },
  extra: () =>
    sql`json_build_object('visibility', p.visibility,
      'members', (SELECT count(*)::int FROM pod_members m WHERE m.pod_id = p.id AND m.status = 'active'))`,
  present: (id, extra) => ({
    subtitle: `${extra.visibility === 'open' ? 'Open' : extra.visibility === 'secret' ? 'Secret' : 'Invite-only'} pod · ${extra.members} ${extra.members === 1 ? 'member' : 'members'}`,
    link: `/pods/${id}`,
  }),
});
