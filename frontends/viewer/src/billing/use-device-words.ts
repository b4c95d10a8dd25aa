import type { DeviceClass } from '@chitram/contracts/web';
import { useMemo } from 'react';
import { useFormats } from '../i18n/use-formats';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { thisDevice } from './device-rules';

/** This browser's device class, and devices in the viewer's words: 'a computer'; 'phones and computers'. */
export function useDeviceWords() {
  const { t } = useViewerTranslation();
  const { locale } = useFormats();
  return useMemo(() => {
    const device = thisDevice();
    const list = new Intl.ListFormat(locale, { type: 'conjunction' });
    return {
      device,
      /** 'you are on a computer'. */
      here: t(`device.here.${device}`),
      /** Names as a list: 'Standard Plan, Premium Plan and Gold Plan'. */
      listOf: (names: readonly string[]) => list.format(names),
      devicesOf: (devices: readonly DeviceClass[]) => list.format(devices.map((d) => t(`device.many.${d}`))),
    };
  }, [t, locale]);
}
