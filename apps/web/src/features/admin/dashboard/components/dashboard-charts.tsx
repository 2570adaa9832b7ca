import { SimpleGrid, Stack } from '@mantine/core';
import type { TAdminDashboard, TAdminUserStatus } from '@parity/domain/admin-dashboard';
import { ChartPanel } from '../../../../components/charts/chart-panel';
import { LineChart, StackedBars } from '../../../../components/charts/svg-charts';

const USER_STATUS_LABELS: Record<TAdminUserStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  archived: 'Archived',
  no_organization: 'No organization',
};

/** At most this many weeks are written under a weekly chart (the table view has them all). */
const AXIS_LABELS = 8;

function weekLabels(weeks: readonly { week: string }[]) {
  const step = Math.ceil(weeks.length / AXIS_LABELS);
  return weeks.map((row, i) => (i % step === 0 ? row.week.slice(5) : ''));
}

/** The platform's figures, each a chart with its table and CSV (as on the analytics pages). */
export function DashboardCharts({ dashboard }: { dashboard: TAdminDashboard }) {
  const { organizations, users, surveys, submissions, feedback } = dashboard;
  return (
    <Stack gap="md">
      <ChartPanel
        headingOrder={2}
        title="Organizations"
        description="Number of organizations by legal structure, public or private."
        fileName="admin-organizations"
        columns={['Legal structure', 'Public (organizations)', 'Private (organizations)']}
        rows={organizations.map((row) => [row.legal_structure, row.public, row.private])}
      >
        <StackedBars
          title="Organizations by legal structure"
          segments={['Public', 'Private']}
          rows={organizations.map((row) => ({
            label: row.legal_structure,
            counts: [row.public, row.private],
          }))}
        />
      </ChartPanel>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartPanel
          headingOrder={2}
          title="Users"
          description="Number of users by status."
          fileName="admin-users"
          columns={['Status', 'Users']}
          rows={users.map((row) => [USER_STATUS_LABELS[row.status], row.count])}
        >
          <StackedBars
            title="Users by status"
            segments={users.map((row) => USER_STATUS_LABELS[row.status])}
            rows={[{ label: 'Users', counts: users.map((row) => row.count) }]}
          />
        </ChartPanel>
        <ChartPanel
          headingOrder={2}
          title="Surveys"
          description="Number of surveys by status."
          fileName="admin-surveys"
          columns={['Status', 'Surveys']}
          rows={surveys.map((row) => [row.status, row.count])}
        >
          <StackedBars
            title="Surveys by status"
            segments={surveys.map((row) => row.status)}
            rows={[{ label: 'Surveys', counts: surveys.map((row) => row.count) }]}
          />
        </ChartPanel>
      </SimpleGrid>
      <ChartPanel
        headingOrder={2}
        title="Submissions per week"
        description="Number of LPI submissions per week (weeks start on Monday, UTC), over the last 52 weeks."
        fileName="admin-submissions-per-week"
        columns={['Week', 'Submissions']}
        rows={submissions.map((row) => [row.week, row.count])}
      >
        <LineChart
          title="Submissions per week"
          labels={weekLabels(submissions)}
          yMax={Math.max(1, ...submissions.map((row) => row.count))}
          series={[{ name: 'Submissions', values: submissions.map((row) => row.count) }]}
        />
      </ChartPanel>
      <ChartPanel
        headingOrder={2}
        title="Feedback per week"
        description="Number of feedback ratings per week and their average rating (1 to 10), over the last 52 weeks."
        fileName="admin-feedback-per-week"
        columns={['Week', 'Feedback (ratings)', 'Average rating (1-10)']}
        rows={feedback.map((row) => [row.week, row.count, row.average])}
      >
        <LineChart
          title="Feedback per week"
          labels={weekLabels(feedback)}
          yMax={Math.max(10, ...feedback.map((row) => row.count))}
          series={[
            { name: 'Feedback (ratings)', values: feedback.map((row) => row.count) },
            { name: 'Average rating (1-10)', values: feedback.map((row) => row.average) },
          ]}
        />
      </ChartPanel>
    </Stack>
  );
}
