import { Link } from 'react-router';
import { ParityLogo } from '../../components/top-bar/parity-logo';
import classes from './layouts.module.css';

/** "Parity" with its mark, linking to the dashboard (or /login, via the guard, when signed out). */
export function BrandLink({ size = 28 }: { size?: number }) {
  return (
    <Link to="/" className={classes.brand}>
      <ParityLogo size={size} />
      <span>Parity</span>
    </Link>
  );
}
