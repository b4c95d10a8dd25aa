import { type DeviceClass, findPlan, type Plan, planNamed } from '@chitram/contracts/web';
import { useMemo } from 'react';
import { formatDeviceList } from '../i18n/formats';
import { useFormats } from '../i18n/use-formats';
import { useViewerTranslation } from '../i18n/use-viewer-translation';

/**
 * A plan in the interface language (issue 19): its name, quality, validity and devices come from the
 * catalogue by plan key, whatever English the server, the session or a receipt carries. A name that
 * is no plan's (an old payment's) is shown as it is.
 */
export function usePlanWords() {
  const { t } = useViewerTranslation();
  const { locale, planPeriod } = useFormats();
  return useMemo(() => {
    const plan = (keyOrName: string | null | undefined): Plan | undefined =>
      (keyOrName ? findPlan(keyOrName) : undefined) ?? planNamed(keyOrName);
    const deviceName = (device: DeviceClass) => t(`planWords.devices.${device}`);
    return {
      /** 'gold' or 'Gold Plan' → 'கோல்டு திட்டம்' (ta). */
      name: (keyOrName: string | null | undefined): string => {
        const found = plan(keyOrName);
        return found ? t(`planWords.names.${found.planKey}`) : (keyOrName ?? '');
      },
      quality: (found: Plan) => t(`planWords.qualities.${found.planKey}`),
      period: (found: Plan) => planPeriod(found.validityMonths),
      devices: (devices: readonly DeviceClass[]) => formatDeviceList(devices, deviceName, locale),
      plan,
    };
  }, [t, locale, planPeriod]);
}
