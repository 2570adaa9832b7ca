import { useNavigate, useOutletContext, useSearchParams } from 'react-router';
import type { UserAccount } from '../api/types';
import { PERSONAL_FIELDS } from '../api/types';
import { ProfileAbout } from '../components/profile-about';
import { ProfileEditForm } from '../components/profile-edit-form';

/** The owner's values, unwrapped ({value, is_private} -> value) for the About tab. */
export function ownValues(account: UserAccount): Record<string, unknown> {
  const values: Record<string, unknown> = { ...account, organization: account.organization?.name ?? null };
  for (const field of PERSONAL_FIELDS) values[field] = account[field]?.value ?? null;
  return values;
}

/** /users/private (About): my profile, or its edit form with ?edit=1 (Edit Profile). */
export function MyProfileAboutRoute() {
  const account = useOutletContext<UserAccount>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  if (searchParams.get('edit') === '1') {
    return <ProfileEditForm account={account} onDone={() => navigate('/users/private', { replace: true })} />;
  }
  return <ProfileAbout values={ownValues(account)} />;
}

export { MyProfileAboutRoute as Component };
