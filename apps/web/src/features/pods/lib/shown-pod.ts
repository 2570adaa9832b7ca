import type { TPodDetail } from '@parity/domain/pods/pods';
import { createContext, useContext } from 'react';

/** The pod its page shows, for the tab it renders (the tabs are parts of the pod page's module). */
export const ShownPodContext = createContext<TPodDetail | null>(null);

export function useShownPod(): TPodDetail {
  const pod = useContext(ShownPodContext);
  if (!pod) throw new Error('useShownPod is used outside the pod page');
  return pod;
}
