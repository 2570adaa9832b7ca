import { Card, List, Stack, Text, Title } from '@mantine/core';
import { Button } from '../../../components/button/button';

export interface WelcomeCardProps {
  onAcknowledge: () => void;
  pending?: boolean;
}

/** What Parity is and what to do first, until the user acknowledges it with 'Getting started'. */
export function WelcomeCard({ onAcknowledge, pending }: WelcomeCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="welcome-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="welcome-title">
          Welcome to Parity
        </Title>
        <Text size="sm">
          Parity is where investment firms report their diversity, equity and inclusion data, see their
          Transparency Index (LPI) and evenness scores, and answer or host surveys from investors.
        </Text>
        <Text size="sm" fw={600}>
          What to do first
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>Complete your profile so colleagues and admins know who you are.</List.Item>
          <List.Item>Check your organization's details and who its admins are.</List.Item>
          <List.Item>Start reporting, or answer the surveys you have been invited to.</List.Item>
        </List>
        <div>
          <Button kind="secondary" onClick={onAcknowledge} loading={pending}>
            Getting started
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
