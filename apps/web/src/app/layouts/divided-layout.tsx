import { Box, Stack, Text, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { BrandLink } from './brand-link';
import { MAIN_CONTENT_ID } from './constants';
import classes from './layouts.module.css';

/**
 * divided layout (spec section 2): two panes, what Parity is on one side (wide screens only) and
 * the form on the other (login, sign-up).
 */
export function DividedLayout() {
  return (
    <div className={classes.divided}>
      <Box component="aside" aria-label="About Parity" className={classes.marketing} visibleFrom="md" p={56}>
        <Stack gap="xl" h="100%" justify="center" maw={520} mx="auto">
          <BrandLink size={36} />
          <Title order={2} fz={32} lh={1.2}>
            Diversity, equity and inclusion data for investment firms and their investors
          </Title>
          <Text fz="lg">
            Firms report their people data once, in one consistent profile. Investors ask for it through
            surveys and see comparable, aggregated results.
          </Text>
          <ul className={classes.marketingList}>
            <li>Report staff, leadership, ownership and board composition, policies and practices.</li>
            <li>Answer investors' surveys from the profile you already keep, step by step.</li>
            <li>Follow your transparency and evenness scores over time.</li>
          </ul>
        </Stack>
      </Box>
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className={classes.main}
        p={{ base: 'lg', sm: 56 }}
        style={{ display: 'flex', alignItems: 'center' }}
      >
        <Stack w="100%" maw={420} mx="auto" gap="xl">
          <Box hiddenFrom="md">
            <BrandLink />
          </Box>
          <Outlet />
        </Stack>
      </Box>
    </div>
  );
}

export { DividedLayout as Component };
