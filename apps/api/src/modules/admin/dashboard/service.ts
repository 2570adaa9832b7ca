import {
  ADMIN_SURVEY_STATUSES,
  ADMIN_USER_STATUSES,
  type TAdminDashboard,
} from '@parity/domain/admin-dashboard';
import { loadCaller } from '../../../core/access/caller';
import { requirePlatformAdmin } from '../../../core/access/platform-admin-guard';
import type { Db } from '../../../db/client';
import {
  feedbackPerWeek,
  organizationsByLegalStructure,
  submissionsPerWeek,
  surveysByStatus,
  usersByStatus,
} from './repo';

/** Every status with its count, zero for those no row has, in the listed order. */
function byStatus<S extends string>(
  statuses: readonly S[],
  found: { status: string; count: number | string }[],
) {
  const counts = new Map(found.map((row) => [row.status, Number(row.count)]));
  return statuses.map((status) => ({ status, count: counts.get(status) ?? 0 }));
}

/** GET /api/admin/dashboard: one statement per figure, run concurrently. */
export async function getAdminDashboard(db: Db, userId: number): Promise<TAdminDashboard> {
  requirePlatformAdmin(await loadCaller(db, userId));
  const [organizations, users, surveys, submissions, feedback] = await Promise.all([
    organizationsByLegalStructure(db),
    usersByStatus(db),
    surveysByStatus(db),
    submissionsPerWeek(db),
    feedbackPerWeek(db),
  ]);
  return {
    organizations: organizations.map((row) => ({
      legal_structure: row.legal_structure ?? 'Not given',
      public: Number(row.public),
      private: Number(row.private),
    })),
    users: byStatus(ADMIN_USER_STATUSES, users),
    surveys: byStatus(ADMIN_SURVEY_STATUSES, surveys),
    submissions: submissions.map((row) => ({ week: row.week, count: Number(row.count) })),
    feedback: feedback.map((row) => ({
      week: row.week,
      count: Number(row.count),
      average: row.average === null ? null : Number(row.average),
    })),
  };
}
