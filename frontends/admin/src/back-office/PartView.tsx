import type { ReactNode } from 'react';
import { BackOfficeMessages, type ServicePart } from './types';

/**
 * One service's part of a back-office answer: what it holds, or why there is nothing yet (loading, the
 * whole request failed) or now (the service did not answer: the rest of the page still shows).
 */
export function PartView<T>({
  part,
  status,
  children,
}: {
  part: ServicePart<T> | undefined;
  status: 'loading' | 'success' | 'error';
  children(value: T): ReactNode;
}) {
  if (!part)
    return (
      <p className="ad-part-note">{status === 'error' ? BackOfficeMessages.unavailable : 'Loading...'}</p>
    );
  if (!part.available)
    return (
      <p className="ad-part-note ad-part-note--unavailable" role="status">
        {BackOfficeMessages.unavailable}
      </p>
    );
  return <>{children(part)}</>;
}
