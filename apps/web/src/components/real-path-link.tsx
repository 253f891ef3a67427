import type { MouseEvent, ReactNode, Ref } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';
import { realPathOf } from '../lib/real-paths';

interface RealPathLinkProps {
  /** The app's route: `/job/{id}` or `/company/{id}` (any other works as a plain link). */
  to: string;
  state?: unknown;
  children?: ReactNode;
  className?: string;
  id?: string;
  style?: React.CSSProperties;
  ref?: Ref<HTMLAnchorElement>;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * A link to a job or a company whose address is the real page (/jobs/{id}), so that copying it or
 * opening it in a new tab works, and that still moves inside the app on a plain click.
 */
export function RealPathLink({ to, state, onClick, ref, ...rest }: RealPathLinkProps) {
  const hashHref = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { state });
  return (
    <a
      {...rest}
      ref={ref}
      href={realPathOf(to) ?? hashHref}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}
