import {
  IconArrowsExchange,
  IconBriefcase,
  IconBuilding,
  IconCalendar,
  IconChartBar,
  IconClipboardList,
  IconHelpCircle,
  IconLayoutDashboard,
  IconLifebuoy,
  IconSettings,
  IconShieldLock,
  IconSpeakerphone,
  IconUser,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { NavItem } from '../components/top-bar/navigation';

/**
 * The modules' navigation of the top bar, in order. Only modules that exist are listed; a new
 * module adds one entry here (and, if some users may not open it, a `visible` rule on the
 * current account).
 */
export interface ModuleNavItem extends NavItem {
  visible?: (account: {
    isAllowed?: boolean;
    isAdministrator: boolean;
    isSurveyHost: boolean;
    hasLpiAccess: boolean;
    organization_id?: number | null;
  }) => boolean;
}

/**
 * An allowed account of an organization: an approved member. A platform administrator who belongs
 * to no organization is allowed but has no organization's profile, surveys or space to open.
 */
const ofOrganization: NonNullable<ModuleNavItem['visible']> = (account) =>
  account.isAllowed === true && typeof account.organization_id === 'number';

/** An approved user: every module open to all members, the public ones included. */
const approved: NonNullable<ModuleNavItem['visible']> = (account) => account.isAllowed === true;

export const MODULE_NAVIGATION: readonly ModuleNavItem[] = [
  { label: 'Dashboard', to: '/', icon: IconLayoutDashboard, end: true },
  // Pending and declined users see only the dashboard and their own profile (DESIGN 5).
  { label: 'Users', to: '/users', icon: IconUsers, visible: approved },
  { label: 'Organizations', to: '/organizations', icon: IconBuilding, visible: approved },
  // Every member may view the profile; editing needs LPI access (the page says so).
  { label: 'LPI', to: '/lpi', icon: IconChartBar, visible: ofOrganization },
  // Taking, archived, exported and hosted surveys (spec 2 Surveys): an organization's.
  { label: 'Surveys', to: '/surveys', icon: IconClipboardList, visible: ofOrganization },
  // Events (spec 2 Calendar): every approved user sees the public ones.
  { label: 'Calendar', to: '/calendar', icon: IconCalendar, visible: approved },
  // Peer groups (spec 2 Pods): any approved user may join an open pod or be invited to one.
  { label: 'Pods', to: '/pods', icon: IconUsersGroup, visible: approved },
  // People and organizations who chose to be listed, and announcements (issue 18).
  { label: 'Community', to: '/community', icon: IconSpeakerphone, visible: approved },
  // Consent-based sharing of the LPI profile (issue 18): an organization's members.
  { label: 'Exchange', to: '/exchange', icon: IconArrowsExchange, visible: ofOrganization },
  // An organization's portfolio of managers (issue 18 Investments): its members read it.
  { label: 'Investments', to: '/investments', icon: IconBriefcase, visible: ofOrganization },
  // The platform administrators' console (spec 2 Admin).
  { label: 'Admin', to: '/admin', icon: IconShieldLock, visible: (account) => account.isAdministrator },
];

/** The user menu's pages, above Log out: one's own profile, settings and organization. */
export const USER_MENU: readonly ModuleNavItem[] = [
  { label: 'My profile', to: '/users/private', icon: IconUser, end: true },
  { label: 'Settings', to: '/users/private/settings', icon: IconSettings },
  // A pending or declined user has no organization to open yet; a platform administrator may have none.
  { label: 'My organization', to: '/organizations/private', icon: IconBuilding, visible: ofOrganization },
  // Help articles, the contact form and my requests; the FAQ (issue 18): open to every signed-in user.
  { label: 'Help & support', to: '/support', icon: IconLifebuoy },
  { label: 'FAQ', to: '/faq', icon: IconHelpCircle },
];

type NavAccount = Parameters<NonNullable<ModuleNavItem['visible']>>[0];

function visibleItems(items: readonly ModuleNavItem[], account: NavAccount | null | undefined): NavItem[] {
  return items.filter((item) => !item.visible || (account ? item.visible(account) : false));
}

export function visibleModules(account: NavAccount | null | undefined): NavItem[] {
  return visibleItems(MODULE_NAVIGATION, account);
}

export function visibleUserMenu(account: NavAccount | null | undefined): NavItem[] {
  return visibleItems(USER_MENU, account);
}

/** The top bar's and user menu's pages this account may not open; none while it is unknown. */
export function closedPaths(account: NavAccount | null | undefined): string[] {
  if (!account) return [];
  return [...MODULE_NAVIGATION, ...USER_MENU]
    .filter((item) => item.visible && !item.visible(account))
    .map((item) => item.to);
}
