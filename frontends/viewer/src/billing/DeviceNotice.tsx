import type { StoredPlan, Plan } from '@chitram/contracts/web';
import { useState } from 'react';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { ConfirmDialog } from '../sign-in/ConfirmDialog';
import { playsOn } from './device-rules';
import { usePlanWords } from './plan-words';
import { useDeviceWords } from './use-device-words';
import '../styles/sign-in.css';

/** The plans page's word on this device (D20): which plans play here, before anyone pays for one. */
export function DeviceNotice({ plans }: { plans: readonly StoredPlan[] }) {
  const { t } = useViewerTranslation();
  const { device, here, listOf } = useDeviceWords();
  const words = usePlanWords();
  const playing = plans.filter((p) => playsOn(p, device));
  if (playing.length === plans.length) return null;
  return (
    <p className="vw-device-notice" role="note">
      {t('deviceNotice.summary', {
        here,
        plans: listOf(playing.map((p) => words.name(p.planKey))),
      })}
    </p>
  );
}

/** A plan card's line when the plan does not play on this device: 'Plays on phones only — …'. */
export function PlanDeviceNote({ plan }: { plan: StoredPlan }) {
  const { t } = useViewerTranslation();
  const { device, here, devicesOf } = useDeviceWords();
  if (playsOn(plan, device)) return null;
  return (
    <p className="vw-plan__device-note">
      {t('deviceNotice.notHere', { devices: devicesOf(plan.devices), here })}
    </p>
  );
}

type PlanOnDevices = Pick<Plan, 'planKey' | 'devices'>;

/**
 * Checkout of a plan that will not play on this device asks first, in a dialog (D15); any other goes
 * straight on. `dialog` is rendered by the page; `onCancel` runs when the viewer chooses another plan.
 */
export function useDeviceConfirm() {
  const { t } = useViewerTranslation();
  const { device, here, devicesOf } = useDeviceWords();
  const words = usePlanWords();
  const [asking, setAsking] = useState<{
    plan: PlanOnDevices;
    proceed(): void;
    onCancel?(): void;
  } | null>(null);

  function confirm(plan: PlanOnDevices, proceed: () => void, onCancel?: () => void) {
    if (playsOn(plan, device)) proceed();
    else setAsking({ plan, proceed, onCancel });
  }

  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      title={asking ? t('deviceNotice.confirmTitle', { plan: words.name(asking.plan.planKey) }) : ''}
      message={
        asking
          ? t('deviceNotice.confirmMessage', {
              plan: words.name(asking.plan.planKey),
              devices: devicesOf(asking.plan.devices),
              here,
            })
          : ''
      }
      confirmLabel={t('deviceNotice.buyAnyway')}
      cancelLabel={t('deviceNotice.chooseAnother')}
      onConfirm={() => {
        asking?.proceed();
        setAsking(null);
      }}
      onCancel={() => {
        asking?.onCancel?.();
        setAsking(null);
      }}
    />
  );
  return { confirm, dialog };
}
