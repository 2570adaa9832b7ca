import { Alert, Anchor, List, Text } from '@mantine/core';
import type { THealthcheckField } from '@parity/domain/account';
import { IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useProfileHealthcheck } from '../api/healthcheck';

/** What each field GET /api/user/healthcheck names is called on the profile. */
export const HEALTHCHECK_LABELS: Record<THealthcheckField, string> = {
  name: 'Name',
  lastname: 'Last name',
  title: 'Title',
  image: 'Profile image',
};

export const COMPLETE_PROFILE_PATH = '/users/private?edit=1';

/**
 * The profile-completeness prompt (spec 7, GET /api/user/healthcheck): what the signed-in user's
 * profile misses, with a link to the profile's edit form; nothing once the profile is complete
 * (or while the check loads or failed). `withLink={false}` where the edit form is already open.
 */
export function ProfileCompletenessPrompt({ withLink = true }: { withLink?: boolean }) {
  const healthcheck = useProfileHealthcheck();
  if (!healthcheck.data || healthcheck.data.complete) return null;
  return (
    <Alert
      color="parity"
      variant="light"
      icon={<IconUserCircle aria-hidden />}
      title="Complete your profile"
      component="section"
      // A standing hint, not an interruption: a labelled region rather than Mantine's role=alert.
      role="region"
      aria-label="Complete your profile"
    >
      <Text size="sm">Your profile is missing:</Text>
      <List size="sm" mt={4} mb={withLink ? 'xs' : 0}>
        {healthcheck.data.missing.map((field) => (
          <List.Item key={field}>{HEALTHCHECK_LABELS[field]}</List.Item>
        ))}
      </List>
      {withLink ? (
        <Anchor component={Link} to={COMPLETE_PROFILE_PATH} size="sm" fw={500}>
          Add them to your profile
        </Anchor>
      ) : null}
    </Alert>
  );
}
