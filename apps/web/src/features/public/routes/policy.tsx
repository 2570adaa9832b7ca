import { Link } from 'react-router';
import { DocumentPage, type DocumentSection } from '../components/document-page';

export const POLICY_UPDATED = '1 March 2026';

const sections: DocumentSection[] = [
  {
    id: 'scope',
    title: 'Who this policy is for',
    content: (
      <>
        <p>
          This policy explains what personal data Parity holds, why, who can see it, how long it is kept and
          what you can ask for. It covers users of the portal and the people whose data organizations report,
          such as owners, senior leaders and board members.
        </p>
        <p>
          For data an organization reports about its own people, that organization decides what is collected
          and is responsible for telling those people; we process it on the organization's behalf. For your
          own user account, we are responsible for it.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    content: (
      <>
        <ul>
          <li>
            <strong>Account data:</strong> name, last name, email, job titles, phone numbers, office address,
            profile picture, biography, languages and interests you choose to add, your organization and your
            role in it, and your sign-in history (time of last sign-in, two-factor setting).
          </li>
          <li>
            <strong>Organization data:</strong> the organization's profile (legal structure, addresses, assets
            under management, industry classification, contacts) and its reports: staff counts by gender and
            race or ethnicity, investment staff and committee counts, hiring, promotion and attrition history,
            policies and practices.
          </li>
          <li>
            <strong>Data about individuals:</strong> for owners, senior leaders and board members, a name or a
            unique identifier chosen by the organization, title, joining and promotion dates, ownership share,
            and the demographic characteristics described below.
          </li>
          <li>
            <strong>Survey data:</strong> the surveys you host or answer, your answers and who contributed
            them.
          </li>
          <li>
            <strong>Technical data:</strong> server logs with request identifiers and IP addresses, used to
            run and secure the service, and an audit log of changes (who changed what, when, and the values
            before and after).
          </li>
        </ul>
        <p>
          Parity sets no cookies and uses no advertising or tracking scripts. Your browser's local storage
          keeps your sign-in tokens and a cache of reference lists (such as the list of countries or job
          titles) so pages load faster; signing out clears them.
        </p>
      </>
    ),
  },
  {
    id: 'demographic-data',
    title: 'How demographic data is handled',
    content: (
      <>
        <p>
          Gender, race or ethnicity, veteran status, LGBTQ+ identity, disability, immigration background and
          citizenship are sensitive. Parity handles them with extra care:
        </p>
        <ul>
          <li>
            <strong>Voluntary.</strong> Every characteristic can be reported as undisclosed. Undisclosed
            answers are left out of the shares used for scores; they only lower the transparency figure.
          </li>
          <li>
            <strong>Counts where possible.</strong> Staff, investment staff and committee data are entered as
            counts per group, not per person. Individual rows exist only for owners, senior leaders and board
            members, and organizations may use an identifier instead of a name.
          </li>
          <li>
            <strong>Private profile fields.</strong> Characteristics on your own profile can be marked
            private; others then see "Private".
          </li>
          <li>
            <strong>Never shown individually to survey hosts' analytics.</strong> A host's analytics are
            computed over groups. Access rules are checked by the server on every request, not only hidden in
            the screens.
          </li>
          <li>
            <strong>Used only for reporting and scores.</strong> Demographic data is never used for marketing,
            never sold, and never used to make decisions about the individuals concerned.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'aggregation',
    title: 'Aggregation thresholds',
    content: (
      <>
        <p>Scores and charts are computed from groups, with these safeguards:</p>
        <ul>
          <li>
            A diversity measure computed from a group of one person, or of nobody, is not shown (it reads
            N/A), so a single person's characteristics cannot be read from a score.
          </li>
          <li>
            A measure computed from fewer than 10 people is marked as low confidence, because small groups can
            be both unstable and easier to recognise.
          </li>
          <li>
            Survey results for hosts are averages over the organizations that submitted, shown with their
            distribution, not lists of individuals.
          </li>
        </ul>
        <p>
          The scoring method, including these thresholds, is versioned, and every submission records the
          version it was scored with.
        </p>
      </>
    ),
  },
  {
    id: 'who-sees-what',
    title: 'Who can see your data',
    content: (
      <>
        <ul>
          <li>Approved members of your organization see its profile and reports.</li>
          <li>
            A survey host sees the data an organization provides in that host's survey, only after inviting
            that organization. Another organization's data is never visible to you, and the portal answers as
            if it did not exist.
          </li>
          <li>
            Platform administrators of this installation can see data to support users and keep the service
            running; their actions are recorded in the audit log.
          </li>
          <li>
            Service providers that run parts of the service for us (hosting, file storage, email delivery)
            process data only on our instructions.
          </li>
        </ul>
        <p>
          See <Link to="/permissions">roles and permissions</Link> for the full list of what each role may do.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep data',
    content: (
      <ul>
        <li>
          <strong>Accounts</strong> are kept while they are active. A deactivated or removed account is
          archived: it can no longer sign in, and it is deleted for good when a platform administrator deletes
          it, at your request or under the retention period the operator of this installation sets.
        </li>
        <li>
          <strong>Organization reports</strong> are kept while the organization uses Parity, including saved
          versions, so the organization can follow its history. An organization that leaves is archived first
          and then deleted on request.
        </li>
        <li>
          <strong>Submitted survey responses</strong> are kept as a fixed record of that survey for its host,
          also after the survey is archived.
        </li>
        <li>
          <strong>Sign-in sessions</strong> end by themselves: access tokens last 15 minutes, sign-in codes 10
          minutes, and refresh tokens have a fixed maximum age. Changing your password or signing out revokes
          them.
        </li>
        <li>
          <strong>Logs and the audit log</strong> are kept for security and accountability for the period the
          operator sets.
        </li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'How data is protected',
    content: (
      <p>
        Passwords are stored only as strong one-way hashes (argon2id). Sessions use short-lived tokens;
        two-factor sign-in is available. Every read and write is checked against the caller's organization and
        role on the server. Uploaded files are checked and stored under generated names. Changes to
        organization, survey and permission data are written to an audit log.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    content: (
      <>
        <p>Depending on where you live, you can ask to:</p>
        <ul>
          <li>see the personal data held about you, and get a copy in a common format;</li>
          <li>correct it (most of it you can edit yourself in your profile);</li>
          <li>have it deleted, or its use restricted, where it is no longer needed;</li>
          <li>object to a use of it, and withdraw a consent you gave;</li>
          <li>complain to your data protection authority.</li>
        </ul>
        <p>
          If your data was reported by an organization (for example as an owner or board member), ask that
          organization first: it decides what is reported. For your user account, ask your organization
          administrator or the support contact of this installation. We aim to answer within one month.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        When this policy changes, the date at the top changes; significant changes are announced in the portal
        before they apply. The <Link to="/terms">terms of use</Link> and the{' '}
        <Link to="/crm">contact data notice</Link> complete this policy.
      </p>
    ),
  },
];

/** /policy: the privacy policy (public). */
export function PolicyRoute() {
  return (
    <DocumentPage
      title="Privacy policy"
      description="What personal and demographic data Parity holds, who can see it, how long it is kept and what you can ask for."
      updated={POLICY_UPDATED}
      sections={sections}
    />
  );
}

export { PolicyRoute as Component };
