import { Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  ADMIN_REPORT_DELETED,
  ADMIN_REPORT_VISIBILITIES,
  type TAdminReport,
  type TAdminReportFormat,
  ZOrganizationsReportQuery,
  ZSubmissionsReportQuery,
  ZSurveysReportQuery,
  ZUsersReportQuery,
} from '@parity/domain/admin-reports';
import { ADMIN_USER_ROLE_LABELS, ADMIN_USER_ROLES, ADMIN_USER_STATUSES } from '@parity/domain/admin-users';
import { HOSTED_SURVEY_STATUSES } from '@parity/domain/surveys';
import type { z } from 'zod';
import { DateField } from '../../../../components/form/date-field';
import { Select } from '../../../../components/select/select';
import { useDictionary } from '../../../../lib/dictionaries';
import { downloadAdminReport, reportParams } from '../api';
import { OrganizationSelect } from '../components/organization-select';
import { ReportCard } from '../components/report-card';

const FIELD_WIDTH = { base: '100%', xs: 220 } as const;
const DELETED_LABELS: Record<(typeof ADMIN_REPORT_DELETED)[number], string> = {
  exclude: 'Live organizations',
  include: 'Live and deleted',
  only: 'Deleted only',
};
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A report's filter form: the values are checked with the API's own query schema (empty fields
 * left out) before the download starts.
 */
function useReportForm<V extends Record<string, unknown>>(
  report: TAdminReport,
  schema: z.ZodType,
  initialValues: V,
) {
  const check = schemaResolver(schema, { sync: true });
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validate: (values) => check(reportParams(values)),
  });
  const onDownload = async (format: TAdminReportFormat) => {
    if (form.validate().hasErrors) return false;
    // the form's values are the API's filters once empty ones are left out
    await downloadAdminReport(report, format, reportParams(form.getValues()) as never);
    return true;
  };
  return { form, onDownload };
}

function OrganizationsReport() {
  const { form, onDownload } = useReportForm('organizations', ZOrganizationsReportQuery, {
    search: '',
    legal_structure_id: null as string | null,
    visibility: null as string | null,
    deleted: 'exclude' as string | null,
  });
  const structures = useDictionary('legalStructures');
  return (
    <ReportCard
      report="organizations"
      description="Every organization with its legal structure, visibility and approved members."
      onDownload={onDownload}
    >
      <Group gap="sm" align="flex-start">
        <TextInput label="Search" placeholder="Name" w={FIELD_WIDTH} {...form.getInputProps('search')} />
        <Select
          label="Legal structure"
          placeholder={structures.isError ? 'Could not load the legal structures' : 'All legal structures'}
          clearable
          data={(structures.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          w={FIELD_WIDTH}
          {...form.getInputProps('legal_structure_id')}
        />
        <Select
          label="Visibility"
          placeholder="Public and private"
          clearable
          data={ADMIN_REPORT_VISIBILITIES.map((v) => ({ value: v, label: capitalise(v) }))}
          w={FIELD_WIDTH}
          {...form.getInputProps('visibility')}
        />
        <Select
          label="Deleted"
          data={ADMIN_REPORT_DELETED.map((v) => ({ value: v, label: DELETED_LABELS[v] }))}
          allowDeselect={false}
          w={FIELD_WIDTH}
          {...form.getInputProps('deleted')}
        />
      </Group>
    </ReportCard>
  );
}

function UsersReport() {
  const { form, onDownload } = useReportForm('users', ZUsersReportQuery, {
    search: '',
    status: null as string | null,
    role: null as string | null,
    organization_id: null as string | null,
  });
  return (
    <ReportCard
      report="users"
      description="Active accounts with their organization, membership status and rights (archived accounts are left out)."
      onDownload={onDownload}
    >
      <Group gap="sm" align="flex-start">
        <TextInput
          label="Search"
          placeholder="Name or email"
          w={FIELD_WIDTH}
          {...form.getInputProps('search')}
        />
        <Select
          label="Status"
          placeholder="All statuses"
          clearable
          data={ADMIN_USER_STATUSES.map((s) => ({ value: s, label: capitalise(s) }))}
          w={FIELD_WIDTH}
          {...form.getInputProps('status')}
        />
        <Select
          label="Role"
          placeholder="All roles"
          clearable
          data={ADMIN_USER_ROLES.map((r) => ({ value: r, label: ADMIN_USER_ROLE_LABELS[r] }))}
          w={FIELD_WIDTH}
          {...form.getInputProps('role')}
        />
        <OrganizationSelect label="Organization" {...form.getInputProps('organization_id')} />
      </Group>
    </ReportCard>
  );
}

function SurveysReport() {
  const { form, onDownload } = useReportForm('surveys', ZSurveysReportQuery, {
    status: null as string | null,
    organization_id: null as string | null,
    year: '' as string | number,
  });
  return (
    <ReportCard
      report="surveys"
      description="Surveys (deleted ones aside) with their invited, responding and submitting organizations and the response rate in percent."
      onDownload={onDownload}
    >
      <Group gap="sm" align="flex-start">
        <Select
          label="Status"
          placeholder="All statuses"
          clearable
          data={[...HOSTED_SURVEY_STATUSES]}
          w={FIELD_WIDTH}
          {...form.getInputProps('status')}
        />
        <OrganizationSelect label="Host organization" {...form.getInputProps('organization_id')} />
        <NumberInput
          label="Due year"
          placeholder="Any year"
          allowDecimal={false}
          allowNegative={false}
          w={FIELD_WIDTH}
          {...form.getInputProps('year')}
        />
      </Group>
    </ReportCard>
  );
}

function SubmissionsReport() {
  const { form, onDownload } = useReportForm('submissions', ZSubmissionsReportQuery, {
    survey_id: '' as string | number,
    organization_id: null as string | null,
    from: null as string | null,
    to: null as string | null,
  });
  return (
    <ReportCard
      report="submissions"
      description="Submitted profiles and survey responses with the LPI, evenness and transparency computed when they were submitted."
      onDownload={onDownload}
    >
      <Group gap="sm" align="flex-start">
        <NumberInput
          label="Survey ID"
          description="The number in the survey’s address"
          placeholder="All surveys"
          allowDecimal={false}
          allowNegative={false}
          w={FIELD_WIDTH}
          {...form.getInputProps('survey_id')}
        />
        <OrganizationSelect label="Organization" {...form.getInputProps('organization_id')} />
        <DateField label="Submitted from" w={FIELD_WIDTH} {...form.getInputProps('from')} />
        <DateField label="Submitted to" w={FIELD_WIDTH} {...form.getInputProps('to')} />
      </Group>
    </ReportCard>
  );
}

/** /admin/reports: the four reports, each with its filters, downloaded as CSV or .xlsx. */
export function AdminReportsRoute() {
  return (
    <Stack gap="md">
      <Title order={2}>Reports</Title>
      <Text size="sm">
        Each report is a file of every row that matches its filters, built as it downloads. Dates and times
        are in UTC.
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <OrganizationsReport />
        <UsersReport />
        <SurveysReport />
        <SubmissionsReport />
      </SimpleGrid>
    </Stack>
  );
}

export { AdminReportsRoute as Component };
