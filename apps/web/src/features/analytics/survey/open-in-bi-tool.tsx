import type { TTableauToken } from '@parity/domain/account';
import { IconPresentationAnalytics } from '@tabler/icons-react';
import { useState } from 'react';
import { usePlacesConfig } from '../../../components/address-search/places-api';
import { Button } from '../../../components/button/button';
import { useCurrentAccount } from '../../../lib/account';
import { api } from '../../../lib/api-client';

export const OPEN_IN_BI_TOOL = 'Open in BI tool';

/**
 * 'Open in BI tool' (spec 7, GET api/tableau/token): for survey hosts and platform admins on a
 * server with a BI tool configured (ANALYTICS_URL, told by GET /api/places/config), otherwise
 * nothing. A click asks for a short-lived token and opens the tool's address carrying it in a
 * new tab; a failure is the request's 'Error' alert.
 */
export function OpenInBiTool() {
  const account = useCurrentAccount();
  const mayOpen = account.data?.isSurveyHost === true || account.data?.isAdministrator === true;
  const config = usePlacesConfig(mayOpen);
  const [opening, setOpening] = useState(false);
  if (!mayOpen || config.data?.analytics_tool !== true) return null;

  const open = async () => {
    // The tab opens within the click: one opened after the token's round trip is a blocked pop-up.
    const tab = window.open('', '_blank');
    setOpening(true);
    try {
      // A read, but the outcome of a click: its failure is alerted.
      const { url } = await api.get<TTableauToken>('/api/tableau/token', undefined, {
        retries: 0,
        silent: false,
      });
      if (tab) {
        // The tool must not reach back into Parity's page.
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener,noreferrer');
      }
    } catch {
      // The API client has shown the error alert.
      tab?.close();
    } finally {
      setOpening(false);
    }
  };

  return (
    <Button
      kind="secondary"
      leftSection={<IconPresentationAnalytics size={16} aria-hidden />}
      loading={opening}
      onClick={() => void open()}
    >
      {OPEN_IN_BI_TOOL}
    </Button>
  );
}
