import { Badge, Card, Code, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header/page-header';

export interface RoleDescription {
  id: string;
  name: string;
  /** The flag that grants it. */
  flag: string;
  grantedBy: string;
  can: readonly string[];
  cannot?: readonly string[];
}

/** The roles of DESIGN section 5 / spec section 6, in the words users see. */
export const ROLES: readonly RoleDescription[] = [
  {
    id: 'platform-admin',
    name: 'Platform administrator',
    flag: 'is_sadm',
    grantedBy: 'Another platform administrator.',
    can: [
      'Use the admin back office: all organizations, users, archived users, organization codes, API clients, feedback and reports.',
      "Open any organization's diversity data and surveys to support it.",
      "Change any user's permissions, archive and restore users.",
    ],
    cannot: ['Act unseen: every change is written to the audit log with its author.'],
  },
  {
    id: 'organization-admin',
    name: 'Organization administrator',
    flag: 'manage_settings',
    grantedBy: 'A platform administrator, or another administrator of the same organization.',
    can: [
      'Approve or decline people who asked to join the organization.',
      'Invite users, and manage members and their permissions within the organization.',
      "Edit the organization's profile, settings, documents and media.",
      "Start and submit the organization's transparency index (LPI) report.",
    ],
    cannot: ["See or change another organization's data."],
  },
  {
    id: 'member',
    name: 'Member',
    flag: 'is_approved',
    grantedBy: 'An administrator of the organization, by approving the join request.',
    can: [
      "See the organization's profile, reports and scores.",
      'Fill in the reporting tabs and survey steps the organization answers, and save versions.',
      'Edit their own profile, and take part in pods, calendar events and documents.',
    ],
    cannot: ['Approve users or change organization settings.'],
  },
  {
    id: 'pending',
    name: 'Pending user',
    flag: 'is_approved = false',
    grantedBy: 'Signing up with an organization code or invitation, before approval.',
    can: ['See the status of their request and complete their own profile.'],
    cannot: ["See any of the organization's data until an administrator approves them."],
  },
  {
    id: 'survey-host',
    name: 'Survey host',
    flag: 'user_manage_surveys',
    grantedBy: 'An administrator of the organization or a platform administrator.',
    can: [
      'Open the Hosting area: response rates, invitations, participants and reminders for the surveys the organization hosts.',
      "Manage a survey's contacts and invite organizations.",
      "See the survey answers and analytics of invited organizations, for the host's own surveys only.",
    ],
    cannot: [
      "See a respondent's data before that respondent was invited, or outside the host's surveys.",
      "See an individual person's demographics: analytics are computed over groups.",
    ],
  },
  {
    id: 'survey-creator',
    name: 'Survey creator',
    flag: 'survey_creation',
    grantedBy:
      'An administrator of the organization or a platform administrator; usually given with Survey host.',
    can: ['Create new survey requests (DEI and DEI+) and configure their steps and questions.'],
  },
  {
    id: 'lpi-access',
    name: 'LPI access',
    flag: 'average_lpi_score_access (organization permission)',
    grantedBy: 'A platform administrator, for the whole organization.',
    can: ['See average transparency index (LPI) scores and the related analytics for comparison.'],
  },
];

/** /permissions: what each role may do (public). */
export function PermissionsRoute() {
  return (
    <>
      <PageHeader
        title="Roles and permissions"
        description="Who can see and do what in Parity. A person can hold several roles; rights add up."
        eyebrow="Last updated 1 March 2026"
      />
      <Stack gap="xl">
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="rules-title">
          <Title order={2} size="h4" id="rules-title" mb="xs">
            How rights are enforced
          </Title>
          <Text>
            Every request is checked by the server against the caller's organization and roles; the screens
            only hide what a role may not use. Data of another organization answers as if it did not exist.
            See the <Link to="/policy">privacy policy</Link> for how demographic data is protected.
          </Text>
        </Card>

        <section aria-labelledby="summary-title">
          <Title order={2} size="h3" id="summary-title" mb="sm">
            At a glance
          </Title>
          <Table striped withTableBorder verticalSpacing="sm">
            <Table.Caption>Roles, the permission that grants them, and who grants it</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Role</Table.Th>
                <Table.Th scope="col">Permission</Table.Th>
                <Table.Th scope="col">Granted by</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ROLES.map((role) => (
                <Table.Tr key={role.id}>
                  <Table.Th scope="row">{role.name}</Table.Th>
                  <Table.Td>
                    <Code>{role.flag}</Code>
                  </Table.Td>
                  <Table.Td>{role.grantedBy}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>

        <section aria-labelledby="details-title">
          <Title order={2} size="h3" id="details-title" mb="sm">
            What each role may do
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {ROLES.map((role) => (
              <Card
                key={role.id}
                withBorder
                radius="lg"
                padding="lg"
                component="article"
                aria-labelledby={`${role.id}-title`}
              >
                <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
                  <Title order={3} size="h4" id={`${role.id}-title`}>
                    {role.name}
                  </Title>
                  <Badge variant="light" color="parity" tt="none">
                    {role.flag}
                  </Badge>
                </Group>
                <Text size="sm" fw={600}>
                  May
                </Text>
                <ul style={{ marginTop: 4 }}>
                  {role.can.map((item) => (
                    <li key={item}>
                      <Text size="sm">{item}</Text>
                    </li>
                  ))}
                </ul>
                {role.cannot ? (
                  <>
                    <Text size="sm" fw={600}>
                      May not
                    </Text>
                    <ul style={{ marginTop: 4, marginBottom: 0 }}>
                      {role.cannot.map((item) => (
                        <li key={item}>
                          <Text size="sm">{item}</Text>
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </Card>
            ))}
          </SimpleGrid>
        </section>
      </Stack>
    </>
  );
}

export { PermissionsRoute as Component };
