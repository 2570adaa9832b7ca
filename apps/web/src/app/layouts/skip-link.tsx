import { MAIN_CONTENT_ID } from './constants';
import classes from './layouts.module.css';

/** The first focusable element of every layout: jumps past the header to the page content. */
export function SkipLink() {
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink}>
      Skip to main content
    </a>
  );
}
