/**
 * The admin console's sections (spec 2 Admin: Dashboard, Organizations, Organizations Codes,
 * Clients, Users, Archived Users, Feedback, Reports), in the spec's order. A section is listed
 * once it is built: one line here and its child route under /admin in app/router.tsx.
 */
export interface AdminSection {
  label: string;
  to: string;
  /** matches only its own path (the dashboard at /admin) */
  end?: boolean;
}

export const ADMIN_PATH = '/admin';

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { label: 'Dashboard', to: '/admin', end: true },
  { label: 'Organizations', to: '/admin/organizations' },
  { label: 'Organizations Codes', to: '/admin/codes' },
  { label: 'Clients', to: '/admin/clients' },
  { label: 'Users', to: '/admin/users' },
  { label: 'Archived Users', to: '/admin/archived-users' },
  { label: 'Feedback', to: '/admin/feedback' },
  { label: 'Reports', to: '/admin/reports' },
  { label: 'Audit', to: '/admin/audit' },
  { label: 'Support', to: '/admin/support' },
  { label: 'FAQ', to: '/admin/faq' },
];
