import { LibraryPage } from '../components/library-page';

/** /organizations/private/media: the organization's images, with previews. */
export function PrivateMediaRoute() {
  return <LibraryPage library="media" />;
}

export { PrivateMediaRoute as Component };
