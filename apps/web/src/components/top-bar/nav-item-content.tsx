import type { NavItem } from './navigation';

/** A module's entry in the top bar and in its drawer: the icon, then the label. */
export function NavItemContent({ item }: { item: NavItem }) {
  const Icon = item.icon;
  return (
    <>
      {Icon ? <Icon size={18} stroke={1.75} aria-hidden /> : null}
      {item.label}
    </>
  );
}
