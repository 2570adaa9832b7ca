import { Box, Container, Group, Text } from '@mantine/core';
import { Link, NavLink, Outlet } from 'react-router';
import { Button } from '../../components/button/button';
import { getAccessToken } from '../../lib/token-storage';
import { BrandLink } from './brand-link';
import { MAIN_CONTENT_ID } from './constants';
import classes from './layouts.module.css';
import { SkipLink } from './skip-link';

export const PUBLIC_PAGES = [
  { label: 'Terms of use', to: '/terms' },
  { label: 'Privacy policy', to: '/policy' },
  { label: 'Permissions', to: '/permissions' },
  { label: 'Contact data', to: '/crm' },
  { label: 'Scoring', to: '/scoring' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Design system', to: '/design' },
] as const;

/**
 * custom layout (spec section 2): a free page under a light public header and footer; used by
 * the public pages, which anyone may read without signing in.
 */
export function CustomLayout() {
  const signedIn = getAccessToken() !== null;
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <Box component="header" className={classes.publicHeader}>
        <Container size="lg" py="sm">
          <Group justify="space-between" gap="sm">
            <BrandLink />
            <Group gap="md">
              <Box component="nav" aria-label="Public pages" visibleFrom="md">
                <Group component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
                  {PUBLIC_PAGES.map((page) => (
                    <li key={page.to}>
                      <NavLink to={page.to} className={classes.publicLink}>
                        {page.label}
                      </NavLink>
                    </li>
                  ))}
                </Group>
              </Box>
              <Button component={Link} to={signedIn ? '/' : '/login'} kind="primary" size="small">
                {signedIn ? 'Go to the dashboard' : 'Log in'}
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Container
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className={classes.main}
        size="lg"
        py="xl"
        w="100%"
        style={{ flex: 1 }}
      >
        <Outlet />
      </Container>
      <Box component="footer" className={classes.publicFooter}>
        <Container size="lg" py="lg">
          <Group justify="space-between" gap="md">
            <Text size="sm" c="dimmed">
              Parity: diversity, equity and inclusion reporting for investment firms.
            </Text>
            <Group
              component="ul"
              gap="md"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label="Public pages"
            >
              {PUBLIC_PAGES.map((page) => (
                <li key={page.to}>
                  <Link to={page.to} className={classes.publicLink}>
                    {page.label}
                  </Link>
                </li>
              ))}
            </Group>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}

export { CustomLayout as Component };
