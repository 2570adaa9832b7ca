import { Anchor, Box, Grid, List, Stack, Text, Title, Typography } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header/page-header';

export interface DocumentSection {
  id: string;
  title: string;
  content: ReactNode;
}

export interface DocumentPageProps {
  title: string;
  description: ReactNode;
  /** Shown as "Last updated". */
  updated: string;
  sections: readonly DocumentSection[];
}

/** A long public document (terms, privacy, permissions, contact data): its h1, a table of contents and h2 sections. */
export function DocumentPage({ title, description, updated, sections }: DocumentPageProps) {
  return (
    <>
      <PageHeader title={title} description={description} eyebrow={`Last updated ${updated}`} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Box component="nav" aria-label="On this page" style={{ position: 'sticky', top: 16 }}>
            <Text size="sm" fw={700} mb="xs">
              On this page
            </Text>
            <List listStyleType="none" spacing={4} size="sm" p={0}>
              {sections.map((section) => (
                <List.Item key={section.id}>
                  <Anchor href={`#${section.id}`} size="sm">
                    {section.title}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="xl" maw={760}>
            {sections.map((section) => (
              <Box
                component="section"
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-title`}
              >
                <Title order={2} size="h3" id={`${section.id}-title`} mb="sm">
                  {section.title}
                </Title>
                <Typography p={0}>{section.content}</Typography>
              </Box>
            ))}
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
