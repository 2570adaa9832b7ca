import { Box, Center, Paper, Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { BrandLink } from './brand-link';
import { MAIN_CONTENT_ID } from './constants';
import classes from './layouts.module.css';

/** centered layout (spec section 2): one card in the middle of the page (404, short sign-in steps). */
export function CenteredLayout() {
  return (
    <Center
      component="main"
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      className={classes.main}
      mih="100vh"
      p="md"
      bg="gray.0"
    >
      <Stack w="100%" maw={480} gap="lg">
        <Box ta="center">
          <BrandLink />
        </Box>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Outlet />
        </Paper>
      </Stack>
    </Center>
  );
}

export { CenteredLayout as Component };
