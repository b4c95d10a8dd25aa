import { type DeviceClass, findPlan, type Plan, planNamed, PLANS } from '@chitram/contracts/web';
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
      /**
       * Its highest resolution in words: the words of the plan that first had it (finance may change a
       * plan's resolution, D43), or `480p` for one no plan had.
       */
      quality: (found: Plan) => {
        const named = PLANS.find((p) => p.maxResolution === found.maxResolution);
        return named ? t(`planWords.qualities.${named.planKey}`) : `${found.maxResolution}p`;
      },
      period: (found: Plan) => planPeriod(found.validityMonths),
      devices: (devices: readonly DeviceClass[]) => formatDeviceList(devices, deviceName, locale),
      plan,
    };
  }, [t, locale, planPeriod]);
}
