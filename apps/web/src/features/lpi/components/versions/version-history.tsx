import { Badge, Drawer, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { TAB_TITLES, type TTabKey, type TTabVersion, type TVersionChange } from '@parity/domain/lpi/tabs';
import { QueryError } from '../../../../components/query-state/query-state';
import { formatDateTime, relativeTime } from '../../../../lib/dates';
import { useTabVersions } from '../../api/versions';
import type { LpiScope } from '../../lib/scope';
import { personName, valueText } from './format';

export interface VersionHistoryProps {
  opened: boolean;
  onClose: () => void;
  scope: LpiScope;
  /** The page's save units (LPI_PAGE_TABS). */
  tabs: readonly TTabKey[];
}

function ChangeLine({ change }: { change: TVersionChange }) {
  if (change.kind === 'added') {
    return (
      <>
        <Text span fw={600}>
          Added
        </Text>{' '}
        {change.path}: {valueText(change.after)}
      </>
    );
  }
  if (change.kind === 'removed') {
    return (
      <>
        <Text span fw={600}>
          Removed
        </Text>{' '}
        {change.path} (was {valueText(change.before)})
      </>
    );
  }
  return (
    <>
      <Text span fw={600}>
        Changed
      </Text>{' '}
      {change.path}: {valueText(change.before)} → {valueText(change.after)}
    </>
  );
}

function VersionItem({ version }: { version: TTabVersion }) {
  return (
    <Stack gap={4} component="li" aria-label={`Version ${version.version}`}>
      <Group gap="xs" wrap="wrap">
        <Text fw={700}>Version {version.version}</Text>
        <Badge variant="light" color={version.kind === 'submit' ? 'success' : 'parity'}>
          {version.kind === 'submit' ? 'Submitted' : 'Saved'}
        </Badge>
      </Group>
      <Text size="sm">
        {personName(version.saved_by)},{' '}
        <time dateTime={version.saved_at} title={formatDateTime(version.saved_at)}>
          {relativeTime(version.saved_at)}
        </time>{' '}
        <Text span c="dimmed" size="sm">
          ({formatDateTime(version.saved_at)})
        </Text>
      </Text>
      {version.changes.length > 0 ? (
        <List size="sm" spacing={2} aria-label={`Changes in version ${version.version}`}>
          {version.changes.map((change) => (
            <List.Item key={`${change.kind}:${change.path}`}>
              <ChangeLine change={change} />
            </List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" c="dimmed">
          {version.version === 1 || version.kind === 'submit'
            ? 'No earlier version to compare.'
            : 'No changes.'}
        </Text>
      )}
    </Stack>
  );
}

/** The version history panel: each save unit's versions, newest first, with what changed. */
export function VersionHistory({ opened, onClose, scope, tabs }: VersionHistoryProps) {
  const results = useTabVersions(scope, tabs, opened);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title="Version history"
      closeButtonProps={{ 'aria-label': 'Close version history' }}
    >
      <Stack gap="lg">
        {tabs.map((tab, index) => {
          const result = results[index];
          const versions = result?.data?.data ?? [];
          return (
            <Stack key={tab} gap="sm" component="section" aria-label={TAB_TITLES[tab]}>
              {tabs.length > 1 ? (
                <Title order={3} size="h5">
                  {TAB_TITLES[tab]}
                </Title>
              ) : null}
              {result?.isPending ? (
                <Loader size="sm" aria-label="Loading the versions" />
              ) : result?.isError ? (
                <QueryError error={result.error} title="The versions could not be loaded" />
              ) : versions.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No versions saved yet
                </Text>
              ) : (
                <Stack gap="md" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {versions.map((version) => (
                    <VersionItem key={version.id} version={version} />
                  ))}
                </Stack>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Drawer>
  );
}
