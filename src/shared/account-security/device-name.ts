import { securityUi } from './messages.ts';

// A device as people say it, "Safari 17 on iOS 17.5": the sessions list and the admin's System Alerts.
export function deviceName(device: { browser: string; os: string }): string {
  const parts = [device.browser, device.os].filter(Boolean);
  return parts.length > 0 ? parts.join(' on ') : securityUi.unknownDevice;
}
