import { Link } from 'react-router';
import { DocumentPage, type DocumentSection } from '../components/document-page';

export const TERMS_UPDATED = '1 March 2026';

const sections: DocumentSection[] = [
  {
    id: 'about',
    title: '1. About these terms',
    content: (
      <>
        <p>
          Parity is a portal where investment firms report diversity, equity and inclusion (DEI) data about
          their organization, and where institutional investors and other survey hosts ask for that data
          through surveys. These terms apply to everyone who signs in to this Parity installation or reads its
          public pages.
        </p>
        <p>
          "We" means the operator of this installation. "Your organization" means the firm whose account you
          joined. By creating an account or signing in you accept these terms; if you act for an organization,
          you confirm that you may accept them on its behalf.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: '2. Accounts and access',
    content: (
      <>
        <p>
          You join an organization with an invitation or the organization's sign-up code. Until an
          administrator of that organization approves you, you can see only your status and your own profile.
          An organization administrator may approve or decline your request, and may later remove your access.
        </p>
        <ul>
          <li>Use your own account only. Accounts are personal and must not be shared.</li>
          <li>
            Keep your password secret and unique to Parity. Turn on two-factor sign-in where it is offered,
            and tell your organization administrator at once if you think someone else has used your account.
          </li>
          <li>Keep your profile accurate, in particular your email address, which we use to reach you.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'your-data',
    title: '3. The data you submit',
    content: (
      <>
        <p>
          Your organization decides what it reports: its profile, staff counts by gender and race or
          ethnicity, ownership and senior leadership, board members, investment staff and committee, policies,
          practices and answers to survey questions. When you submit data you confirm that:
        </p>
        <ul>
          <li>it is accurate and complete to the best of your knowledge, as of the date you give;</li>
          <li>your organization may share it for the purposes below;</li>
          <li>
            where it describes identifiable people (owners, leaders, board members), your organization
            collected it lawfully, told those people how it will be used, and respects their choice not to
            disclose a characteristic. "Undisclosed" is always an acceptable answer.
          </li>
        </ul>
        <p>
          Your organization keeps ownership of its data. It grants us the right to store and process it to run
          Parity, to compute scores, and to share it as described in section 4 and in the{' '}
          <Link to="/policy">privacy policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: '4. How reported data is shared',
    content: (
      <>
        <ul>
          <li>
            <strong>Your organization's profile</strong> is visible to approved members of your organization.
            Parts of it are shown to other users only where your organization makes its page public.
          </li>
          <li>
            <strong>Survey responses</strong> are shared with the host of a survey only after your
            organization was invited to it and only for that survey. Changes you make inside a survey do not
            change your organization's own profile, and the reverse.
          </li>
          <li>
            <strong>Analytics</strong> shown to hosts and across surveys are computed from groups of people,
            never from a single person's demographics.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'hosts',
    title: '5. Obligations of survey hosts',
    content: (
      <>
        <p>If your organization hosts surveys, you also agree to:</p>
        <ul>
          <li>
            invite only organizations you have a business relationship with, and state why you ask for the
            data;
          </li>
          <li>
            use responses only for the purpose you stated, and keep them confidential within your
            organization;
          </li>
          <li>
            never try to identify individuals from responses or combine them with other data for that purpose;
          </li>
          <li>
            remove contacts who ask not to be contacted again (see{' '}
            <Link to="/crm">how contact data is handled</Link>
            ).
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: '6. Acceptable use',
    content: (
      <>
        <p>You must not:</p>
        <ul>
          <li>try to read or change another organization's data, or data your role does not give you;</li>
          <li>probe, scan or test the security of the service, or work around its rate limits;</li>
          <li>
            collect data from Parity by automated means other than the documented API with a client we issued;
          </li>
          <li>
            upload files that contain malware, or content that is unlawful, discriminatory or harassing;
          </li>
          <li>use Parity to send unsolicited messages.</li>
        </ul>
        <p>
          We may suspend an account that breaks these rules, and will tell the account holder and their
          organization administrator why unless the law or the security of other users prevents it.
        </p>
      </>
    ),
  },
  {
    id: 'scores',
    title: '7. Scores are indicators, not advice',
    content: (
      <p>
        Parity's scores (the transparency index, evenness and the related analytics) follow a published,
        versioned method and depend entirely on the data reported. They describe reported composition; they
        are not a certification, an audit, a rating of a firm's conduct, or investment, legal or tax advice.
        Decisions you make with them are your own.
      </p>
    ),
  },
  {
    id: 'availability',
    title: '8. Availability and changes to the service',
    content: (
      <p>
        We aim to keep Parity available and your data safe, but we cannot promise uninterrupted service.
        Parity may be unavailable during maintenance; where we can, we announce it in the portal beforehand.
        Features may change; when a change removes something you rely on, we will tell organization
        administrators in advance.
      </p>
    ),
  },
  {
    id: 'ending',
    title: '9. Ending your use',
    content: (
      <p>
        You may deactivate your account at any time from your profile settings, or ask your organization
        administrator to remove it. Deactivation signs you out everywhere. Data your organization submitted
        remains your organization's and stays available to it; survey responses already submitted remain with
        the survey host as the record of that survey. The <Link to="/policy">privacy policy</Link> explains
        what we keep and for how long.
      </p>
    ),
  },
  {
    id: 'liability',
    title: '10. Liability',
    content: (
      <p>
        To the extent the law allows, we are not liable for indirect or consequential losses, or for losses
        caused by inaccurate data submitted by users. Nothing in these terms limits liability that cannot be
        limited by law.
      </p>
    ),
  },
  {
    id: 'changes',
    title: '11. Changes to these terms',
    content: (
      <p>
        We may update these terms. The date at the top shows the current version. For significant changes we
        will notify users in the portal before they apply; continuing to use Parity after that date means you
        accept the new terms.
      </p>
    ),
  },
  {
    id: 'contact',
    title: '12. Questions',
    content: (
      <p>
        For questions about these terms, contact your organization administrator or the support contact of
        this Parity installation. The <Link to="/permissions">roles and permissions</Link> page explains who
        can do what.
      </p>
    ),
  },
];

/** /terms: the terms of use (public). */
export function TermsRoute() {
  return (
    <DocumentPage
      title="Terms of use"
      description="The rules for using Parity to report and request diversity, equity and inclusion data."
      updated={TERMS_UPDATED}
      sections={sections}
    />
  );
}

export { TermsRoute as Component };
