import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { SkeletonText } from '../components/Skeleton';

/** The plans on sale (DECISIONS D17): basic, standard, premium and gold. */
const PLAN_COUNT = 4;

/**
 * The plans' cards before the server has priced them: each laid out as a card is, line for line, so the
 * cards take their place without moving what is below them (issue 19). The labels are known already.
 */
export function PlanSkeletons() {
  const { t } = useViewerTranslation();
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{t('common.loading')}</span>
      <ul className="vw-plans__grid" aria-hidden="true">
        {Array.from({ length: PLAN_COUNT }, (_, i) => (
          <li key={i} className="vw-plan-skeleton">
            <p className="vw-plan__name">
              <SkeletonText width="6em" />
            </p>
            <p className="vw-plan__price">
              <span className="vw-plan__amount">
                <SkeletonText width="2.6em" />
              </span>
            </p>
            <dl className="vw-plan__facts">
              {(['quality', 'devices', 'screens'] as const).map((fact) => (
                <div key={fact}>
                  <dt>{t(`plans.${fact}`)}</dt>
                  <dd>
                    <SkeletonText width="7em" />
                  </dd>
                </div>
              ))}
            </dl>
            <span className="vw-skeleton vw-plan-skeleton__button" />
          </li>
        ))}
      </ul>
    </div>
  );
}
