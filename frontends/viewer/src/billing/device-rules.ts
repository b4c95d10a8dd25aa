import { deviceClassOfAgent, type DeviceClass } from '@chitram/contracts/web';

// Which plans play on the device a viewer is using (DECISIONS D20), kept apart from React so they are
// tested directly. The server decides a stream by the same contracts rule from the same User-Agent.

interface PlanOnDevices {
  plan: string;
  devices: readonly DeviceClass[];
  /** Paise, as the server prices it (D16). */
  amount: number;
}

/** The device class of this browser, as the server will see it when Play asks for a stream. */
export function thisDevice(userAgent: string = navigator.userAgent): DeviceClass {
  return deviceClassOfAgent(userAgent);
}

export function playsOn(plan: { devices: readonly DeviceClass[] }, device: DeviceClass): boolean {
  return plan.devices.includes(device);
}

/** The cheapest plan that plays on a device: the way up for a viewer whose plan does not. */
export function cheapestPlanFor<P extends PlanOnDevices>(plans: readonly P[], device: DeviceClass): P | null {
  return plans
    .filter((p) => playsOn(p, device))
    .reduce<P | null>((a, b) => (a && a.amount <= b.amount ? a : b), null);
}

export interface Upgrade<P> {
  plan: P;
  /** What it costs beyond the viewer's plan, in paise; null when the viewer's plan is not known. */
  difference: number | null;
}

/**
 * The upgrade that lets a viewer watch on this device: the cheapest plan that plays on it, and its price
 * beyond the one of the plan they hold (named as the session names it, SPEC's `planName`).
 */
export function upgradeFor<P extends PlanOnDevices>(
  plans: readonly P[],
  device: DeviceClass,
  currentPlanName: string | null,
): Upgrade<P> | null {
  const plan = cheapestPlanFor(plans, device);
  if (!plan) return null;
  const current = plans.find((p) => p.plan === currentPlanName);
  return { plan, difference: current ? Math.max(0, plan.amount - current.amount) : null };
}
