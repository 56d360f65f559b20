/**
 * The client an admin page is about: the `:id` of its path and the name its link carries
 * (`?name=`, undefined when absent), so the page can title itself before the client loads.
 */
import { useParams } from 'react-router';
import { useNameParam } from '../client-page-title';

export function useClientRoute(): { id: string; name: string | undefined } {
  const { id = '' } = useParams();
  return { id, name: useNameParam() };
}
