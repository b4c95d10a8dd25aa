import { type ReactNode, useId } from 'react';
import { PartView } from './PartView';
import type { ServicePart } from './types';

/** A titled part of the viewer's page, from one service. */
export function ViewerSection<T>({
  title,
  part,
  status,
  children,
}: {
  title: string;
  part: ServicePart<T> | undefined;
  status: 'loading' | 'success' | 'error';
  children(value: T): ReactNode;
}) {
  const id = useId();
  return (
    <section className="ad-card ad-viewer__section" aria-labelledby={id}>
      <h2 id={id} className="ad-card__title">
        {title}
      </h2>
      <div className="ad-viewer__body">
        <PartView part={part} status={status}>
          {children}
        </PartView>
      </div>
    </section>
  );
}
