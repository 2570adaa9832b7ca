import { Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/button/button';
import { useCurrentAccount } from '../../../lib/account';

interface Section {
  label: string;
  to: string;
  /** The paths that show this section (the taking list answers on /surveys and /surveys/taking). */
  paths: readonly string[];
  hostsOnly?: boolean;
}

const SECTIONS: readonly Section[] = [
  // /surveys/taking: /surveys may land a host on Hosting (surveys-list), Taking always lists.
  { label: 'Taking', to: '/surveys/taking', paths: ['/surveys', '/surveys/taking'] },
  { label: 'Hosting', to: '/surveys/hosting', paths: ['/surveys/hosting'], hostsOnly: true },
  { label: 'Archived', to: '/surveys/archived', paths: ['/surveys/archived'] },
  { label: 'Export', to: '/surveys/export', paths: ['/surveys/export'] },
];

/**
 * The Surveys module's sections (spec 2 Surveys), on each section's list: the surveys to answer,
 * the hosted ones (survey hosts only), the archived and the exports.
 */
export function SurveysSectionNav() {
  const { pathname } = useLocation();
  const account = useCurrentAccount().data;
  const here = pathname.replace(/\/+$/, '') || '/';
  const sections = SECTIONS.filter((section) => !section.hostsOnly || account?.isSurveyHost);
  return (
    <nav aria-label="Survey sections">
      <Group gap="xs">
        {sections.map((section) => {
          const current = section.paths.includes(here);
          return (
            <Button
              key={section.to}
              component={Link}
              to={section.to}
              kind={current ? 'primary' : 'blanc'}
              size="small"
              aria-current={current ? 'page' : undefined}
            >
              {section.label}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}
