import { LibraryPage } from '../components/library-page';

/** /organizations/private/files: the organization's documents. */
export function PrivateFilesRoute() {
  return <LibraryPage library="files" />;
}

export { PrivateFilesRoute as Component };
