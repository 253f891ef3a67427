import { useAppSelector } from '../store';
import { selectSession } from './session-slice';

export function useSession() {
  return useAppSelector(selectSession);
}
