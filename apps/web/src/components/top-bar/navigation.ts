import type { ComponentType } from 'react';

/** One entry of the modules' navigation (top bar, mobile drawer) or of a module's side navigation. */
export interface NavItem {
  label: string;
  to: string;
  icon?: ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>;
  /** Active only on an exact path match (the dashboard at "/"). */
  end?: boolean;
}
