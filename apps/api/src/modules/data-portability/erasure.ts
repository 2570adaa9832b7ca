import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * What an account erasure (DELETE /api/user-account) does with each column that points at users
 * (issue 21 point 6). Every foreign key to users in the schema must be listed here as
 * `table.column`: data-portability.integration-test.ts fails on one without a decision.
 *
 * - delete: the rows are the user's own (sessions, preferences, memberships, follows): they go.
 * - null: the reference is cleared, the row stays (a lock, a contact person).
 * - keep: the row stays pointing at the user row, which is kept but pseudonymised ('Erased user',
 *   erased-<id>@erased.invalid), so history (audit entries, LPI versions, posts) shows that name.
 */
export const ERASURE_PLAN = {
  'audit_log.actor_user_id': 'keep',
  'calendar_feed_tokens.user_id': 'delete',
  'calendar_preferences.user_id': 'delete',
  'community_announcements.author_id': 'keep',
  'community_follows.follower_id': 'delete',
  'community_follows.user_id': 'delete',
  'community_people.user_id': 'delete',
  'email_verifications.user_id': 'delete',
  'event_attendees.user_id': 'delete',
  'events.organizer_id': 'keep',
  'exchange_grants.granted_by': 'keep',
  'exchange_grants.revoked_by': 'keep',
  'exchange_requests.requested_by': 'keep',
  'exchange_requests.decided_by': 'keep',
  // Who viewed a granted profile: the owner's access log.
  'exchange_views.viewer_user_id': 'keep',
  'faq_entries.updated_by': 'keep',
  // The rating and text stay with the organization's feedback counts.
  'feedback.user_id': 'keep',
  // The profile image is deleted apart (PERSONAL_FILE_KINDS, rows and bytes); a file shared in an
  // organization, a pod, a policy or a support request belongs there and stays.
  'files.owner_user_id': 'keep',
  'help_articles.updated_by': 'keep',
  'invitations.invited_by': 'keep',
  // The invitation holds the user's address.
  'invitations.accepted_user_id': 'delete',
  'memberships.user_id': 'delete',
  'memberships.decided_by': 'keep',
  'miscellaneous_questions.created_by': 'keep',
  'notification_preferences.user_id': 'delete',
  'notifications.user_id': 'delete',
  'oauth_clients.created_by': 'keep',
  'one_time_codes.user_id': 'delete',
  'organization_policies.user_id': 'keep',
  'pod_digest_items.user_id': 'delete',
  'pod_invitations.user_id': 'delete',
  'pod_invitations.invited_by': 'keep',
  'pod_members.user_id': 'delete',
  'pod_post_mentions.user_id': 'delete',
  'pod_posts.author_id': 'keep',
  'pods.created_by': 'keep',
  'portfolio_entries.created_by': 'keep',
  'refresh_tokens.user_id': 'delete',
  'submissions.submitted_by': 'keep',
  'support_messages.author_id': 'keep',
  'support_requests.requester_id': 'keep',
  'survey_administrators.user_id': 'delete',
  'survey_administrators.granted_by': 'keep',
  // A survey contact row copies the person's name and address.
  'survey_contacts.user_id': 'delete',
  'survey_contacts.created_by': 'keep',
  'survey_invitations.submitted_by': 'keep',
  'survey_invitations.declined_by': 'keep',
  'survey_invitations.invited_by': 'keep',
  'surveys.primary_contact_id': 'null',
  'surveys.created_by': 'keep',
  'tab_states.updated_by': 'keep',
  // An editing lock held by nobody now.
  'tab_states.occupied_by': 'null',
  'tab_versions.saved_by': 'keep',
  'user_roles.user_id': 'delete',
  'user_saved.user_id': 'delete',
} as const satisfies Record<string, 'delete' | 'null' | 'keep'>;

/** Files that are the user's own (the profile image): their rows and stored bytes go. */
export const PERSONAL_FILE_KINDS = ['user_image'] as const;

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * Deletes the user's personal files' rows and answers their storage keys (the bytes are removed
 * after the commit), then applies the plan's delete and null decisions. Answers the row count per
 * `table.column` touched.
 */
export async function applyErasurePlan(
  db: DbOrTx,
  userId: number,
): Promise<{ storageKeys: string[]; changed: Record<string, number> }> {
  const kinds = sql.join(
    PERSONAL_FILE_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const removedFiles = await rows<{ storage_key: string }>(
    db,
    sql`DELETE FROM files WHERE owner_user_id = ${userId} AND kind IN (${kinds}) RETURNING storage_key`,
  );
  const changed: Record<string, number> = {};
  for (const [key, decision] of Object.entries(ERASURE_PLAN)) {
    if (decision === 'keep') continue;
    const [table, column] = key.split('.') as [string, string];
    const t = sql.identifier(table);
    const c = sql.identifier(column);
    const query =
      decision === 'delete'
        ? sql`WITH u AS (DELETE FROM ${t} WHERE ${c} = ${userId} RETURNING 1) SELECT count(*) AS n FROM u`
        : sql`WITH u AS (UPDATE ${t} SET ${c} = NULL WHERE ${c} = ${userId} RETURNING 1) SELECT count(*) AS n FROM u`;
    const [row] = await rows<{ n: number | string }>(db, query);
    changed[key] = Number(row?.n ?? 0);
  }
  return { storageKeys: removedFiles.map((f) => f.storage_key), changed };
}
