import type { PlanEndingAnswer } from '@chitram/contracts/web';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../api/browser-api';
import { useSession } from '../session/session-store';
import { CloseIcon } from '../ui/icons';
import { planEndingShown, rememberDismissed } from './plan-ending-rules';

const asViewer = { context: { session: 'user' } } as const;

/**
 * "Your plan ends in 3 days — Renew" (D40): under the header, in the interface language, within three
 * Indian days of the end of the viewer's time (a queued plan's end when one follows). Part of the fixed
 * header, so it moves nothing on the page; dismissed, it stays away for the browser session.
 */
export function PlanEndingBanner() {
  const { t } = useTranslation();
  const viewerId = useSession((s) => s.user?._id ?? null);
  const validTill = useSession((s) => s.user?.activeSubscription?.validTill ?? null);
  const [ending, setEnding] = useState<PlanEndingAnswer['planEnding']>(null);
  const [, setDismissals] = useState(0);

  useEffect(() => {
    // Signed out: nothing to say. Asked again (the plan's end moved): the banner stays as it is until
    // the answer, rather than flickering away and back.
    if (!viewerId) {
      setEnding(null);
      return;
    }
    const controller = new AbortController();
    api
      .get('user/plan-ending', { ...asViewer, signal: controller.signal })
      .json<PlanEndingAnswer>()
      .then((answer) => setEnding(answer.planEnding))
      // Offline, or billing away: no banner rather than a wrong one.
      .catch(() => undefined);
    return () => controller.abort();
    // A plan bought or extended changes validTill: ask again.
  }, [viewerId, validTill]);

  if (!ending || !planEndingShown(ending)) return null;
  const message =
    ending.daysLeft === 0 ? t('planEnding.today') : t('planEnding.inDays', { count: ending.daysLeft });
  return (
    <div className="plan-ending" role="status" data-testid="plan-ending-banner">
      <p className="plan-ending__text">
        {message}
        {' — '}
        <Link className="plan-ending__renew" to="/subscribe">
          {t('planEnding.renew')}
        </Link>
      </p>
      <button
        type="button"
        className="icon-button plan-ending__dismiss"
        aria-label={t('planEnding.dismiss')}
        onClick={() => {
          rememberDismissed(ending);
          setDismissals((n) => n + 1);
        }}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
