import { Alert, List } from '@mantine/core';
import type { TCheckIssue } from '@parity/domain/lpi/checks';
import { IconAlertTriangle } from '@tabler/icons-react';

/**
 * The data checks a tab's figures fail (issue #19), above its grid or table: what is wrong and what
 * to do. Saving stays possible; a survey step is then marked complete with a note for the host.
 */
export function CheckAlert({ issues }: { issues: readonly TCheckIssue[] }) {
  if (!issues.length) return null;
  return (
    <Alert
      color="warning"
      icon={<IconAlertTriangle aria-hidden />}
      title="The figures do not add up"
      // A region named by its title: live alerts of the page (saves, uploads) keep role "alert".
      role="region"
      data-type="warning"
    >
      {issues.length === 1 ? (
        issues[0]!.message
      ) : (
        <List size="sm">
          {issues.map((issue) => (
            <List.Item key={issue.code}>{issue.message}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
