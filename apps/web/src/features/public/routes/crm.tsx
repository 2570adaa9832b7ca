import { Link } from 'react-router';
import { DocumentPage, type DocumentSection } from '../components/document-page';

export const CRM_UPDATED = '1 March 2026';

const sections: DocumentSection[] = [
  {
    id: 'what',
    title: 'What contact data Parity holds',
    content: (
      <>
        <p>
          Besides user accounts, Parity keeps a small amount of contact and relationship data so that survey
          hosts can reach the organizations they work with:
        </p>
        <ul>
          <li>
            <strong>Survey contacts:</strong> the name, email address and organization of the people a host
            adds to the contact list of one of its surveys.
          </li>
          <li>
            <strong>Primary contacts:</strong> the member an organization names as its primary contact in its
            profile, and the contact and support email addresses a host gives for each survey.
          </li>
          <li>
            <strong>Invitation history:</strong> which organizations were invited to a survey, when, by whom,
            their response status and the reminders sent.
          </li>
        </ul>
        <p>Parity does not buy contact lists, and does not enrich contacts with data from other sources.</p>
      </>
    ),
  },
  {
    id: 'where-from',
    title: 'Where it comes from',
    content: (
      <ul>
        <li>
          Hosts add contacts to a survey by hand, or choose members of organizations that are already on
          Parity.
        </li>
        <li>Organization administrators choose their own primary contact.</li>
        <li>Hosts give the contact and support addresses shown on their surveys.</li>
      </ul>
    ),
  },
  {
    id: 'use',
    title: 'What it is used for',
    content: (
      <>
        <p>Contact data is used only to run surveys:</p>
        <ul>
          <li>
            to send a survey invitation, and the reminders a host sends to organizations that have not
            responded;
          </li>
          <li>to tell respondents about the surveys they take part in, such as a due date that is close;</li>
          <li>to show respondents whom to ask about a survey.</li>
        </ul>
        <p>
          It is never used for marketing, never sold, and never shared with another host. A contact list
          belongs to one survey: a host cannot see the contacts of another host's surveys.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long it is kept',
    content: (
      <p>
        A contact stays on a survey's list until the host removes it or the survey is deleted. When a survey
        is archived, its invitation history is kept with it as the record of who was asked and who answered.
        Removing a contact does not remove responses an organization already submitted.
      </p>
    ),
  },
  {
    id: 'removal',
    title: 'How to stop being contacted',
    content: (
      <>
        <ol>
          <li>
            Reply to the host using the contact address given in the invitation and ask to be removed. Hosts
            agree, in the <Link to="/terms">terms of use</Link>, to remove contacts who ask.
          </li>
          <li>
            If your organization does not want to take part in a survey, an administrator of your organization
            can decline it; no further reminders are sent for it.
          </li>
          <li>
            If you are a Parity user, ask your organization administrator to name another primary contact, or
            deactivate your account.
          </li>
          <li>
            If a host does not act on your request, contact the support contact of this Parity installation. A
            platform administrator can remove your details from every contact list.
          </li>
        </ol>
        <p>
          The <Link to="/policy">privacy policy</Link> describes your other rights, such as seeing the data
          held about you.
        </p>
      </>
    ),
  },
];

/** /crm: how Parity handles contact and relationship data (public). */
export function CrmRoute() {
  return (
    <DocumentPage
      title="Contact and relationship data"
      description="How Parity keeps the contacts that survey hosts use to invite organizations, and how to be removed."
      updated={CRM_UPDATED}
      sections={sections}
    />
  );
}

export { CrmRoute as Component };
